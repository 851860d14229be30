/**
 * @jest-environment jsdom
 */
import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { act, type ReactElement } from 'react';
import { Provider } from 'react-redux';
import type { SessionProvider } from 'shared/auth-session';
import { NavigationContext, noteAddress, type Navigation } from 'shared/navigation';
import { createAppStore } from 'shared/store';
import { leaveServedPage, renderInBrowser, serveAndHydrate as serve } from 'shared/ui/served-page-harness';

const login = jest.fn(async (_email: string, _password: string) => ({ success: false as const, error: 'Correo o contraseña incorrectos' }));
jest.unstable_mockModule('../identity/client', () => ({
  login,
  prefetchIdentity: () => undefined,
  currentSession: async () => ({ status: 'none' }),
  currentUser: async () => null,
  logout: async () => undefined,
  completeNewPassword: async () => ({ success: false, error: 'no' }),
  forgotPassword: async () => ({ success: false, error: 'no' }),
  confirmForgotPassword: async () => ({ success: false, error: 'no' }),
}));
const provider = {} as SessionProvider;
jest.unstable_mockModule('./use-account-session', () => ({ useAccountSession: () => provider }));
const { default: LoginPage } = await import('./login-page');

/** The address as the shell's router gives it, the same to the server's render and the browser's. */
function page(search = ''): ReactElement {
  const navigation: Navigation = { pathname: '/login', search, hash: '', navigate: () => undefined };
  return (
    <Provider store={createAppStore()}>
      <NavigationContext value={navigation}>
        <LoginPage />
      </NavigationContext>
    </Provider>
  );
}

beforeEach(() => {
  login.mockClear();
});
afterEach(leaveServedPage);

const staticPart = (name: string) => document.querySelector(`[data-static="${name}"]`);
const emailInput = () => document.querySelector<HTMLInputElement>('input[autocomplete="username"]');
const passwordInput = () => document.querySelector<HTMLInputElement>('input[autocomplete="current-password"]');
const submitButton = () => document.querySelector<HTMLButtonElement>('.auth-card button[type="submit"]');

/** The server's markup of the page, hydrated as the browser does on a served /login. */
async function serveAndHydrate(errors: unknown[], search = '', beforeHydrating?: () => void) {
  return (await serve(() => page(search), `/login${search}`, errors, beforeHydrating)).container;
}

/** Types `text` into `input` as a browser does: a key, the new value, its input event. */
async function type(input: HTMLInputElement, text: string) {
  await act(async () => {
    input.dispatchEvent(new KeyboardEvent('keydown', { key: text.slice(-1), bubbles: true }));
    // The element's own setter, as the browser's typing does: React's tracker then sees the change.
    Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set?.call(input, text);
    input.dispatchEvent(new Event('input', { bubbles: true }));
  });
}

async function submit() {
  await act(async () => {
    submitButton()?.click();
    await new Promise((resolve) => setTimeout(resolve, 0));
  });
}

describe('/login on the served page (#33)', () => {
  it('adopts the served intro and aside as they are, without rendering them again', async () => {
    const errors: unknown[] = [];
    await serveAndHydrate(errors, '', () => {
      // Markers React would overwrite if it rendered these parts' components.
      const intro = staticPart('login-intro')?.querySelector('p');
      const title = staticPart('login-aside')?.querySelector('h2');
      if (intro) intro.textContent = 'introducción tal como se sirvió';
      if (title) title.textContent = 'aparte tal como se sirvió';
    });
    expect(errors).toEqual([]);
    expect(staticPart('login-intro')?.textContent).toBe('introducción tal como se sirvió');
    expect(staticPart('login-aside')?.textContent).toContain('aparte tal como se sirvió');
  });

  it.each([
    ['a pointer over it, then a click', ['pointerover']],
    ['a bare click (an assistive technology)', []],
  ])('hydrates the form on the first press in it (%s), and the press counts', async (_, before) => {
    const errors: unknown[] = [];
    await serveAndHydrate(errors);
    const toggle = document.querySelector<HTMLButtonElement>('.password-toggle');
    expect(toggle?.getAttribute('aria-pressed')).toBe('false');
    for (const type of before) await act(async () => void toggle?.dispatchEvent(new Event(type, { bubbles: true })));
    await act(async () => {
      toggle?.click();
    });
    expect(errors).toEqual([]);
    // The live form's toggle handled that very click.
    expect(toggle?.getAttribute('aria-pressed')).toBe('true');
    expect(passwordInput()?.type).toBe('text');
  });

  it('counts the keys typed after focusing a field: the sign-in gets what was typed', async () => {
    const errors: unknown[] = [];
    await serveAndHydrate(errors);
    const email = emailInput();
    const password = passwordInput();
    if (!email || !password) throw new Error('sin campos');
    await act(async () => email.focus());
    await type(email, 'ana@example.com');
    await act(async () => password.focus());
    await type(password, 'Secreta123');
    await submit();
    expect(errors).toEqual([]);
    expect(login).toHaveBeenCalledWith('ana@example.com', 'Secreta123');
  });

  it('keeps what was typed or autofilled before the form hydrated', async () => {
    const errors: unknown[] = [];
    await serveAndHydrate(errors);
    const email = emailInput();
    const password = passwordInput();
    if (!email || !password) throw new Error('sin campos');
    // The browser filled the fields (or the visitor typed) while the island was still waiting: no event reached React.
    email.value = 'ana@example.com';
    password.value = 'Secreta123';
    await act(async () => password.focus());
    expect(email.value).toBe('ana@example.com');
    expect(password.value).toBe('Secreta123');
    await submit();
    expect(errors).toEqual([]);
    expect(login).toHaveBeenCalledWith('ana@example.com', 'Secreta123');
  });

  it('serves the address `?email=` brought, and keeps it after hydration', async () => {
    const errors: unknown[] = [];
    const container = await serveAndHydrate(errors, '?email=ana%40example.com');
    expect(container.innerHTML).toContain('value="ana@example.com"');
    const password = passwordInput();
    if (!password) throw new Error('sin campo');
    await act(async () => password.focus());
    await type(password, 'Secreta123');
    await submit();
    expect(errors).toEqual([]);
    expect(emailInput()?.value).toBe('ana@example.com');
    expect(login).toHaveBeenCalledWith('ana@example.com', 'Secreta123');
  });

  it('renders everything from its components after a client navigation', async () => {
    noteAddress('/otra-pagina');
    const container = await renderInBrowser(page('?email=ana%40example.com'));
    expect(staticPart('login-intro')?.querySelector('p')?.textContent).toBeTruthy();
    expect(staticPart('login-aside')?.querySelector('h2')?.textContent).toBe('Con tu cuenta puedes');
    expect(container.querySelector('form')).not.toBeNull();
    expect(emailInput()?.value).toBe('ana@example.com');
    const password = passwordInput();
    if (!password) throw new Error('sin campo');
    await type(password, 'Secreta123');
    await submit();
    expect(login).toHaveBeenCalledWith('ana@example.com', 'Secreta123');
  });
});
