import type { ApiClient, ApiResult } from './client';

/**
 * The staff panel's client (#27): every call carries the member's current ID token, which the session refreshes when
 * needed (`StaffSession.getIdToken`, the same call screens made before each request), so no screen or operation
 * handles a token. When the session has ended (no token) the request never leaves: the call answers `sessionEnded`,
 * and the screen says what it said before in that case (`isSessionEnded`).
 */
export function staffApiClient(base: ApiClient, getIdToken: () => Promise<string | null>): ApiClient {
  return {
    async request<T>(...[method, path, body, init]: Parameters<ApiClient['request']>): Promise<ApiResult<T>> {
      const token = await getIdToken();
      if (!token) return sessionEnded;
      return base.request<T>(method, path, body, { ...init, token });
    },
    async download(path, init) {
      const token = await getIdToken();
      return token ? base.download(path, { ...init, token }) : null;
    },
  };
}

/** The answer of a staff call made after the session ended (no request was sent). */
export const sessionEnded: ApiResult<never> = { kind: 'error', status: 401, error: 'session_ended', message: '' };

/** True for the answer of a call made after the session ended (a screen's "sign in again" line, not the server's). */
export const isSessionEnded = (result: ApiResult<unknown>): boolean => result.kind === 'error' && result.error === 'session_ended';
