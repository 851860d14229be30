import { useState } from 'react';
import type { SessionProvider } from 'shared/auth-session';
import { useAppStore } from 'shared/store';
import { attachSession, sessionProvider } from './session';

/**
 * The session provider bound to the site's store (registers it for other apps too, once). On the server (the gateway
 * renders the sign-in pages for an anonymous visitor) nothing is registered: the provider and the store there would
 * be process-wide, shared by every visitor's render, and no effect runs to use them.
 */
export function useAccountSession(): SessionProvider {
  const store = useAppStore();
  const [provider] = useState(() => (typeof window === 'undefined' ? sessionProvider : attachSession(store)));
  return provider;
}
