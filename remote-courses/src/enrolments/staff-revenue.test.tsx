/**
 * @jest-environment jsdom
 */
import { describe, expect, it } from '@jest/globals';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ok, on } from 'shared/api/fake-client';
import { axeViolations, renderAsStaff, staffSession } from 'shared/ui/staff/testing';
import { enrolmentsStaffOperations as ops } from './operations';
import { revenueStaffOperations } from './revenue-operations';
import type { RevenueResponse } from './revenue-schemas';
import StaffEnrolments from './staff-enrolments';

const empty = { items: [], nextCursor: null, counts: { total: 0, byStatus: { PENDING: 0, ENROLLED: 0, COMPLETED: 0, WITHDRAWN: 0 } } };
const options = { courses: [], cohorts: [] };
const revenue: RevenueResponse = {
  months: ['2026-11', '2026-10', '2026-09'],
  rows: [
    {
      month: '2026-11',
      course: 'desarrollo-software',
      courseTitle: 'Desarrollo de Software',
      payments: 0,
      gross: 0,
      reversals: 119900,
      net: -119900,
    },
    { month: '2026-11', course: 'ofimatica-basica', courseTitle: 'Ofimática Básica', payments: 1, gross: 80000, reversals: 0, net: 80000 },
    {
      month: '2026-10',
      course: 'desarrollo-software',
      courseTitle: 'Desarrollo de Software',
      payments: 2,
      gross: 1234567,
      reversals: 0,
      net: 1234567,
    },
  ],
};

describe('course revenue per month on /equipo/inscripciones (#31)', () => {
  it('opens for Finanzas a table per month with movement, amounts as $ 1.234.567 and the month total, with no axe violations', async () => {
    const user = userEvent.setup();
    const { container, calls } = renderAsStaff(<StaffEnrolments />, [
      on(ops.enrolmentOptions, ok(options)),
      on(ops.enrolments, ok(empty)),
      on(revenueStaffOperations.courseRevenue, ok(revenue)),
    ]);
    const open = await screen.findByRole('button', { name: 'Ver ingresos por curso y mes' });
    // Nothing asked for until someone opens it.
    expect(calls.some((c) => c.path.includes('ingresos'))).toBe(false);
    await user.click(open);
    const november = await screen.findByRole('table', { name: 'Ingresos de noviembre de 2026' });
    const octoberTable = screen.getByRole('table', { name: 'Ingresos de octubre de 2026' });
    expect(screen.queryByRole('table', { name: /septiembre/ })).toBeNull();
    expect(within(octoberTable).getAllByText('$ 1.234.567')).toHaveLength(2);
    const total = within(november).getByRole('rowheader', { name: 'Total del mes' }).closest('tr');
    expect(total?.textContent).toContain('-$ 39.900');
    expect(open.getAttribute('aria-expanded')).toBe('true');
    expect(await axeViolations(container)).toEqual([]);
  });

  it('is not offered to Cursos (Finanzas keeps the books)', async () => {
    renderAsStaff(<StaffEnrolments />, [on(ops.enrolmentOptions, ok(options)), on(ops.enrolments, ok(empty))], undefined, {
      ...staffSession,
      roles: ['cursos'],
    });
    await screen.findByRole('heading', { level: 1, name: 'Inscripciones' });
    expect(screen.queryByRole('button', { name: 'Ver ingresos por curso y mes' })).toBeNull();
  });
});
