import { useCallback } from 'react';
import { getIdToken } from 'shared/auth-session';
import { selectIsAuthenticated, useAppSelector } from 'shared/store';
import type { ApiClient, ApiResult } from './client';
import { useApiClient } from './context';
import { callOperation, type AnyOperation, type InputArgs, type ResponseOf } from './operation';

/**
 * A public operation that a signed-in visitor's call makes as them (#27): the enrolment tied to the student's account
 * (spec §6). Anonymous visitors send no token, and their page never loads the session (the identity SDK): the session
 * is asked only when the store says someone is signed in; a session that ended meanwhile sends the call anonymously,
 * as a visitor's page did when it asked `getIdToken()` itself. A staff operation goes through `useOperationCall`.
 */

/** The client over `base` that attaches the visitor's current ID token when the session has one. */
export function visitorApiClient(base: ApiClient, token: () => Promise<string | null>): ApiClient {
  return {
    async request<T>(...[method, path, body, init]: Parameters<ApiClient['request']>): Promise<ApiResult<T>> {
      const current = await token();
      return base.request<T>(method, path, body, current ? { ...init, token: current } : init);
    },
    async download(path, init) {
      const current = await token();
      return base.download(path, current ? { ...init, token: current } : init);
    },
  };
}

/** A declared public operation bound to the client in context, carrying the signed-in visitor's token (none otherwise). */
export function useVisitorOperationCall<O extends AnyOperation>(op: O): (...input: InputArgs<O>) => Promise<ApiResult<ResponseOf<O>>> {
  const client = useApiClient();
  const signedIn = useAppSelector(selectIsAuthenticated);
  return useCallback(
    (...input: InputArgs<O>) => callOperation(signedIn ? visitorApiClient(client, getIdToken) : client, op, ...input),
    [client, op, signedIn],
  );
}

/** `useVisitorOperationCall` for an operation the page gets at run time (its declaration downloaded on use, #33). */
export function useVisitorOperationCaller(): <O extends AnyOperation>(op: O, ...input: InputArgs<O>) => Promise<ApiResult<ResponseOf<O>>> {
  const client = useApiClient();
  const signedIn = useAppSelector(selectIsAuthenticated);
  return useCallback(
    <O extends AnyOperation>(op: O, ...input: InputArgs<O>) =>
      callOperation(signedIn ? visitorApiClient(client, getIdToken) : client, op, ...input),
    [client, signedIn],
  );
}
