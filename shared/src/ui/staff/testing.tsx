import type { ReactElement } from 'react';
import { render } from '@testing-library/react';
import axe from 'axe-core';
import type { ApiClient } from 'shared/api/client';
// eslint-disable-next-line no-restricted-syntax -- test support for *.test.tsx (which the rule exempts): it provides the fake client.
import { ApiClientProvider } from 'shared/api/context';
import { fakeOf, type FakeCall, type FakeScript } from 'shared/api/fake-client';
import { StaffSessionContext, type StaffSession } from 'shared/staff-session';

/** Test support for the staff screens' component tests: a signed-in staff member, a fake API, and axe. */

/** Ana, signed in to the panel (not an administrator), whose token the fake API sees on each call. */
export const staffSession: StaffSession = {
  email: 'ana@fundacion.org',
  name: null,
  roles: ['atencion', 'comunidad', 'cursos', 'finanzas', 'datos'],
  admin: false,
  getIdToken: async () => 'token-de-ana',
  signOut: async () => undefined,
};

/**
 * Renders a screen as Ana with a fake API answering `answers` (`'METHOD /path'` to one answer, or one per call; or
 * declared operations, `[on(op, ok(…))]`); `client` may wrap the fake (to hold an answer back, say), `session`
 * replaces Ana's (one that has ended, say). Gives the calls made and the rendered view.
 */
export function renderAsStaff(
  screen: ReactElement,
  answers: FakeScript,
  client?: (fake: ApiClient, calls: FakeCall[]) => ApiClient,
  session: StaffSession = staffSession,
) {
  const fake = fakeOf(answers);
  const view = render(
    <StaffSessionContext.Provider value={session}>
      <ApiClientProvider client={client ? client(fake.client, fake.calls) : fake.client}>{screen}</ApiClientProvider>
    </StaffSessionContext.Provider>,
  );
  return { ...fake, ...view };
}

/** The axe rules a screen breaks (colour contrast left out: jsdom does not lay out or paint). */
export async function axeViolations(container: Element): Promise<string[]> {
  // axe probes a canvas for icon fonts; jsdom has none (and reports it on the console).
  HTMLCanvasElement.prototype.getContext = (() => null) as typeof HTMLCanvasElement.prototype.getContext;
  const result = await axe.run(container, { rules: { 'color-contrast': { enabled: false } } });
  return result.violations.map((v) => v.id);
}

/**
 * Words run together in a list (#32's audit: "…de 2026Vence en…"): a year or a time glued to a word or a deadline's
 * icon, or a word glued to a capitalised one ("ampliado)Vence", "hábilesEn trámite"). Checks each cell (or list item)
 * of `root` alone: a table row's textContent joins its cells with nothing, which is not what anyone sees or hears.
 */
export const RUN_IN_WORDS = /(?:\b(?:19|20)\d{2}|\d{1,2}:\d{2})(?=[\p{L}⚠⏰])|[\p{Ll})](?=[\p{Lu}⚠⏰])/u;

/** The cells and list items of `root` whose text runs words together (empty when none does). */
export function runInTexts(root: Element): string[] {
  return [...root.querySelectorAll('td, th[scope="row"], li')].map((el) => el.textContent ?? '').filter((text) => RUN_IN_WORDS.test(text));
}
