import { useCallback, useContext } from 'react';
import { StaffSessionContext } from 'shared/staff-session';
import type { ApiResult } from './client';
import { staffClientOf, useApiClient } from './context';
import { callOperation, type AnyOperation, type InputArgs, type ResponseOf } from './operation';

/**
 * The hooks a screen calls a declared operation with (#27). They never hand out the client, and the path is the
 * declaration's: so screens may import them (eslint's `apiOnlyInSrcApi` keeps the client and paths in src/api/).
 */

/**
 * Calls any declared operation: a staff one (declared with `roles`) through the authenticated client, a public one
 * through the plain client. For kits handed an operation at run time; a screen uses `useOperationCall(op)`.
 */
export function useOperationCaller(): <O extends AnyOperation>(op: O, ...input: InputArgs<O>) => Promise<ApiResult<ResponseOf<O>>> {
  const client = useApiClient();
  const session = useContext(StaffSessionContext);
  return useCallback(
    <O extends AnyOperation>(op: O, ...input: InputArgs<O>) =>
      callOperation(op.roles ? staffClientOf(client, session) : client, op, ...input),
    [client, session],
  );
}

/** A declared operation bound to the client in context (the authenticated one for a staff operation). */
export function useOperationCall<O extends AnyOperation>(op: O): (...input: InputArgs<O>) => Promise<ApiResult<ResponseOf<O>>> {
  const call = useOperationCaller();
  return useCallback((...input: InputArgs<O>) => call(op, ...input), [call, op]);
}
