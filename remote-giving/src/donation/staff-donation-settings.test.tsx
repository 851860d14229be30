/**
 * @jest-environment jsdom
 */
import { describe, expect, it } from '@jest/globals';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { apiError, ok } from 'shared/api/fake-client';
import { axeViolations, renderAsStaff } from 'shared/ui/staff/testing';
import { donationSettingsDefaults, type DonationSettings } from '../../manifest/documents';
import StaffDonationSettings from './staff-donation-settings';

const path = '/api/giving/staff/publicacion/donacion';

const revision = (n: number, body: DonationSettings, published = true) => ({
  revision: n,
  saved_by: 'ana@fundacion.org',
  saved_at: '2026-11-20T15:00:00.000Z',
  published_at: published ? '2026-11-20T15:00:00.000Z' : null,
  published_by: published ? 'ana@fundacion.org' : null,
  body,
});
const summary = ({ body: _body, ...rest }: ReturnType<typeof revision>) => rest;

const never = {
  published: null,
  draft: null,
  scheduled: null,
  defaults: donationSettingsDefaults,
  history: [],
  latest_revision: 0,
};

describe('StaffDonationSettings (/equipo/donaciones-config)', () => {
  it('shows the amounts and texts the page offers today; no axe violations', async () => {
    const { container } = renderAsStaff(<StaffDonationSettings />, { [`GET ${path}`]: ok(never) });
    const form = await screen.findByRole('form', { name: 'Montos y textos de la donación' });
    expect((within(form).getByLabelText(/^Donación mínima/) as HTMLInputElement).value).toBe('5000');
    expect((within(form).getByLabelText(/^Donación máxima/) as HTMLInputElement).value).toBe('20000000');
    expect(
      within(form)
        .getAllByLabelText(/^Monto sugerido/)
        .map((i) => (i as HTMLInputElement).value),
    ).toEqual(['20000', '50000', '100000']);
    expect(screen.getByText('Aún no se ha publicado: el sitio muestra los valores iniciales.')).toBeTruthy();
    expect(await axeViolations(container)).toEqual([]);
  });

  it('previews the changes in pesos before publishing, and puts a refusal on the field it concerns', async () => {
    const user = userEvent.setup();
    const refused = 'El monto sugerido debe estar entre el mínimo ($ 10.000) y el máximo ($ 20.000.000).';
    const published = { ...donationSettingsDefaults, min: 10_000, presets: [...donationSettingsDefaults.presets, { amount: 250_000 }] };
    const after = revision(1, published);
    const { calls } = renderAsStaff(<StaffDonationSettings />, {
      [`GET ${path}`]: ok(never),
      [`POST ${path}/publicar`]: [
        apiError(400, 'validation_error', refused, { 'presets.3.amount': refused }),
        ok({ ...never, published: after, history: [summary(after)], latest_revision: 1 }),
      ],
    });
    const form = await screen.findByRole('form', { name: 'Montos y textos de la donación' });
    const min = within(form).getByLabelText(/^Donación mínima/);
    await user.clear(min);
    await user.type(min, '$ 10.000');
    await user.click(within(form).getByRole('button', { name: 'Agregar monto sugerido' }));
    await user.type(within(form).getByLabelText(/^Monto sugerido 4/), '5000');

    await user.click(within(form).getByRole('button', { name: 'Revisar y publicar' }));
    const preview = await screen.findByRole('region', { name: 'Revisa los cambios antes de publicar' });
    expect(preview.textContent).toContain('Antes: $ 5.000');
    expect(preview.textContent).toContain('Ahora: $ 10.000');
    expect(preview.textContent).toContain('Ahora: $ 20.000, $ 50.000, $ 100.000, $ 5.000');
    await user.click(within(preview).getByRole('button', { name: 'Publicar ahora' }));
    const fourth = within(form).getByLabelText(/^Monto sugerido 4/);
    await waitFor(() => expect(fourth.getAttribute('aria-invalid')).toBe('true'));
    expect(document.getElementById(fourth.getAttribute('aria-describedby')!.split(' ')[0]!)?.textContent).toBe(refused);

    await user.clear(fourth);
    await user.type(fourth, '250000');
    await user.click(within(form).getByRole('button', { name: 'Revisar y publicar' }));
    await user.click(
      within(await screen.findByRole('region', { name: /Revisa los cambios/ })).getByRole('button', { name: 'Publicar ahora' }),
    );
    expect((await screen.findByText(/^Publicado \(versión 1\)/)).textContent).toBe(
      'Publicado (versión 1). El sitio lo muestra en unos segundos.',
    );
    expect(calls.filter((c) => c.method === 'POST').at(-1)!.body).toMatchObject({
      min: '10000',
      presets: [{ amount: '20000' }, { amount: '50000' }, { amount: '100000' }, { amount: '250000' }],
    });
    expect(screen.getByRole('table', { name: 'Versiones guardadas, la más reciente primero' }).textContent).toContain('En el sitio');
  });
});
