import { rememberReturnPath, safeLocalPath, takeReturnPath } from 'shared/post-login';
import type { AppDispatch, AppStore } from 'shared/store';
import { injectedAccountUi, postLoginRedirectCleared, postLoginRedirectSaved } from '../state/account-ui-slice';

/**
 * Remembers where to come back after signing in (spec §4: the saved post-login location): in the store, and in
 * sessionStorage so a reload between asking and signing in (registering first, say) keeps it.
 */
export function rememberPostLogin(dispatch: AppDispatch, path: string) {
  const safe = safeLocalPath(path);
  if (!safe) return;
  dispatch(postLoginRedirectSaved(safe));
  rememberReturnPath(safe);
}

/** The saved post-login location, then cleared; '/' when none was saved. */
export function takePostLogin(store: AppStore): string {
  const fromState = safeLocalPath(injectedAccountUi.selectors.selectPostLoginRedirect(store.getState()));
  const fromStorage = takeReturnPath();
  store.dispatch(postLoginRedirectCleared());
  return fromState ?? fromStorage ?? '/';
}
