import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { Provider } from 'react-redux';
import { BrowserRouter } from 'react-router';
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
        <BrowserRouter>
          <App />
        </BrowserRouter>
      </Provider>
    </StrictMode>,
  );
}
