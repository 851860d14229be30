/**
 * @jest-environment jsdom
 */
import { describe, expect, it } from '@jest/globals';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiClientProvider } from 'shared/api/context';
import { apiError, fakeApiClient, ok } from 'shared/api/fake-client';
import { newsletterTexts } from 'shared/schemas/newsletter';
import { axeViolations } from 'shared/ui/staff/testing';
import NewsletterBox from './newsletter-box';

const SUBSCRIBE = 'POST /api/community/newsletter/subscribe';

function renderBox(answer: Parameters<typeof fakeApiClient>[0][string]) {
  const fake = fakeApiClient({ [SUBSCRIBE]: answer });
  const view = render(
    <ApiClientProvider client={fake.client}>
      <NewsletterBox />
    </ApiClientProvider>,
  );
  return { ...fake, ...view };
}

describe('footer newsletter box (double opt-in, #15)', () => {
  it("sends the trimmed, lowercased address and shows the server's answer: check your inbox to confirm", async () => {
    const { calls, container } = renderBox(ok({ success: true, alreadySubscribed: false, message: newsletterTexts.subscribed }, 201));
    await userEvent.type(screen.getByLabelText('Correo electrónico'), '  Ana@Example.COM ');
    // Whatever else the box asks (consent, #15), the answer below is what the visitor sees after a valid submit.
    for (const box of screen.queryAllByRole('checkbox')) await userEvent.click(box);
    await userEvent.click(screen.getByRole('button', { name: 'Suscribirme' }));
    const status = await screen.findByText(newsletterTexts.subscribed);
    expect(status.getAttribute('role')).toBe('status');
    expect(newsletterTexts.subscribed).toMatch(/confirmar tu suscripción: revisa tu bandeja de entrada/);
    expect(calls).toHaveLength(1);
    expect((calls[0]?.body as { email: string }).email).toBe('ana@example.com');
    expect((screen.getByLabelText('Correo electrónico') as HTMLInputElement).value).toBe('');
    expect(await axeViolations(container)).toEqual([]);
  });

  it("shows the server's refusal, and the spec's default when it gives none", async () => {
    renderBox([apiError(429, 'rate_limited', 'Has realizado demasiadas solicitudes.'), apiError(500, 'internal_error', '')]);
    await userEvent.type(screen.getByLabelText('Correo electrónico'), 'ana@example.com');
    for (const box of screen.queryAllByRole('checkbox')) await userEvent.click(box);
    await userEvent.click(screen.getByRole('button', { name: 'Suscribirme' }));
    expect(await screen.findByText('Has realizado demasiadas solicitudes.')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Suscribirme' }));
    expect(await screen.findByText(newsletterTexts.failed)).toBeTruthy();
  });
});
