// The shell's server build (tooling/webpack.mjs): the gateway renders a public page's HTML with the same tree the
// browser hydrates (bootstrap.tsx), as an anonymous visitor with no stored preferences.
import { StrictMode, type ReactElement } from 'react';
import { Provider } from 'react-redux';
import { StaticRouter } from 'react-router';
import * as authSession from 'shared/auth-session';
import * as navigation from 'shared/navigation';
import * as staffSession from 'shared/staff-session';
import * as store from 'shared/store';
import { App } from './app';
import { LEFT_TO_BROWSER_DIGEST, ServerScreensContext, type ServerScreenLookup } from './routing/server-screens';

/** The shell's instances of the shared contract, which the gateway hands to every remote's server build. */
export const provided: Record<string, unknown> = {
  'shared/store': store,
  'shared/navigation': navigation,
  'shared/auth-session': authSession,
  'shared/staff-session': staffSession,
};

export { LEFT_TO_BROWSER_DIGEST };

/** The page at `url` (path and query) as an anonymous visitor sees it; remote screens come from `screens`. */
export function page(url: string, screens: ServerScreenLookup): ReactElement {
  return (
    <StrictMode>
      <Provider store={store.createAppStore()}>
        <StaticRouter location={url}>
          <ServerScreensContext.Provider value={screens}>
            <App />
          </ServerScreensContext.Provider>
        </StaticRouter>
      </Provider>
    </StrictMode>
  );
}
