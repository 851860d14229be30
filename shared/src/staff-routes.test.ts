import { describe, expect, it } from '@jest/globals';
import { matchStaffRoute, type StaffRoute } from './staff-routes';

describe('the panel’s route matching', () => {
  const route = (pattern: string, screen: string): StaffRoute => ({ pattern, owner: 'x', screen, title: screen, roles: ['cursos'] });

  it('takes a fixed page over a pattern that would read its last segment as an id, whatever the table’s order', () => {
    const table = [route('/equipo/casos/:radicado', 'Case'), route('/equipo/casos/informe', 'Report'), route('/equipo/casos', 'Inbox')];
    expect(matchStaffRoute(table, '/equipo/casos/informe')?.route.screen).toBe('Report');
    expect(matchStaffRoute([...table].reverse(), '/equipo/casos/informe')?.route.screen).toBe('Report');
    expect(matchStaffRoute(table, '/equipo/casos/1234')).toEqual({ route: table[0], params: { radicado: '1234' } });
    expect(matchStaffRoute(table, '/equipo/casos/')?.route.screen).toBe('Inbox');
    expect(matchStaffRoute(table, '/equipo/casos/1/mas')).toBeUndefined();
  });
});
