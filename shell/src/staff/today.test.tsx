/**
 * @jest-environment jsdom
 */
import { describe, expect, it } from '@jest/globals';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { networkDown, ok, on } from 'shared/api/fake-client';
import { myNoticesOperations } from 'shared/today/notice-operations';
import { todayOperationOf } from 'shared/today/operations';
import type { TodayItem } from 'shared/today/schemas';
import { axeViolations, renderAsStaff } from 'shared/ui/staff/testing';
import { todayDomains } from '../../../site/staff-routes';
import StaffToday, { TodayScreen } from './today';
import { sectionCounts, TodayContext, todayFailed, useToday } from './today-data';

const domains = [
  { domain: 'community', label: 'Comunidad y PQRSF' },
  { domain: 'giving', label: 'Donaciones' },
];
// Ana holds atención and datos, so Hoy also asks for her choice of e-mails on new cases (new-case-notices.test.tsx).
const myNotices = on(myNoticesOperations.read, ok({ newCases: true }));
const item = (over: Partial<TodayItem> & Pick<TodayItem, 'key' | 'label'>): TodayItem => ({
  count: 1,
  tone: 'pendiente',
  href: '/equipo/pqrsf',
  section: null,
  ...over,
});
const pqrsf = [
  item({ key: 'community.pqrsf.vencidas', label: '1 PQRSF vencida', tone: 'vencido', href: '/equipo/pqrsf?plazo=vencidas' }),
  item({ key: 'community.pqrsf.pronto', label: '0 PQRSF vencen pronto', count: 0, tone: 'pronto' }),
  item({ key: 'community.pqrsf.abiertas', label: '4 PQRSF abiertas', count: 4, section: '/equipo/pqrsf' }),
];
const giving = [
  item({
    key: 'giving.certificates.anuales',
    label: '2 donantes de 2025 sin certificado anual',
    count: 2,
    tone: 'info',
    href: '/equipo/certificados?anio=2025',
  }),
];

