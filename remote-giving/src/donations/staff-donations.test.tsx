/**
 * @jest-environment jsdom
 */
import { describe, expect, it } from '@jest/globals';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ok } from 'shared/api/fake-client';
import type { Certificate } from '../certificates/schemas';
import type { DonationListResponse, DonationRecordResponse, DonationTotalsResponse } from './schemas';
import { axeViolations, renderAsStaff } from 'shared/ui/staff/testing';
import StaffDonation from './staff-donation';
import StaffDonations from './staff-donations';

const totals: DonationTotalsResponse = {
  months: [
    { month: '2026-01', count: 2, amount: 170_000 },
    { month: '2025-12', count: 1, amount: 50_000 },
  ],
  years: [
    { year: '2026', count: 2, amount: 170_000 },
    { year: '2025', count: 1, amount: 50_000 },
  ],
};
const page: DonationListResponse = {
  items: [
    {
      reference: 'DON-b',
      createdAt: '2026-01-15T15:00:00.000Z',
      name: 'Lucía Peña',
      email: 'lucia@example.com',
      document: 'Cédula de ciudadanía 41000111',
      amount: 120_000,
      paymentStatus: 'approved',
      approvedAt: '2026-01-15T15:01:00.000Z',
    },
    {
      reference: 'DON-c',
      createdAt: '2026-01-14T15:00:00.000Z',
      name: 'Pedro Ruiz',
      email: 'pedro@example.com',
      document: 'Cédula de ciudadanía 10002000',
      amount: 20_000,
      paymentStatus: 'rejected',
      approvedAt: null,
    },
  ],
  nextCursor: null,
  total: 2,
};

describe('StaffDonations (/equipo/donaciones)', () => {
  it('shows approved totals per year and month in words and figures, and the donations with links, with no axe violations', async () => {
    const { container } = renderAsStaff(<StaffDonations />, {
      'GET /api/giving/staff/donations/totales': ok(totals),
      'POST /api/giving/staff/donations/lista': ok(page),
    });
    const months = await screen.findByRole('table', { name: /aprobadas por mes/ });
    expect(within(months).getByRole('rowheader', { name: 'enero de 2026' })).toBeTruthy();
    expect(within(months).getByText('$ 170.000')).toBeTruthy();
    expect(screen.getByText('Año 2025')).toBeTruthy();
    const list = await screen.findByRole('table', { name: /Donaciones: 2 de 2/ });
    expect(within(list).getByRole('link', { name: 'Lucía Peña' }).getAttribute('href')).toBe('/equipo/donaciones/DON-b');
    expect(within(list).getByText('Rechazado')).toBeTruthy();
    expect(screen.getByRole('link', { name: /Ver las donaciones mensuales/ }).getAttribute('href')).toBe('/equipo/donaciones-mensuales');
    expect(await axeViolations(container)).toEqual([]);
  });

  it('applies the dates to the totals and the list, and the payment status and search to the list', async () => {
    const user = userEvent.setup();
    const { calls } = renderAsStaff(<StaffDonations />, {
      'GET /api/giving/staff/donations/totales': ok(totals),
      'GET /api/giving/staff/donations/totales?desde=2026-01-01&hasta=2026-01-31': ok({
        months: [totals.months[0]],
        years: [totals.years[0]],
      }),
      'POST /api/giving/staff/donations/lista': ok(page),
    });
    await screen.findByRole('table', { name: /Donaciones: 2 de 2/ });
    await user.type(screen.getByLabelText('Desde'), '2026-01-01');
    await user.type(screen.getByLabelText('Hasta'), '2026-01-31');
    await user.selectOptions(screen.getByLabelText('Estado del pago'), 'approved');
    await user.type(screen.getByLabelText('Buscar por nombre, documento, correo o referencia'), 'lucia');
    await user.click(screen.getByRole('button', { name: 'Aplicar filtros' }));
    await waitFor(() =>
      expect(calls.filter((c) => c.path.endsWith('/lista')).at(-1)?.body).toEqual({
        pago: 'approved',
        desde: '2026-01-01',
        hasta: '2026-01-31',
        q: 'lucia',
      }),
    );
    await waitFor(() => expect(screen.queryByText('Año 2025')).toBeNull());
    expect(screen.getByText('Entre 2026-01-01 y 2026-01-31, según los filtros aplicados.')).toBeTruthy();
  });

  it("downloads the applied filter's CSV through its declaration with the session's token (#27), never the search", async () => {
    const user = userEvent.setup();
    const { calls } = renderAsStaff(<StaffDonations />, {
      'GET /api/giving/staff/donations/totales': ok(totals),
      'GET /api/giving/staff/donations/totales?desde=2026-01-01': ok(totals),
      'POST /api/giving/staff/donations/lista': ok(page),
    });
    await screen.findByRole('table', { name: /Donaciones: 2 de 2/ });
    await user.type(screen.getByLabelText('Desde'), '2026-01-01');
    await user.type(screen.getByLabelText('Buscar por nombre, documento, correo o referencia'), 'lucia');
    await user.click(screen.getByRole('button', { name: 'Aplicar filtros' }));
    await user.click(screen.getByRole('button', { name: 'Descargar CSV' }));
    await waitFor(() => expect(calls.at(-1)?.path).toBe('/api/giving/staff/donations/exportar?desde=2026-01-01'));
    expect(calls.at(-1)?.token).toBe('token-de-ana');
  });
});

