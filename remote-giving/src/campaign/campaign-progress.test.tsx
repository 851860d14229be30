/**
 * @jest-environment jsdom
 */
import { describe, expect, it } from '@jest/globals';
import { render, screen } from '@testing-library/react';
import { Provider } from 'react-redux';
import { ApiClientProvider } from 'shared/api/context';
import { fakeApiClient, networkDown, ok, type FakeAnswer } from 'shared/api/fake-client';
import { createAppStore } from 'shared/store';
import DonationPage from '../donation/donation-page';

const campaign = (
  raised: number,
  goal = 2_000_000,
  donations = 14,
  story: { description?: string; image?: { src: string; alt: string } } = {},
) =>
  ok({
    campaign: {
      title: 'Computadores para el aula',
      goal_amount: goal,
      raised_amount: raised,
      donations,
      starts_on: '2026-11-01',
      ends_on: '2026-12-31',
      description: story.description ?? null,
      image: story.image ?? null,
    },
  });

function renderPage(answer: FakeAnswer) {
  render(
    <Provider store={createAppStore()}>
      <ApiClientProvider
        client={fakeApiClient({ 'GET /api/giving/donation-bounds': networkDown, 'GET /api/giving/campaign': answer }).client}
      >
        <DonationPage />
      </ApiClientProvider>
    </Provider>,
  );
}

describe('campaign progress on /contribuciones', () => {
  it('names the campaign and says its progress in words, not only with the bar', async () => {
    renderPage(campaign(900_000));
    const bar = await screen.findByRole('progressbar', { name: 'Computadores para el aula' });
    expect(bar.getAttribute('aria-valuenow')).toBe('45');
    expect(bar.getAttribute('aria-valuetext')).toBe('45 % de la meta: $ 900.000 de $ 2.000.000');
    expect(screen.getByText(/\$ 900\.000 recaudados de una meta de \$ 2\.000\.000/)).toBeTruthy();
    expect(screen.getByText(/14 donaciones · Hasta el 31 de diciembre de 2026/)).toBeTruthy();
    expect(screen.queryByText(/Meta alcanzada/)).toBeNull();
  });

  it('fills the bar no further than the goal and thanks the donors once it is passed', async () => {
    renderPage(campaign(2_400_000));
    const bar = await screen.findByRole('progressbar');
    expect(bar.getAttribute('aria-valuenow')).toBe('100');
    expect(bar.getAttribute('aria-valuetext')).toBe('120 % de la meta: $ 2.400.000 de $ 2.000.000');
    expect(screen.getByText(/Meta alcanzada/)).toBeTruthy();
  });

  it('shows the campaign image with its text alternative and its description as paragraphs of plain text', async () => {
    const src = '/archivos/0b7e6f1c-2a4d-4c8e-9f10-3b2a1c0d9e8f.jpg';
    renderPage(
      campaign(900_000, 2_000_000, 14, {
        description: 'Queremos dotar el aula de sistemas.\n\nCada computador <b>forma</b> a diez personas al año.',
        image: { src, alt: 'Estudiantes frente a computadores en el aula' },
      }),
    );
    const image = await screen.findByRole('img', { name: 'Estudiantes frente a computadores en el aula' });
    expect(image.getAttribute('src')).toBe(src);
    expect(screen.getByText('Queremos dotar el aula de sistemas.').tagName).toBe('P');
    // Plain text: what looks like markup is shown as written, never interpreted.
    expect(screen.getByText('Cada computador <b>forma</b> a diez personas al año.').tagName).toBe('P');
  });

  it('shows nothing when no campaign runs or the answer cannot be had, and the form is there either way', async () => {
    renderPage(ok({ campaign: null }));
    expect(await screen.findByRole('button', { name: /^Donar/ })).toBeTruthy();
    expect(screen.queryByRole('progressbar')).toBeNull();
  });
});
