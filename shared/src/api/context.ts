import { createContext, createElement, useCallback, useContext, type ReactNode } from 'react';
import { createApiClient, type ApiClient } from './client';

/**
 * The API client as React context, so tests (and a standalone remote) swap it without a network.
 *
 * Why the default is a real same-origin client and why this module is not a Module Federation singleton: each bundle
 * (the shell and every remote) gets its own copy of this module, hence its own context object, so a provider in the
 * shell would not reach a remote's screens. Sharing it would add one more shared chunk to every route's first load and
 * one more module under the contract's version check, for no gain today: every app talks to the same origin. So the
 * standalone bootstraps (shared/ui/standalone-app) and component tests provide a client explicitly; in the composed
 * site every screen, and the shell's lazily loaded newsletter box, reads its bundle's same-origin default. The shell's
 * bootstrap mounts no provider: it would put this module and the client in every route's first load (+0.5 KB gz) to
 * provide what the default already is.
 */
const ApiClientContext = createContext<ApiClient>(createApiClient());

/** Provides the API client to every screen below (bootstraps; component tests pass a fake). */
export function ApiClientProvider({ client, children }: { client: ApiClient; children?: ReactNode }) {
  return createElement(ApiClientContext.Provider, { value: client }, children);
}

/** The API client of the nearest provider (or the same-origin one). Only `src/api/` modules call this. */
export function useApiClient(): ApiClient {
  return useContext(ApiClientContext);
}

/** An API operation of a remote's `src/api/`: the client first, then what the request needs. */
export type Operation<Args extends unknown[], Result> = (client: ApiClient, ...args: Args) => Promise<Result>;

/** Binds an operation to the client in context: the hook each `src/api/<operation>.ts` exports. */
export function useOperation<Args extends unknown[], Result>(operation: Operation<Args, Result>): (...args: Args) => Promise<Result> {
  const client = useApiClient();
  return useCallback((...args: Args) => operation(client, ...args), [client, operation]);
}
