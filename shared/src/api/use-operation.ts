import { useCallback, useContext } from 'react';
import type { z } from 'shared/schemas/zod';
import { StaffSessionContext, type StaffSession } from 'shared/staff-session';
import type { ApiClient, ApiResult } from './client';
import { useApiClient } from './context';
import {
  callOperation,
  downloadOperation,
  type AnyOperation,
  type FileAnswer,
  type InputArgs,
  type Operation,
  type ResponseOf,
} from './operation';
import { staffApiClient } from './staff-client';

/**
 * The hooks a screen calls a declared operation with (#27). They never hand out the client, and the path is the
 * declaration's: so screens may import them (eslint's `apiOnlyInSrcApi` keeps the client and paths in src/api/).
 */

/**
 * The staff panel's client over the one in context: the signed-in member's current ID token on every call
 * (./staff-client). Outside the panel a staff operation is a bug, not a state: it throws.
 */
const staffClientOf = (client: ApiClient, session: StaffSession | null): ApiClient => {
  if (!session) throw new Error('Operación del equipo fuera del panel /equipo (sin StaffSessionContext)');
  return staffApiClient(client, () => session.getIdToken());
};

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

/**
 * A declared file operation (`fileAnswer`) bound to the client in context: `download(input)` answers the Blob, or null
 * (gone, offline, or the session ended: nothing was sent). A staff operation's token is the staff client's.
 */
export function useOperationDownload<
  O extends Operation<string, z.ZodMiniType | undefined, z.ZodMiniType | undefined, undefined, FileAnswer>,
>(op: O): (...input: InputArgs<O>) => Promise<Blob | null> {
  const client = useApiClient();
  const session = useContext(StaffSessionContext);
  return useCallback(
    (...input: InputArgs<O>) => downloadOperation(op.roles ? staffClientOf(client, session) : client, op, ...input),
    [client, session, op],
  );
}
