/**
 * @jest-environment jsdom
 */
import { afterEach, describe, expect, it } from '@jest/globals';
import { act, type ReactElement } from 'react';
import { Provider } from 'react-redux';
import { ApiClientProvider } from 'shared/api/context';
import type { ApiClient } from 'shared/api/client';
import { fakeApiClient, ok, on } from 'shared/api/fake-client';
import { noteAddress } from 'shared/navigation';
import { createAppStore } from 'shared/store';
import { leaveServedPage, renderInBrowser, serveAndHydrate as serve } from 'shared/ui/served-page-harness';
import { pqrsfOperations } from './operations';
import PqrsfPage from './pqrsf-page';

const RADICADO = '4815162342000001';

/** The API the page talks to: filing answers a radicado; `calls` records what was sent. */
function fakeApi() {
  return fakeApiClient({}, [
    on(
      pqrsfOperations.file,
      ok(
        {
          success: true as const,
          id: RADICADO,
          status: 'Radicada',
          createdAt: '2026-03-02T15:00:00.000Z',
          dueDate: '2026-03-24',
          termDays: 15,
        },
        201,
      ),
    ),
  ]);
}

function page(api: { client: ApiClient } = fakeApi()): ReactElement {
  return (
    <Provider store={createAppStore()}>
      <ApiClientProvider client={api.client}>
        <PqrsfPage />
      </ApiClientProvider>
    </Provider>
  );
}

afterEach(leaveServedPage);

const part = (name: string) => document.querySelector(`[data-static="${name}"]`);
const field = <E extends Element>(name: string) => document.querySelector<E>(`main [name="${name}"], form [name="${name}"]`)!;
const submitButton = () => document.querySelector<HTMLButtonElement>('form button[type="submit"]')!;
const errorSummary = () => document.querySelector('.error-summary');

/** Types into a field as the browser does: the value changes in the document, then `input` and `change` fire. */
function type(el: HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement, value: string, events = true) {
  const proto = Object.getPrototypeOf(el) as object;
  Object.getOwnPropertyDescriptor(proto, 'value')?.set?.call(el, value);
  if (!events) return;
  el.dispatchEvent(new Event('input', { bubbles: true }));
  el.dispatchEvent(new Event('change', { bubbles: true }));
}

/** The server's markup of the page, hydrated as the browser does on a served /pqrsf. */
const serveAndHydrate = (errors: unknown[], api = fakeApi(), beforeHydrating?: () => void) =>
  serve(() => page(api), '/pqrsf', errors, beforeHydrating);

describe('/pqrsf on the served page (#33)', () => {
  it('adopts the served intro and help as they are, without rendering them again', async () => {
    const errors: unknown[] = [];
    await serveAndHydrate(errors, fakeApi(), () => {
      // Markers React would overwrite if it rendered the parts' components.
      const intro = part('pqrsf-intro')?.querySelector('p');
      if (intro) intro.textContent = 'introducción tal como se sirvió';
      const help = part('pqrsf-ayuda')?.querySelector('summary');
      if (help) help.textContent = 'ayuda tal como se sirvió';
    });
    expect(errors).toEqual([]);
    expect(part('pqrsf-intro')?.textContent).toBe('introducción tal como se sirvió');
    expect(part('pqrsf-ayuda')?.querySelector('summary')?.textContent).toBe('ayuda tal como se sirvió');
    expect(submitButton()).not.toBeNull();
  });

  it('keeps the form as served until the visitor shows intent (no idle callback here)', async () => {
    const errors: unknown[] = [];
    await serveAndHydrate(errors);
    // A submit the island cannot take yet (nothing released it): React leaves it, the form does not validate.
    await act(async () => void field<HTMLFormElement>('email').form?.requestSubmit());
    expect(errorSummary()).toBeNull();
    expect(errors).toEqual([]);
  });

  it.each([
    ['a pointer over it, then a click', ['pointerover']],
    ['a bare click (an assistive technology)', []],
  ])('hydrates the form on the first sign of intent in it (%s), and the press counts', async (_, before) => {
    const errors: unknown[] = [];
    await serveAndHydrate(errors);
    const button = submitButton();
    for (const t of before) await act(async () => void button.dispatchEvent(new Event(t, { bubbles: true })));
    expect(errorSummary()).toBeNull();
    await act(async () => button.click());
    expect(errors).toEqual([]);
    // The press reached the live form: it validated the empty fields and listed what is missing.
    expect(errorSummary()?.textContent).toContain('Selecciona tu tipo de vínculo');
  });

  it('keeps what was typed and chosen after the first focus, before the form hydrated, and sends it', async () => {
    const errors: unknown[] = [];
    const api = fakeApi();
    await serveAndHydrate(errors, api);
    const name = field<HTMLInputElement>('name');
    // The focus releases the island; the keys that follow reach the document before React hydrates it.
    act(() => {
      name.dispatchEvent(new FocusEvent('focusin', { bubbles: true }));
      type(name, 'Ana', false);
      type(field<HTMLSelectElement>('request_type'), 'Queja', false);
    });
    await act(async () => undefined);
    expect(name.value).toBe('Ana');
    expect(field<HTMLSelectElement>('request_type').value).toBe('Queja');
    await act(async () => {
      type(field<HTMLSelectElement>('rol_type'), 'Usuario');
      type(field<HTMLInputElement>('lastname'), 'Martínez');
      type(field<HTMLSelectElement>('id_type'), 'Cédula de ciudadanía');
      type(field<HTMLInputElement>('id_number'), '1020304050');
      type(field<HTMLInputElement>('phone_number'), '3151112233');
      type(field<HTMLInputElement>('email'), 'ana@example.com');
      type(field<HTMLTextAreaElement>('reviews'), 'Necesito un certificado.');
    });
    await act(async () => submitButton().click());
    expect(errors).toEqual([]);
    expect(errorSummary()).toBeNull();
    expect(api.calls).toHaveLength(1);
    expect(api.calls[0]?.body).toMatchObject({ name: 'Ana', lastname: 'Martínez', request_type: 'Queja', rol_type: 'Usuario' });
    expect(document.querySelector('[data-testid="radicado"]')?.textContent).toBe(RADICADO);
  });

  it('renders everything from its components after a client navigation', async () => {
    noteAddress('/otra-pagina');
    const container = await renderInBrowser(page());
    expect(part('pqrsf-intro')?.querySelector('p')?.textContent).toBeTruthy();
    expect(part('pqrsf-ayuda')?.querySelector('details')).not.toBeNull();
    expect(container.querySelector('form')).not.toBeNull();
    await act(async () => submitButton().click());
    expect(errorSummary()?.textContent).toContain('Selecciona tu tipo de vínculo');
  });
});
