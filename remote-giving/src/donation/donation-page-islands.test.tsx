/**
 * @jest-environment jsdom
 */
import { afterEach, beforeAll, describe, expect, it } from '@jest/globals';
import { act, type ReactElement } from 'react';
import { Provider } from 'react-redux';
import { ApiClientProvider } from 'shared/api/context';
import { fakeApiClient, networkDown } from 'shared/api/fake-client';
import { noteAddress } from 'shared/navigation';
import { createAppStore } from 'shared/store';
import { leaveServedPage, renderInBrowser, serveAndHydrate as serve } from 'shared/ui/served-page-harness';
import DonationPage from './donation-page';

function page(): ReactElement {
  const fake = fakeApiClient({ 'GET /api/giving/donation-bounds': networkDown, 'GET /api/giving/campaign': networkDown });
  return (
    <Provider store={createAppStore()}>
      <ApiClientProvider client={fake.client}>
        <DonationPage />
      </ApiClientProvider>
    </Provider>
  );
}

afterEach(leaveServedPage);

const intro = () => document.querySelector('[data-static="contribuciones-intro"]');
const summary = () => document.querySelector('.amount-summary')?.textContent;

/** The server's markup of the page, hydrated as the browser does on a served /contribuciones. */
const serveAndHydrate = (errors: unknown[], beforeHydrating?: () => void) => serve(page, '/contribuciones', errors, beforeHydrating);

describe('/contribuciones on the served page (#33)', () => {
  beforeAll(() => {
    // MercadoPago.js is optional (spec §4): its configuration is unreachable here.
    globalThis.fetch = (() => Promise.reject(new Error('sin red en las pruebas'))) as typeof fetch;
  });

  it('adopts the served intro as it is, without rendering it again', async () => {
    const errors: unknown[] = [];
    await serveAndHydrate(errors, () => {
      // A marker React would overwrite if it rendered the intro's components.
      const p = intro()?.querySelector('p');
      if (p) p.textContent = 'marcado tal como se sirvió';
    });
    expect(errors).toEqual([]);
    expect(intro()?.textContent).toBe('marcado tal como se sirvió');
  });

  it.each([
    ['a pointer over it, then a click', ['pointerover'], 'first'],
    ['a bare click (an assistive technology)', [], 'first'],
    // Registering the radios one by one would uncheck any choice but the first one's (#33, found on /voluntarios' twin).
    ['a bare click on the last amount', [], 'last'],
  ])('hydrates the form on the first sign of intent in it (%s), and the press counts', async (_, before, which) => {
    const errors: unknown[] = [];
    await serveAndHydrate(errors);
    const shown = summary();
    const presets = document.querySelectorAll<HTMLInputElement>('.amount-preset input');
    const preset = which === 'first' ? presets[0] : presets[presets.length - 1];
    expect(preset).not.toBeNull();
    for (const type of before) await act(async () => void preset?.dispatchEvent(new Event(type, { bubbles: true })));
    await act(async () => {
      preset?.click();
    });
    expect(errors).toEqual([]);
    expect(preset?.checked).toBe(true);
    // The live form's summary follows the chosen amount: the press reached the hydrated form.
    expect(summary()).not.toBe(shown);
  });

  it('renders the intro from its components after a client navigation', async () => {
    noteAddress('/otra-pagina');
    const container = await renderInBrowser(page());
    expect(intro()?.querySelector('p')?.textContent).toBeTruthy();
    expect(intro()?.textContent).not.toBe('marcado tal como se sirvió');
    expect(container.querySelector('form')).not.toBeNull();
  });
});
