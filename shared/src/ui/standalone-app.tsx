import { StrictMode, Suspense } from 'react';
import { createRoot } from 'react-dom/client';
import { Provider } from 'react-redux';
import { createApiClient } from '../api/client';
import { ApiClientProvider } from '../api/context';
import { createAppStore } from 'shared/store';
import type { RouteEntry } from '../routes';
import { StandaloneRoutes, type ScreenModule } from './standalone-routes';
import './theme.css';

/**
 * Runs one remote alone for development (`npm run dev -w remote-…`): its own routes (its manifest's) with the shared contract, no shell.
 * The API client is injected here as the shell's bootstrap does (STYLE.md), so a development setup may point it elsewhere.
 */
export function startStandalone(routes: readonly RouteEntry[], load: (file: string) => Promise<ScreenModule>) {
  const container = document.getElementById('root') ?? document.body.appendChild(document.createElement('div'));
  createRoot(container).render(
    <StrictMode>
      <Provider store={createAppStore()}>
        <ApiClientProvider client={createApiClient()}>
          <Suspense fallback={<p>Cargando…</p>}>
            <StandaloneRoutes routes={routes} load={load} />
          </Suspense>
        </ApiClientProvider>
      </Provider>
    </StrictMode>,
  );
}
