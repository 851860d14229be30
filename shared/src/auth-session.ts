import { forgetPaymentTraces } from './payments/browser-storage';

/**
 * The session contract between apps. The account remote owns the identity provider and registers a provider here;
 * the shell registers a loader that fetches that remote's session module on demand, so pages of anonymous visitors
 * never download the identity SDK. A Module Federation singleton (tooling/webpack.mjs), like shared/store.
 */
export interface SessionProvider {
  /** A currently valid ID token (refreshed when needed), or null when nobody is signed in or the session expired. */
  getIdToken(): Promise<string | null>;
  /** Revokes the refresh token, forgets the tokens and the user record on this device. */
  logout(): Promise<void>;
}

let provider: SessionProvider | null = null;
let loader: (() => Promise<SessionProvider>) | null = null;
let loading: Promise<SessionProvider | null> | null = null;

/** Called by the account remote's session module once it is ready. */
export function provideSession(next: SessionProvider): void {
  provider = next;
}

/** Called by the shell at start: how to fetch the session provider when someone first needs it. */
export function setSessionLoader(next: () => Promise<SessionProvider>): void {
  loader = next;
}

/** The provider, loading it through the registered loader on first use; null when none can be had. */
export function loadSession(): Promise<SessionProvider | null> {
  if (provider) return Promise.resolve(provider);
  if (!loader) return Promise.resolve(null);
  loading ??= loader()
    .then((p) => {
      provider ??= p;
      return provider;
    })
    .catch((err: unknown) => {
      console.error('No se pudo cargar la sesión', err);
      loading = null; // let a later call try again
      return null;
    });
  return loading;
}

/** A fresh Cognito ID token for `Authorization: Bearer …`, or null for anonymous visitors and expired sessions. */
export async function getIdToken(): Promise<string | null> {
  const p = await loadSession();
  if (!p) return null;
  try {
    return await p.getIdToken();
  } catch {
    return null;
  }
}

/** Signs out on the identity provider and on this device (best effort: local data is cleared even offline). */
export async function logoutSession(): Promise<void> {
  // What a shared computer's next user must not find: the last checkout's personal data and its claim.
  forgetPaymentTraces();
  const p = await loadSession();
  await p?.logout();
}

/** Forgets provider and loader (tests). */
export function resetSessionContract(): void {
  provider = null;
  loader = null;
  loading = null;
}
