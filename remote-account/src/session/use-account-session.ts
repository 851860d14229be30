import { useState } from 'react';
import type { SessionProvider } from 'shared/auth-session';
import { useAppStore } from 'shared/store';
import { attachSession } from './session';

/** The session provider bound to the site's store (registers it for other apps too, once). */
export function useAccountSession(): SessionProvider {
  const store = useAppStore();
  const [provider] = useState(() => attachSession(store));
  return provider;
}