describe('Hoy (/equipo/hoy)', () => {
  it('groups what is urgent, what waits and what to know, each a link to its filtered list; zero counts are left out', async () => {
    const { container } = renderAsStaff(<TodayScreen domains={domains} />, [
      myNotices,
      on(todayOperationOf('community'), ok({ items: pqrsf })),
      on(todayOperationOf('giving'), ok({ items: giving })),
    ]);
    const urgent = await screen.findByRole('region', { name: 'Urgente' });
    expect(within(urgent).getByRole('link', { name: '1 PQRSF vencida' }).getAttribute('href')).toBe('/equipo/pqrsf?plazo=vencidas');
    expect(within(screen.getByRole('region', { name: 'Por atender' })).getByRole('link').textContent).toBe('4 PQRSF abiertas');
    expect(
      within(screen.getByRole('region', { name: 'Para tener en cuenta' }))
        .getByRole('link')
        .getAttribute('href'),
    ).toBe('/equipo/certificados?anio=2025');
    expect(screen.queryByText('0 PQRSF vencen pronto')).toBeNull();
    expect(await axeViolations(container)).toEqual([]);
  });

  it('leads a member to "Mis casos" first, per kind, even at zero, without adding to the menu\'s counters', async () => {
    const mine: [TodayItem, TodayItem] = [
      item({
        key: 'community.pqrsf.mias',
        label: '2 PQRSF abiertas asignadas a ti',
        count: 2,
        tone: 'mio',
        href: '/equipo/pqrsf?asignacion=mias',
      }),
      item({
        key: 'account.data-requests.mias',
        label: '0 solicitudes sobre datos personales abiertas asignadas a ti',
        count: 0,
        tone: 'mio',
        href: '/equipo/datos-personales?asignacion=mias',
      }),
    ];
    const { container } = renderAsStaff(<TodayScreen domains={domains} />, [
      myNotices,
      on(todayOperationOf('community'), ok({ items: [mine[0], ...pqrsf, mine[1]] })),
      on(todayOperationOf('giving'), ok({ items: giving })),
    ]);
    const own = await screen.findByRole('region', { name: 'Mis casos' });
    expect(
      within(own)
        .getAllByRole('link')
        .map((a) => [a.textContent, a.getAttribute('href')]),
    ).toEqual([
      ['2 PQRSF abiertas asignadas a ti', '/equipo/pqrsf?asignacion=mias'],
      ['0 solicitudes sobre datos personales abiertas asignadas a ti', '/equipo/datos-personales?asignacion=mias'],
    ]);
    // The first group on the page.
    expect(screen.getAllByRole('heading', { level: 2 })[0]?.textContent).toBe('Mis casos');
    expect(sectionCounts({ items: [...mine, ...pqrsf], failed: [] })).toEqual({ '/equipo/pqrsf': 4 });
    expect(await axeViolations(container)).toEqual([]);
  });

  it("says all is done when nothing waits, and still shows the way to one's own cases", async () => {
    renderAsStaff(<TodayScreen domains={domains} />, [
      myNotices,
      on(
        todayOperationOf('community'),
        ok({ items: [item({ key: 'community.pqrsf.mias', label: '0 PQRSF abiertas asignadas a ti', count: 0, tone: 'mio' })] }),
      ),
      on(todayOperationOf('giving'), ok({ items: [] })),
    ]);
    expect(await screen.findByText('Nada pendiente en tus secciones. ¡Todo al día!')).toBeTruthy();
    expect(within(screen.getByRole('region', { name: 'Mis casos' })).getByRole('link').textContent).toBe('0 PQRSF abiertas asignadas a ti');
  });

  it('says all is done when nothing waits', async () => {
    renderAsStaff(<TodayScreen domains={domains} />, [
      myNotices,
      on(todayOperationOf('community'), ok({ items: pqrsf.map((i) => ({ ...i, count: 0 })) })),
      on(todayOperationOf('giving'), ok({ items: [] })),
    ]);
    expect(await screen.findByText('Nada pendiente en tus secciones. ¡Todo al día!')).toBeTruthy();
  });

  it('keeps the areas that answered on screen and names the one that did not, without claiming it is done', async () => {
    renderAsStaff(<TodayScreen domains={domains} />, [
      myNotices,
      on(todayOperationOf('community'), ok({ items: pqrsf })),
      on(todayOperationOf('giving'), networkDown),
    ]);
    expect((await screen.findByRole('alert')).textContent).toContain('No pudimos revisar lo de Donaciones.');
    expect(screen.getByRole('link', { name: '1 PQRSF vencida' })).toBeTruthy();
    expect(screen.queryByText(/Todo al día/)).toBeNull();
  });

  it('offers a retry when no area answered, and shows the items once they come', async () => {
    renderAsStaff(<TodayScreen domains={domains} />, [
      myNotices,
      on(todayOperationOf('community'), networkDown, ok({ items: pqrsf })),
      on(todayOperationOf('giving'), networkDown, ok({ items: giving })),
    ]);
    await userEvent.click(await screen.findByRole('button', { name: 'Intentar de nuevo' }));
    expect(await screen.findByRole('link', { name: '4 PQRSF abiertas' })).toBeTruthy();
  });

  it("shows the panel frame's answers without asking the domains a second time", async () => {
    // The frame asks every domain once for its menu's counters and hands the answers to the page.
    function Frame() {
      const today = useToday(todayDomains, { failed: todayFailed });
      return (
        <TodayContext.Provider value={today}>
          <StaffToday />
        </TodayContext.Provider>
      );
    }
    const { calls } = renderAsStaff(<Frame />, [
      myNotices,
      ...todayDomains.map(({ domain }) => on(todayOperationOf(domain), ok({ items: domain === 'community' ? pqrsf : [] }))),
    ]);
    expect(await screen.findByRole('link', { name: '4 PQRSF abiertas' })).toBeTruthy();
    expect(calls.filter((c) => c.path.endsWith('/staff/hoy'))).toHaveLength(todayDomains.length);
  });
});
