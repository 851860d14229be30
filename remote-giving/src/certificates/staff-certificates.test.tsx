/**
 * @jest-environment jsdom
 */
import { describe, expect, it } from '@jest/globals';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ok, on } from 'shared/api/fake-client';
import type { Certificate, CertificateListResponse } from './schemas';
import { colombianDate } from 'shared/format/business-days';
import { axeViolations, renderAsStaff, staffSession } from 'shared/ui/staff/testing';
import { certificateStaffOperations as ops } from './operations';
import StaffCertificates from './staff-certificates';

const lastYear = Number(colombianDate(new Date()).slice(0, 4)) - 1;
const annual: Certificate = {
  number: `CD-${lastYear}-000001`,
  kind: 'annual',
  year: lastYear,
  reference: null,
  donorName: 'Ramón Gutiérrez',
  donorDocument: 'Cédula de ciudadanía 79555123',
  amount: 120_000,
  donations: 2,
  issuedAt: `${lastYear + 1}-01-10T15:00:00.000Z`,
  issuedBy: 'ana@fundacion.org',
  voidedAt: null,
};
const before: CertificateListResponse = {
  year: lastYear,
  certificates: [annual],
  approvedDonations: 5,
  donorsWithoutAnnual: 3,
  dataComplete: false,
};

describe('StaffCertificates (/equipo/certificados)', () => {
  it("lists last year's certificates, says what foundation data is missing, and has no axe violations", async () => {
    const { container } = renderAsStaff(<StaffCertificates />, { [`GET /api/giving/staff/certificates?anio=${lastYear}`]: ok(before) });
    const table = await screen.findByRole('table', { name: `Certificados de ${lastYear} (1), del más reciente al más antiguo` });
    expect(within(table).getByText('Anual consolidado')).toBeTruthy();
    expect(within(table).getByText('Vigente')).toBeTruthy();
    expect(screen.getByRole('note').textContent).toContain('ESPÉCIMEN');
    expect(screen.getByText(/5 donaciones aprobadas en el año; 3 donantes sin certificado anual/)).toBeTruthy();
    expect(await axeViolations(container)).toEqual([]);
  });

  it('issues the annual certificates of a finished year after a confirmation that opens on Cancelar', async () => {
    const user = userEvent.setup();
    const { calls } = renderAsStaff(<StaffCertificates />, {
      [`GET /api/giving/staff/certificates?anio=${lastYear}`]: [ok(before), ok({ ...before, donorsWithoutAnnual: 0 })],
      'POST /api/giving/staff/certificates/lote': ok({ year: lastYear, issued: 3, existing: 1, held: 1 }),
    });
    await user.click(await screen.findByRole('button', { name: `Expedir los certificados anuales de ${lastYear}` }));
    const dialog = screen.getByRole('dialog', { name: `¿Expedir los certificados anuales de ${lastYear}?` });
    expect(within(dialog).getByText(/Se expedirán 3 certificados/)).toBeTruthy();
    expect(document.activeElement?.textContent).toBe('Cancelar');
    await user.click(within(dialog).getByRole('button', { name: 'Sí, expedirlos' }));
    expect((await screen.findByRole('status')).textContent).toMatch(
      /^Expedimos 3 certificados; 1 ya existían\. 1 donante quedó sin certificado anual: sus donaciones tienen nombres distintos/,
    );
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ anio: lastYear });
    expect(screen.queryByRole('button', { name: `Expedir los certificados anuales de ${lastYear}` })).toBeNull();
  });

  it('offers no batch for the year in course', async () => {
    const user = userEvent.setup();
    const year = lastYear + 1;
    renderAsStaff(<StaffCertificates />, {
      [`GET /api/giving/staff/certificates?anio=${lastYear}`]: ok(before),
      [`GET /api/giving/staff/certificates?anio=${year}`]: ok({ ...before, year, certificates: [] }),
    });
    await screen.findByRole('table');
    await user.selectOptions(screen.getByLabelText('Año de las donaciones'), String(year));
    expect(await screen.findByText(`Aún no hay certificados de ${year}.`)).toBeTruthy();
    expect(screen.getByText(/aún no termina/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Expedir/ })).toBeNull();
  });

  it('sends no batch once the session ended (#27): the staff client sends nothing and the dialog says to sign in again', async () => {
    const user = userEvent.setup();
    let signedIn = true;
    const { calls } = renderAsStaff(
      <StaffCertificates />,
      [on(ops.certificates, ok(before)), on(ops.issueCertificateBatch, ok({ year: lastYear, issued: 3, existing: 1, held: 1 }))],
      undefined,
      { ...staffSession, getIdToken: async () => (signedIn ? 'token-de-ana' : null) },
    );
    await user.click(await screen.findByRole('button', { name: `Expedir los certificados anuales de ${lastYear}` }));
    signedIn = false;
    const dialog = screen.getByRole('dialog', { name: `¿Expedir los certificados anuales de ${lastYear}?` });
    await user.click(within(dialog).getByRole('button', { name: 'Sí, expedirlos' }));
    expect(await within(dialog).findByText('Tu sesión terminó. Vuelve a ingresar al panel.')).toBeTruthy();
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);
    expect(calls.every((c) => c.token === 'token-de-ana')).toBe(true);
  });
});
