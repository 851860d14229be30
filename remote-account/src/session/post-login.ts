import type { AppDispatch, AppStore } from 'shared/store';
import { injectedAccountUi, postLoginRedirectCleared, postLoginRedirectSaved } from '../state/account-ui-slice';

/** Kept in sessionStorage too, so a page reload between asking and signing in (e.g. registering first) keeps it. */
const STORAGE_KEY = 'post_login_redirect';

/** Only a path of this site: never an absolute or protocol-relative URL someone slipped in. */
export function safeLocalPath(path: string | null | undefined): string | null {
  if (!path || !path.startsWith('/') || path.startsWith('//') || path.startsWith('/\\')) return null;
  return path;
}

/** Remembers where to come back after signing in (spec §4: the saved post-login location). */
export function rememberPostLogin(dispatch: AppDispatch, path: string) {
  const safe = safeLocalPath(path);
  if (!safe) return;
  dispatch(postLoginRedirectSaved(safe));
  try {
    sessionStorage.setItem(STORAGE_KEY, safe);
  } catch {
    // the in-memory value is enough within this page
  }
}

/** The saved post-login location, then cleared; '/' when none was saved. */
export function takePostLogin(store: AppStore): string {
  const fromState = injectedAccountUi.selectors.selectPostLoginRedirect(store.getState());
  let fromStorage: string | null = null;
  try {
    fromStorage = sessionStorage.getItem(STORAGE_KEY);
    sessionStorage.removeItem(STORAGE_KEY);
  } catch {
    // blocked storage: only the in-memory value
  }
  store.dispatch(postLoginRedirectCleared());
  return safeLocalPath(fromState) ?? safeLocalPath(fromStorage) ?? '/';
}
