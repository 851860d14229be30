import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { Provider } from 'react-redux';
import { BrowserRouter } from 'react-router';
import { createApiClient } from 'shared/api/client';
import { ApiClientProvider } from 'shared/api/context';
import { createAppStore } from 'shared/store';
import 'shared/ui/theme.css';
import './shell.css';
import { App } from './app';
import { wireSession } from './session';

const container = document.getElementById('root');
if (container) {
  const store = createAppStore();
  wireSession(store);
  createRoot(container).render(
    <StrictMode>
      <Provider store={store}>
        {/* The shell's own API calls (the footer's newsletter box) use this client; see shared/src/api/context.ts for why
            remotes' screens read their own bundle's same-origin default rather than this provider. */}
        <ApiClientProvider client={createApiClient()}>
          <BrowserRouter>
            <App />
          </BrowserRouter>
        </ApiClientProvider>
      </Provider>
    </StrictMode>,
  );
}
