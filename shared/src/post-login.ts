/** sessionStorage key of where to go after signing in (spec §4: the saved post-login location). */
export const POST_LOGIN_KEY = 'post_login_redirect';

/** Only a path of this site: never an absolute or protocol-relative URL someone slipped in. */
export function safeLocalPath(path: string | null | undefined): string | null {
  if (!path || !path.startsWith('/') || path.startsWith('//') || path.startsWith('/\\')) return null;
  return path;
}

/** Remembers where to come back after signing in; any app may ask (Mis Cursos, the payment success page). */
export function rememberReturnPath(path: string): void {
  const safe = safeLocalPath(path);
  if (!safe) return;
  try {
    sessionStorage.setItem(POST_LOGIN_KEY, safe);
  } catch {
    // blocked storage: the visitor lands on the home page instead
  }
}

/** The remembered path, then forgotten; null when none. */
export function takeReturnPath(): string | null {
  try {
    const path = sessionStorage.getItem(POST_LOGIN_KEY);
    sessionStorage.removeItem(POST_LOGIN_KEY);
    return safeLocalPath(path);
  } catch {
    return null;
  }
}
