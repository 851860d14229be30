import { StrictMode, Suspense } from 'react';
import { createRoot } from 'react-dom/client';
import { Provider } from 'react-redux';
import { createApiClient } from 'shared/api/client';
import { ApiClientProvider } from 'shared/api/context';
import { StandaloneRoutes } from 'shared/ui/standalone-routes';
import { createAppStore } from 'shared/store';
import 'shared/ui/theme.css';

/** Runs this remote alone for development: its own routes with the shared contract, no shell. */
const container = document.getElementById('root') ?? document.body.appendChild(document.createElement('div'));
createRoot(container).render(
  <StrictMode>
    <Provider store={createAppStore()}>
      {/* The API client is injected (STYLE.md): a development setup may point it elsewhere; tests pass a fake. */}
      <ApiClientProvider client={createApiClient()}>
        <Suspense fallback={<p>Cargando…</p>}>
          <StandaloneRoutes owner="giving" load={(file) => import(`./screens/${file}.tsx`)} />
        </Suspense>
      </ApiClientProvider>
    </Provider>
  </StrictMode>,
);
