/**
 * @jest-environment jsdom
 */
import { describe, expect, it } from '@jest/globals';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ok, on } from 'shared/api/fake-client';
import { paymentStaffOperationsOf, type PayableDeclaration } from 'shared/payments/staff-operations';
import type { PaymentIssue, PaymentsReviewResponse } from 'shared/payments/staff-schemas';
import { axeViolations, renderAsStaff, staffSession } from 'shared/ui/staff/testing';
import { payables } from '../../../site/staff-routes';
import StaffPayments, { PaymentsReview } from './payments';

/** The site's payables as the domains declare them: a course's enrolment and a donation first, then any others. */
const [enrolment, donation, ...others] = payables as [PayableDeclaration, PayableDeclaration, ...PayableDeclaration[]];
const payments = { courses: paymentStaffOperationsOf(enrolment), giving: paymentStaffOperationsOf(donation) };
/**
 * The site's other payables answer an empty review and a reconciliation that found nothing: the screen reviews every
 * payable the domains declare, and a domain's new payable must not need a line here.
 */
const othersQuiet = others.flatMap((p) => [
  on(paymentStaffOperationsOf(p).review, ok({ issues: [], pending: [] })),
  on(paymentStaffOperationsOf(p).reconcile, ok({ checked: 0, applied: 0, failed: 0 })),
]);

const mismatch: PaymentIssue = {
  key: 'd-7',
  kind: 'amount_mismatch',
  reference: 'ENR-abc',
  payment_id: '9003',
  expected_amount: 119900,
  reported_amount: 1000,
  reported_currency: 'COP',
  reported_status: 'approved',
  detected_at: '2026-11-23T15:00:00.000Z',
  reviewed_at: null,
  reviewed_by: null,
};
const courses: PaymentsReviewResponse = {
  issues: [mismatch],
  pending: [
    {
      reference: 'ENR-wait',
      amount: 349000,
      payment_status: 'processing...',
      payment_id: null,
      created_at: '2026-11-23T16:00:00.000Z',
      reconciled_at: null,
    },
  ],
};
const giving: PaymentsReviewResponse = {
  issues: [
    { ...mismatch, key: 'r-DON-x', kind: 'refunded', reference: 'DON-x', payment_id: '777', expected_amount: null, reported_amount: null },
  ],
  pending: [],
};

