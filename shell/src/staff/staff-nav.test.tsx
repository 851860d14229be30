/**
 * @jest-environment jsdom
 */
import { describe, expect, it, jest } from '@jest/globals';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { NavigationContext, type Navigation } from 'shared/navigation';
import { staffRoutes } from '../../../site/staff-routes';
import { StaffNav } from './staff-nav';

const sections = staffRoutes.filter((r) => r.nav);

function renderNav(pathname = '/equipo/pqrsf') {
  const navigate = jest.fn<Navigation['navigate']>();
  const nav = (path: string) => (
    <NavigationContext.Provider value={{ pathname: path, search: '', hash: '', navigate }}>
      <StaffNav sections={sections} current={path} />
    </NavigationContext.Provider>
  );
  const view = render(nav(pathname));
  return { navigate, rerender: (path: string) => view.rerender(nav(path)) };
}

const toggle = () => screen.getByRole('button', { name: 'Menú del panel' });
const list = () => document.getElementById(toggle().getAttribute('aria-controls') ?? '');

describe('the panel menu as a disclosure (narrow screens)', () => {
  it('starts closed, names the list it controls, and opens and closes with the button', async () => {
    renderNav();
    expect(toggle().getAttribute('aria-expanded')).toBe('false');
    expect(list()?.tagName).toBe('UL');
    expect(list()?.getAttribute('data-open')).toBe('false');
    expect(screen.getByRole('navigation', { name: 'Secciones del panel' }).contains(toggle())).toBe(true);

    await userEvent.click(toggle());
    expect(toggle().getAttribute('aria-expanded')).toBe('true');
    expect(list()?.getAttribute('data-open')).toBe('true');
    await userEvent.click(toggle());
    expect(toggle().getAttribute('aria-expanded')).toBe('false');
  });

  it('Escape from a section link closes it and returns focus to the button', async () => {
    renderNav();
    toggle().focus();
    await userEvent.keyboard('{Enter}');
    expect(toggle().getAttribute('aria-expanded')).toBe('true');
    await userEvent.tab();
    expect(document.activeElement?.textContent).toBe(sections[0]?.nav);
    await userEvent.keyboard('{Escape}');
    expect(toggle().getAttribute('aria-expanded')).toBe('false');
    expect(document.activeElement).toBe(toggle());
  });

  it('choosing a section navigates there and closes the menu; any navigation leaves it closed', async () => {
    const { navigate, rerender } = renderNav();
    await userEvent.click(toggle());
    await userEvent.click(screen.getByRole('link', { name: 'Donaciones' }));
    expect(navigate).toHaveBeenCalledWith('/equipo/donaciones');
    expect(toggle().getAttribute('aria-expanded')).toBe('false');

    await userEvent.click(toggle());
    rerender('/equipo/auditoria');
    expect(toggle().getAttribute('aria-expanded')).toBe('false');
    expect(screen.getByRole('link', { name: 'Auditoría' }).getAttribute('aria-current')).toBe('page');
  });
});

describe('the menu counters', () => {
  it('shows what waits beside a section and says it to a screen reader, and nothing for a section with none', () => {
    render(
      <NavigationContext.Provider value={{ pathname: '/equipo/hoy', search: '', hash: '', navigate: jest.fn<Navigation['navigate']>() }}>
        <StaffNav sections={sections} current="/equipo/hoy" counts={{ '/equipo/pqrsf': 4, '/equipo/pagos': 0 }} />
      </NavigationContext.Provider>,
    );
    expect(screen.getByRole('link', { name: /^PQRSF ?, 4 por atender$/ }).getAttribute('href')).toBe('/equipo/pqrsf');
    expect(screen.getByRole('link', { name: 'Pagos' })).toBeTruthy();
  });
});
