import type { TokenSource } from 'shared/api/use-operation';

/** The e-mail inside an ID token (for the "not staff" message), without verifying it: the server does that. */
export function emailOfToken(idToken: string): string | null {
  try {
    const payload = idToken.split('.')[1] ?? '';
    const json = JSON.parse(atob(payload.replace(/-/g, '+').replace(/_/g, '/'))) as { email?: unknown };
    return typeof json.email === 'string' ? json.email : null;
  } catch {
    return null;
  }
}

/**
 * What the gate's "who am I" is asked with: the token the gate has just read from the identity client and checked,
 * held here before the call (the staff session, which brings the token to every other call, is what the answer
 * opens). The declared call takes it from here (`useSignedInCall`), so the gate never passes a token to the API.
 */
export function heldToken(): TokenSource & { current: string | null } {
  const held = { current: null as string | null, getIdToken: async () => held.current };
  return held;
}