describe('StaffPayments (/equipo/pagos)', () => {
  it("shows both areas' differences, reversals and waiting payments, with links to the records, and no axe violations", async () => {
    const { container } = renderAsStaff(<StaffPayments />, [
      on(payments.courses.review, ok(courses)),
      on(payments.giving.review, ok(giving)),
      ...othersQuiet,
    ]);
    const issues = await screen.findByRole('table', { name: /no aplicó o que fueron reversados/ });
    const rows = within(issues).getAllByRole('row');
    expect(rows).toHaveLength(3);
    expect(within(issues).getByText('Valor distinto al cobrado')).toBeTruthy();
    expect(within(issues).getByText('Reembolsado')).toBeTruthy();
    // References are named and link to their record's page in the panel.
    expect(within(issues).getByText('ENR-abc')).toBeTruthy();
    expect(within(issues).getByText('DON-x')).toBeTruthy();
    expect(
      within(issues)
        .queryAllByRole('link')
        .map((a) => a.getAttribute('href')),
    ).toEqual(['/equipo/inscripciones/ENR-abc', '/equipo/donaciones/DON-x']);
    const pending = screen.getByRole('table', { name: /aún no tienen un resultado final/ });
    expect(within(pending).getByText('Sin pago aún')).toBeTruthy();
    expect(within(pending).getByText('Aún no')).toBeTruthy();
    expect(await axeViolations(container)).toEqual([]);
  });

  it('marks a difference reviewed and announces it; reconciles both areas by hand and says what changed', async () => {
    const { calls } = renderAsStaff(<StaffPayments />, [
      on(payments.courses.review, ok(courses)),
      on(payments.giving.review, ok(giving)),
      on(
        payments.courses.markReviewed,
        ok({
          issue: { ...mismatch, reviewed_at: '2026-11-23T17:00:00.000Z', reviewed_by: 'ana@fundacion.org' },
        }),
      ),
      on(payments.courses.reconcile, ok({ checked: 2, applied: 1, failed: 0 })),
      on(payments.giving.reconcile, ok({ checked: 1, applied: 0, failed: 0 })),
      ...othersQuiet,
    ]);
    await userEvent.click(await screen.findByRole('button', { name: 'Marcar como revisada la diferencia del pago 9003' }));
    expect(await screen.findByText('Diferencia del pago 9003 marcada como revisada.')).toBeTruthy();
    expect(screen.getByText(/Revisada por ana@fundacion.org/)).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Revisar pagos en espera ahora' }));
    expect(await screen.findByText('Consultamos 3 pagos; 1 cambió de estado.')).toBeTruthy();
    await waitFor(() => expect(calls.filter((c) => c.method === 'POST' && c.path.endsWith('/reconcile'))).toHaveLength(payables.length));
  });

  it('reconciles nothing once the session ended (#27): no request leaves and the screen says to sign in again', async () => {
    const user = userEvent.setup();
    let signedIn = true;
    const { calls } = renderAsStaff(
      <StaffPayments />,
      [
        on(payments.courses.review, ok(courses)),
        on(payments.giving.review, ok(giving)),
        on(payments.courses.reconcile, ok({ checked: 2, applied: 1, failed: 0 })),
        on(payments.giving.reconcile, ok({ checked: 1, applied: 0, failed: 0 })),
        ...othersQuiet,
      ],
      undefined,
      { ...staffSession, getIdToken: async () => (signedIn ? 'token-de-ana' : null) },
    );
    const reconcile = await screen.findByRole('button', { name: 'Revisar pagos en espera ahora' });
    signedIn = false;
    await user.click(reconcile);
    expect((await screen.findByRole('alert')).textContent).toBe('Tu sesión terminó. Vuelve a ingresar al panel.');
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);
    // The reads went to each payable's own path with Ana's token.
    expect(calls.map((c) => [c.path, c.token])).toEqual([
      ['/api/courses/staff/payments/enrolments', 'token-de-ana'],
      ['/api/giving/staff/payments/donations', 'token-de-ana'],
      ...others.map((p) => [`/api/${p.domain}/staff/payments/${p.name}`, 'token-de-ana']),
    ]);
  });

  it("lists a domain's second payable under its own name, links its records to its own page and reviews it on its own paths", async () => {
    // What a domain adds for a new payable is its declaration (manifest/payables.ts) and its server's options: the
    // review takes it from the composition with nothing else to change.
    const monthly: PayableDeclaration = {
      domain: 'giving',
      name: 'monthly',
      label: 'Donaciones mensuales',
      recordPage: '/equipo/donaciones-mensuales/:reference',
    };
    const monthlyOps = paymentStaffOperationsOf(monthly);
    const { calls } = renderAsStaff(<PaymentsReview payables={[donation, monthly]} />, [
      on(payments.giving.review, ok(giving)),
      on(monthlyOps.review, ok({ issues: [{ ...mismatch, key: 'd-7', reference: 'SUB-1', payment_id: '55' }], pending: [] })),
      on(
        monthlyOps.markReviewed,
        ok({
          issue: {
            ...mismatch,
            reference: 'SUB-1',
            payment_id: '55',
            reviewed_at: '2026-11-23T17:00:00.000Z',
            reviewed_by: 'ana@fundacion.org',
          },
        }),
      ),
    ]);
    const issues = await screen.findByRole('table', { name: /no aplicó o que fueron reversados/ });
    expect(within(issues).getByText('Donaciones mensuales')).toBeTruthy();
    expect(within(issues).getByRole('link', { name: 'SUB-1' }).getAttribute('href')).toBe('/equipo/donaciones-mensuales/SUB-1');
    await userEvent.click(screen.getByRole('button', { name: 'Marcar como revisada la diferencia del pago 55' }));
    expect(await screen.findByText('Diferencia del pago 55 marcada como revisada.')).toBeTruthy();
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.path)).toEqual([
      '/api/giving/staff/payments/monthly/discrepancies/7/review',
    ]);
  });
});
