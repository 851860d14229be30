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

/**
 * A declared upload (an operation whose body is a file, #28) bound to the staff client: `upload(file)` sends the file's
 * bytes with its name; the answer is the operation's.
 */
export function useOperationUpload<O extends AnyOperation>(op: O): (file: File) => Promise<ApiResult<ResponseOf<O>>> {
  const client = useApiClient();
  const session = useContext(StaffSessionContext);
  return useCallback(
    (file: File) => staffClientOf(client, session).request<ResponseOf<O>>(op.method, op.path, file),
    [client, session, op],
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
  O extends Operation<string, z.ZodMiniType | undefined, z.ZodMiniType | undefined, z.ZodMiniType | undefined, FileAnswer>,
>(op: O): (...input: InputArgs<O>) => Promise<Blob | null> {
  const client = useApiClient();
  const session = useContext(StaffSessionContext);
  return useCallback(
    (...input: InputArgs<O>) => downloadOperation(op.roles ? staffClientOf(client, session) : client, op, ...input),
    [client, session, op],
  );
}

/** Where a signed-in call's ID token comes from: a session object (the visitor's `SessionProvider`, the panel's gate). */
export interface TokenSource {
  /** A current ID token (refreshed when needed), or null once the session ended. */
  getIdToken(): Promise<string | null>;
}

/**
 * A declared operation called as the signed-in person of `session` (#27): its current ID token on every call, through
 * the same client as the staff panel's (./staff-client), so the screen hands over the session and never a token. For
 * calls outside the panel's session: a visitor's own data (Mis Cursos) and the panel's gate asking who signed in. Once
 * the session ended nothing is sent and the call answers `sessionEnded` (`isSessionEnded`).
 */
export function useSignedInCall<O extends AnyOperation>(
  op: O,
  session: TokenSource,
): (...input: InputArgs<O>) => Promise<ApiResult<ResponseOf<O>>> {
  const client = useApiClient();
  return useCallback(
    (...input: InputArgs<O>) =>
      callOperation(
        staffApiClient(client, () => session.getIdToken()),
        op,
        ...input,
      ),
    [client, session, op],
  );
}

/** A declared file operation downloaded as the signed-in person of `session`: the Blob, or null (nothing sent once it ended). */
export function useSignedInDownload<
  O extends Operation<string, z.ZodMiniType | undefined, z.ZodMiniType | undefined, undefined, FileAnswer>,
>(op: O, session: TokenSource): (...input: InputArgs<O>) => Promise<Blob | null> {
  const client = useApiClient();
  return useCallback(
    (...input: InputArgs<O>) =>
      downloadOperation(
        staffApiClient(client, () => session.getIdToken()),
        op,
        ...input,
      ),
    [client, session, op],
  );
}
