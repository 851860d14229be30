/**
 * @jest-environment jsdom
 */
import { describe, expect, it } from '@jest/globals';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { apiError, ok } from 'shared/api/fake-client';
import type { NewsletterOverview } from 'shared/schemas/newsletter';
import { axeViolations, renderAsStaff, staffSession } from 'shared/ui/staff/testing';
import StaffNewsletter, { newsletterScreenTexts as t } from './staff-newsletter';

const OVERVIEW = 'GET /api/community/staff/newsletter';
const TEST = 'POST /api/community/staff/newsletter/test';
const SEND = 'POST /api/community/staff/newsletter/sends';

const overview = (over: Partial<NewsletterOverview> = {}): NewsletterOverview => ({
  confirmed: 12,
  pending: 3,
  unsubscribed: 2,
  sends: [
    {
      id: 1,
      subject: 'Novedades de octubre',
      sentBy: 'ana@fundacion.org',
      recipients: 10,
      queued: 10,
      createdAt: '2026-10-05T15:00:00.000Z',
      finishedAt: '2026-10-05T15:00:02.000Z',
    },
  ],
  ...over,
});

async function compose(subject: string, body: string) {
  await userEvent.type(screen.getByLabelText('Asunto'), subject);
  await userEvent.type(screen.getByLabelText('Texto del boletín'), body);
}

describe('StaffNewsletter (#15)', () => {
  it('shows how many confirmed subscribers it goes to, a live preview with paragraphs, and the past sends', async () => {
    const { container } = renderAsStaff(<StaffNewsletter />, { [OVERVIEW]: ok(overview()) });
    expect(await screen.findByText(t.counts(overview()))).toBeTruthy();
    await compose('Novedades', 'Primer párrafo{enter}sigue.{enter}{enter}Segundo párrafo.');
    const preview = screen.getByRole('article', { name: t.preview });
    expect(
      within(preview)
        .getAllByRole('paragraph')
        .map((p) => p.textContent),
    ).toEqual(['Novedades', 'Primer párrafo sigue.', 'Segundo párrafo.', 'Darme de baja del boletín']);
    const history = screen.getByRole('table');
    expect(within(history).getByText('Novedades de octubre')).toBeTruthy();
    expect(within(history).getByText('10 de 10')).toBeTruthy();
    expect(await axeViolations(container)).toEqual([]);
  });

  it('says what is missing before calling the server', async () => {
    const { calls } = renderAsStaff(<StaffNewsletter />, { [OVERVIEW]: ok(overview()) });
    await screen.findByText(t.counts(overview()));
    await userEvent.click(screen.getByRole('button', { name: t.send }));
    const subject = screen.getByLabelText('Asunto');
    expect(subject.getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(subject);
    expect(screen.getByText('Escribe el asunto del boletín.')).toBeTruthy();
    expect(calls.map((c) => c.path)).toEqual(['/api/community/staff/newsletter']);
  });

  it('sends a test to the member and says so', async () => {
    const { calls } = renderAsStaff(<StaffNewsletter />, {
      [OVERVIEW]: ok(overview()),
      [TEST]: ok({ success: true, to: 'ana@fundacion.org' }),
    });
    await screen.findByText(t.counts(overview()));
    await compose('Prueba', 'Hola');
    await userEvent.click(screen.getByRole('button', { name: t.test }));
    expect((await screen.findByRole('status')).textContent).toBe(t.tested('ana@fundacion.org'));
    expect(calls.at(-1)).toMatchObject({
      path: '/api/community/staff/newsletter/test',
      body: { subject: 'Prueba', body: 'Hola' },
      token: 'token-de-ana',
    });
  });

  it('sends only after the confirm dialog (which names the count), then shows the result and the new history', async () => {
    const sent = {
      id: 2,
      subject: 'Noviembre',
      sentBy: 'ana@fundacion.org',
      recipients: 12,
      queued: 12,
      createdAt: '2026-11-05T15:00:00.000Z',
      finishedAt: '2026-11-05T15:00:03.000Z',
    };
    const { calls, container } = renderAsStaff(<StaffNewsletter />, {
      [OVERVIEW]: [ok(overview()), ok(overview({ sends: [sent, ...overview().sends] }))],
      [SEND]: ok({ success: true, send: sent }),
    });
    await screen.findByText(t.counts(overview()));
    await compose('Noviembre', 'Texto');
    const open = screen.getByRole('button', { name: t.send });
    await userEvent.click(open);
    const dialog = screen.getByRole('dialog', { name: t.confirmTitle });
    expect(dialog.textContent).toContain(t.confirmText(12, 'Noviembre'));
    expect(await axeViolations(container)).toEqual([]);
    await userEvent.click(within(dialog).getByRole('button', { name: t.cancel }));
    expect(calls.filter((c) => c.path.endsWith('/sends'))).toEqual([]);
    expect(document.activeElement).toBe(open);

    await userEvent.click(open);
    await userEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: t.confirm }));
    expect((await screen.findByRole('status')).textContent).toBe(t.sent(12));
    await waitFor(() => expect(within(screen.getByRole('table')).getByText('Noviembre')).toBeTruthy());
    expect(calls.filter((c) => c.path.endsWith('/sends')).map((c) => c.body)).toEqual([{ subject: 'Noviembre', body: 'Texto' }]);
    expect((screen.getByLabelText('Asunto') as HTMLInputElement).value).toBe('');
  });

  it("keeps the dialog open with the server's message when the send fails", async () => {
    renderAsStaff(<StaffNewsletter />, {
      [OVERVIEW]: ok(overview()),
      [SEND]: apiError(409, 'no_recipients', 'No hay suscriptores confirmados a quienes enviar el boletín.'),
    });
    await screen.findByText(t.counts(overview()));
    await compose('Noviembre', 'Texto');
    await userEvent.click(screen.getByRole('button', { name: t.send }));
    await userEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: t.confirm }));
    expect(
      await within(screen.getByRole('dialog')).findByText('No hay suscriptores confirmados a quienes enviar el boletín.'),
    ).toBeTruthy();
  });

  it('loads nothing once the session has ended, and says so', async () => {
    const { calls } = renderAsStaff(<StaffNewsletter />, { [OVERVIEW]: ok(overview()) }, undefined, {
      ...staffSession,
      getIdToken: async () => null,
    });
    expect(await screen.findByText(t.sessionEnded)).toBeTruthy();
    expect(calls).toEqual([]);
  });

  it('sends no test and no newsletter after the session ended, and says so', async () => {
    let signedIn = true;
    const { calls } = renderAsStaff(<StaffNewsletter />, { [OVERVIEW]: ok(overview()) }, undefined, {
      ...staffSession,
      getIdToken: async () => (signedIn ? 'token-de-ana' : null),
    });
    await screen.findByText(t.counts(overview()));
    signedIn = false;
    await compose('Prueba', 'Hola');
    await userEvent.click(screen.getByRole('button', { name: t.test }));
    expect(await screen.findByText(t.sessionEnded)).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: t.send }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByRole('button', { name: t.confirm }));
    expect(await within(dialog).findByText(t.sessionEnded)).toBeTruthy();
    expect(calls.map((c) => c.path)).toEqual(['/api/community/staff/newsletter']);
  });
});