const record: DonationRecordResponse = {
  reference: 'DON-b',
  createdAt: '2026-01-15T15:00:00.000Z',
  donor: {
    name: 'Lucía',
    lastname: 'Peña',
    idType: 'Cédula de ciudadanía',
    idNumber: '41000111',
    email: 'lucia@example.com',
    phone: '3105550000',
  },
  amount: 120_000,
  subscriptionReference: null,
  payment: {
    status: 'refunded',
    id: '8002',
    detail: null,
    type: 'credit_card',
    approvedAt: '2026-01-15T15:01:00.000Z',
    receiptSentAt: null,
  },
  history: [
    {
      paymentId: '8002',
      status: 'approved',
      statusDetail: null,
      amount: 120_000,
      currency: 'COP',
      source: 'notification',
      applied: true,
      seenAt: '2026-01-15T15:01:00.000Z',
    },
    {
      paymentId: '8002',
      status: 'refunded',
      statusDetail: null,
      amount: 120_000,
      currency: 'COP',
      source: 'reconciliation',
      applied: true,
      seenAt: '2026-01-20T15:01:00.000Z',
    },
  ],
  discrepancies: [
    {
      paymentId: '8003',
      kind: 'amount_mismatch',
      expectedAmount: 120_000,
      reportedAmount: 1_000,
      reportedCurrency: 'COP',
      reportedStatus: 'approved',
      detectedAt: '2026-01-16T15:00:00.000Z',
    },
  ],
};

const voidedCertificate: Certificate = {
  number: 'CD-2026-000004',
  kind: 'donation',
  year: 2026,
  reference: 'DON-b',
  donorName: 'Lucía Peña',
  donorDocument: 'Cédula de ciudadanía 41000111',
  amount: 120_000,
  donations: 1,
  issuedAt: '2026-01-15T16:00:00.000Z',
  issuedBy: 'enlace del donante',
  voidedAt: '2026-01-20T15:01:00.000Z',
};

describe('StaffDonation (/equipo/donaciones/:reference)', () => {
  it('shows the donor, the refund in the payment history and the difference the site refused, with no axe violations', async () => {
    const { container } = renderAsStaff(<StaffDonation reference="DON-b" />, {
      'GET /api/giving/staff/donations/DON-b': ok(record),
      'GET /api/giving/staff/certificates/donacion/DON-b': ok({ certificates: [voidedCertificate] }),
    });
    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe('Donación de Lucía Peña');
    const history = screen.getByRole('table', { name: /Cada estado que informó la pasarela/ });
    expect(within(history).getByText('Reembolsado')).toBeTruthy();
    const differences = screen.getByRole('table', { name: /no aplicó/ });
    expect(within(differences).getByText('El monto no coincide')).toBeTruthy();
    expect(within(differences).getByText('$ 1.000')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Volver a las donaciones' }).getAttribute('href')).toBe('/equipo/donaciones');
    // Refunded: its certificate is shown as void, with nothing to download and nothing to issue.
    const certificates = await screen.findByRole('table', { name: 'Certificados que incluyen esta donación' });
    expect(within(certificates).getByText(/^Anulado el/)).toBeTruthy();
    expect(within(certificates).queryByRole('button')).toBeNull();
    expect(screen.getByText('Solo una donación con el pago aprobado tiene certificado.')).toBeTruthy();
    expect(await axeViolations(container)).toEqual([]);
  });
});

describe('StaffDonation of a monthly charge', () => {
  it('says which monthly gift it charged, linking to its page', async () => {
    renderAsStaff(<StaffDonation reference="DON-b" />, {
      'GET /api/giving/staff/donations/DON-b': ok({ ...record, subscriptionReference: 'MEN-abc' }),
      'GET /api/giving/staff/certificates/donacion/DON-b': ok({ certificates: [] }),
    });
    const link = await screen.findByRole('link', { name: 'MEN-abc' });
    expect(link.getAttribute('href')).toBe('/equipo/donaciones-mensuales/MEN-abc');
    expect(link.parentElement?.textContent).toBe('Cargo de la donación mensual MEN-abc');
  });
});

describe('StaffDonation certificates', () => {
  it('issues the certificate of an approved donation and lists it with its PDF download', async () => {
    const user = userEvent.setup();
    const approved = { ...record, payment: { ...record.payment, status: 'approved' }, discrepancies: [] };
    const issued: Certificate = { ...voidedCertificate, voidedAt: null, issuedBy: 'ana@fundacion.org' };
    const { calls } = renderAsStaff(<StaffDonation reference="DON-b" />, {
      'GET /api/giving/staff/donations/DON-b': ok(approved),
      'GET /api/giving/staff/certificates/donacion/DON-b': [ok({ certificates: [] }), ok({ certificates: [issued] })],
      'POST /api/giving/staff/certificates/donacion/DON-b': ok({ certificate: issued, created: true }),
    });
    await user.click(await screen.findByRole('button', { name: 'Expedir el certificado de esta donación' }));
    expect((await screen.findByRole('status')).textContent).toBe('Certificado CD-2026-000004 expedido.');
    const table = await screen.findByRole('table', { name: 'Certificados que incluyen esta donación' });
    await user.click(within(table).getByRole('button', { name: 'Descargar el certificado CD-2026-000004 en PDF' }));
    await waitFor(() => expect(calls.at(-1)?.path).toBe('/api/giving/staff/certificates/CD-2026-000004/pdf'));
    // Through the declaration (#27): the staff client attached the session's token, the screen handled none.
    expect(calls.at(-1)?.token).toBe('token-de-ana');
    // The fake has no file: the failure is said, not swallowed.
    expect((await screen.findByRole('alert')).textContent).toBe('No pudimos descargar el certificado. Intenta de nuevo.');
    expect(screen.queryByRole('button', { name: 'Expedir el certificado de esta donación' })).toBeNull();
  });
});
