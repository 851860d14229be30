/**
 * @jest-environment jsdom
 */
import { describe, expect, it } from '@jest/globals';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { ApiClientProvider } from 'shared/api/context';
import { apiError, fakeApiClient, networkDown, ok, type FakeAnswer } from 'shared/api/fake-client';
import { newsletterLinkTexts as t } from 'shared/schemas/newsletter';
import { axeViolations } from 'shared/ui/staff/testing';
import NewsletterConfirmPage from './newsletter-confirm-page';
import NewsletterUnsubscribePage from './newsletter-unsubscribe-page';

const TOKEN = 'A'.repeat(40) + '_-9';

function open(page: ReactElement, address: string, answers: Record<string, FakeAnswer | FakeAnswer[]>) {
  window.history.pushState(null, '', address);
  const fake = fakeApiClient(answers);
  const view = render(<ApiClientProvider client={fake.client}>{page}</ApiClientProvider>);
  return { ...fake, ...view };
}

describe('newsletter confirmation page (#15)', () => {
  it('confirms nothing on opening; "Confirmar" posts the token and the answer is announced and focused', async () => {
    const { calls, container } = open(<NewsletterConfirmPage />, `/boletin/confirmar?token=${TOKEN}`, {
      'POST /api/community/newsletter/confirm': ok({ success: true, message: t.confirmed }),
    });
    expect(screen.getByRole('heading', { level: 1, name: t.confirmTitle })).toBeTruthy();
    expect(calls).toEqual([]);
    expect(await axeViolations(container)).toEqual([]);
    await userEvent.click(screen.getByRole('button', { name: t.confirmButton }));
    const status = await screen.findByRole('status');
    expect(status.textContent).toBe(t.confirmed);
    expect(document.activeElement).toBe(status);
    expect(calls).toEqual([{ method: 'POST', path: '/api/community/newsletter/confirm', body: { token: TOKEN }, token: undefined }]);
    expect(screen.queryByRole('button', { name: t.confirmButton })).toBeNull();
    expect(await axeViolations(container)).toEqual([]);
  });

  it('says what to do when the link expired or was used, and when the connection fails', async () => {
    open(<NewsletterConfirmPage />, `/boletin/confirmar?token=${TOKEN}`, {
      'POST /api/community/newsletter/confirm': [apiError(404, 'token_invalid', 'x'), networkDown],
    });
    await userEvent.click(screen.getByRole('button', { name: t.confirmButton }));
    expect((await screen.findByRole('alert')).textContent).toBe(t.confirmInvalid);
    expect(t.confirmInvalid).toMatch(/suscríbete de nuevo/);
    await userEvent.click(screen.getByRole('button', { name: t.confirmButton }));
    expect((await screen.findByRole('alert')).textContent).toBe(t.network);
  });

  it('without a token in the address, asks to open the whole link and offers no button', async () => {
    const { calls } = open(<NewsletterConfirmPage />, '/boletin/confirmar', {});
    expect(screen.getByRole('alert').textContent).toBe(t.missingToken);
    expect(screen.queryByRole('button')).toBeNull();
    expect(calls).toEqual([]);
  });
});

describe('newsletter unsubscribe page (#15)', () => {
  it('unsubscribes only when "Darme de baja" is pressed', async () => {
    const { calls, container } = open(<NewsletterUnsubscribePage />, `/boletin/baja?token=${TOKEN}`, {
      'POST /api/community/newsletter/unsubscribe': ok({ success: true, message: t.unsubscribed }),
    });
    expect(calls).toEqual([]);
    expect(await axeViolations(container)).toEqual([]);
    await userEvent.click(screen.getByRole('button', { name: t.unsubscribeButton }));
    expect((await screen.findByRole('status')).textContent).toBe(t.unsubscribed);
    expect(calls.map((c) => [c.path, c.body])).toEqual([['/api/community/newsletter/unsubscribe', { token: TOKEN }]]);
  });

  it('says the link is not valid when the server refuses it, or when the token is malformed', async () => {
    open(<NewsletterUnsubscribePage />, `/boletin/baja?token=${TOKEN}`, {
      'POST /api/community/newsletter/unsubscribe': apiError(404, 'token_invalid', 'x'),
    });
    await userEvent.click(screen.getByRole('button', { name: t.unsubscribeButton }));
    expect((await screen.findByRole('alert')).textContent).toBe(t.unsubscribeInvalid);
  });

  it('a malformed token gets the invalid-link message without calling the server', () => {
    const { calls } = open(<NewsletterUnsubscribePage />, '/boletin/baja?token=abc', {});
    expect(screen.getByRole('alert').textContent).toBe(t.unsubscribeInvalid);
    expect(calls).toEqual([]);
  });
});
