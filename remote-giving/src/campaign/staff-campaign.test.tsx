/**
 * @jest-environment jsdom
 */
import { describe, expect, it } from '@jest/globals';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { apiError, ok, on } from 'shared/api/fake-client';
import type { StaffCampaign as Campaign } from './schemas';
import { axeViolations, renderAsStaff, staffSession } from 'shared/ui/staff/testing';
import { campaignStaffOperations as ops } from './staff-operations';
import StaffCampaign from './staff-campaign';

const LIST = 'GET /api/giving/staff/campaigns';
const CREATE = 'POST /api/giving/staff/campaigns';

const campaign = (over: Partial<Campaign> = {}): Campaign => ({
  id: 3,
  title: 'Computadores para el aula',
  goal_amount: 2_000_000,
  raised_amount: 900_000,
  donations: 14,
  starts_on: '2026-11-01',
  ends_on: '2026-12-31',
  state: 'running',
  updated_at: '2026-11-20T15:00:00.000Z',
  updated_by: 'ana@fundacion.org',
  description: null,
  image: null,
  monthly_counting: 'first_charge',
  ...over,
});

describe('StaffCampaign (/equipo/campana)', () => {
  it('lists the campaigns with what each raised and which one the public page shows; no axe violations', async () => {
    const { container } = renderAsStaff(<StaffCampaign />, {
      [LIST]: ok({
        campaigns: [
          campaign(),
          campaign({
            id: 1,
            title: 'Útiles 2026',
            state: 'finished',
            raised_amount: 3_100_000,
            goal_amount: 3_000_000,
            donations: 1,
            monthly_counting: 'twelve_months',
          }),
        ],
      }),
    });
    const table = await screen.findByRole('table', { name: 'Campañas, la más reciente primero' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((r) => [...r.querySelectorAll('th, td')].slice(0, 5).map((c) => c.textContent))).toEqual([
      [
        'Computadores para el aula',
        'Del 1 de noviembre de 2026 al 31 de diciembre de 2026',
        '$ 2.000.000',
        '$ 900.000 (45 %) · 14 donacionesMensuales: solo el primer cobro',
        'En curso (visible en la página)',
      ],
      [
        'Útiles 2026',
        'Del 1 de noviembre de 2026 al 31 de diciembre de 2026',
        '$ 3.000.000',
        '$ 3.100.000 (103 %) · 1 donaciónMensuales: 12 meses',
        'Terminada',
      ],
    ]);
    expect(await axeViolations(container)).toEqual([]);
  });

  it('creates a campaign; a refused overlap shows the server message on the dates, and digits only reach the goal', async () => {
    const user = userEvent.setup();
    const overlap = 'Las fechas se cruzan con la campaña «Navidad». Ajusta las fechas: solo una campaña puede estar activa a la vez.';
    const { calls } = renderAsStaff(<StaffCampaign />, {
      [LIST]: [ok({ campaigns: [] }), ok({ campaigns: [campaign()] })],
      [CREATE]: [apiError(409, 'campaign_overlaps', overlap, { starts_on: overlap }), ok({ campaign: campaign() }, 201)],
    });
    expect(await screen.findByText('Aún no hay campañas. Crea la primera con el formulario de abajo.')).toBeTruthy();
    const form = screen.getByRole('form', { name: 'Nueva campaña' });
    await user.type(within(form).getByLabelText('Nombre de la campaña'), 'Computadores para el aula');
    await user.type(within(form).getByLabelText(/Meta en pesos/), '$2.000.000');
    await user.type(within(form).getByLabelText('Fecha de inicio'), '2026-11-01');
    await user.type(within(form).getByLabelText(/Fecha de cierre/), '2026-12-31');
    await user.click(within(form).getByRole('button', { name: 'Crear campaña' }));
    expect((await within(form).findByRole('alert')).textContent).toBe(overlap);
    const start = within(form).getByLabelText('Fecha de inicio');
    expect(start.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(start.getAttribute('aria-describedby')!)?.textContent).toBe(overlap);

    await user.click(within(form).getByRole('button', { name: 'Crear campaña' }));
    const status = await screen.findByRole('status');
    expect(status.textContent).toBe('Campaña «Computadores para el aula» creada.');
    expect(calls.filter((c) => c.method === 'POST').at(-1)).toMatchObject({
      token: 'token-de-ana',
      body: {
        title: 'Computadores para el aula',
        goal_amount: '2000000',
        starts_on: '2026-11-01',
        ends_on: '2026-12-31',
        monthly_counting: 'first_charge',
      },
    });
    await waitFor(() => expect(screen.getByRole('table').textContent).toContain('Computadores para el aula'));
  });

  it('edits a campaign: focus goes to the form and back to its button on cancel', async () => {
    const user = userEvent.setup();
    const { calls } = renderAsStaff(<StaffCampaign />, {
      [LIST]: ok({ campaigns: [campaign()] }),
      'PUT /api/giving/staff/campaigns/3': ok({ campaign: campaign({ goal_amount: 2_500_000 }) }),
    });
    const edit = await screen.findByRole('button', { name: 'Editar la campaña Computadores para el aula' });
    await user.click(edit);
    const form = screen.getByRole('form', { name: 'Editar la campaña «Computadores para el aula»' });
    expect(document.activeElement).toBe(within(form).getByRole('heading'));
    await user.click(within(form).getByRole('button', { name: 'Cancelar' }));
    expect(document.activeElement).toBe(edit);

    await user.click(edit);
    const again = screen.getByRole('form', { name: /Editar la campaña/ });
    const goal = within(again).getByLabelText(/Meta en pesos/);
    await user.clear(goal);
    await user.type(goal, '2500000');
    // How monthly gifts count: a radio group with each option explained, the saved choice checked.
    const counting = within(again).getByRole('group', { name: 'Cómo cuentan las donaciones mensuales' });
    expect((within(counting).getByRole('radio', { name: 'Solo el primer cobro' }) as HTMLInputElement).checked).toBe(true);
    const twelve = within(counting).getByRole('radio', { name: '12 meses' });
    expect(document.getElementById(twelve.getAttribute('aria-describedby')!)?.textContent).toMatch(/12 veces el valor del primer cobro/);
    await user.click(twelve);
    await user.click(within(again).getByRole('button', { name: 'Guardar cambios' }));
    expect((await screen.findByRole('status')).textContent).toBe('Campaña «Computadores para el aula» actualizada.');
    expect(calls.find((c) => c.method === 'PUT')!.body).toMatchObject({
      goal_amount: '2500000',
      starts_on: '2026-11-01',
      monthly_counting: 'twelve_months',
    });
  });

  it('adds a description and an uploaded image with its text alternative (#28)', async () => {
    const user = userEvent.setup();
    const src = '/archivos/0b7e6f1c-2a4d-4c8e-9f10-3b2a1c0d9e8f.jpg';
    const altMissing = 'Describe la imagen para quien no puede verla (qué muestra, en una frase).';
    const { calls, container } = renderAsStaff(<StaffCampaign />, {
      [LIST]: ok({ campaigns: [campaign()] }),
      'POST /api/site/staff/archivos': ok({ src, name: 'aula.jpg', kind: 'jpg', size: 120_000 }, 201),
      'PUT /api/giving/staff/campaigns/3': [
        apiError(400, 'validation_error', altMissing, { image_alt: altMissing }),
        ok({ campaign: campaign({ description: 'Para el aula.', image: { src, alt: 'Estudiantes en el aula' } }) }),
      ],
    });
    await user.click(await screen.findByRole('button', { name: 'Editar la campaña Computadores para el aula' }));
    const form = screen.getByRole('form', { name: /Editar la campaña/ });
    await user.type(within(form).getByLabelText(/Descripción para el público/), 'Para el aula.');
    await user.upload(within(form).getByLabelText('Subir imagen'), new File(['jpg'], 'aula.jpg', { type: 'image/jpeg' }));
    expect((await within(form).findByRole('status')).textContent).toContain('aula.jpg subido');
    expect((within(form).getByLabelText('Dirección de la imagen') as HTMLInputElement).value).toBe(src);
    expect(within(form).getByRole('img', { name: 'Vista previa de la imagen' }).getAttribute('src')).toBe(src);

    await user.click(within(form).getByRole('button', { name: 'Guardar cambios' }));
    const alt = within(form).getByLabelText(/Texto alternativo/);
    await waitFor(() => expect(alt.getAttribute('aria-invalid')).toBe('true'));
    await user.type(alt, 'Estudiantes en el aula');
    await user.click(within(form).getByRole('button', { name: 'Guardar cambios' }));
    expect((await screen.findByRole('status')).textContent).toBe('Campaña «Computadores para el aula» actualizada.');
    expect(calls.filter((c) => c.method === 'PUT').at(-1)!.body).toMatchObject({
      description: 'Para el aula.',
      image_src: src,
      image_alt: 'Estudiantes en el aula',
    });
    expect(await axeViolations(container)).toEqual([]);
  });

  it('asks the session once per load (#27): the list is a declared load, the staff client brings the token', async () => {
    let asked = 0;
    const { calls } = renderAsStaff(<StaffCampaign />, [on(ops.campaigns, ok({ campaigns: [campaign()] }))], undefined, {
      ...staffSession,
      getIdToken: async () => {
        asked += 1;
        return 'token-de-ana';
      },
    });
    await screen.findByRole('table', { name: 'Campañas, la más reciente primero' });
    expect(calls.map((c) => c.token)).toEqual(['token-de-ana']);
    expect(asked).toBe(1);
  });
});
