/**
 * @jest-environment jsdom
 */
import { describe, expect, it } from '@jest/globals';
import { render, screen } from '@testing-library/react';
import { StaffTable } from './kit';

describe('StaffTable labels each cell by its column header (the phone layout draws the label)', () => {
  it('writes data-label and keeps the table’s roles, rows added later included', () => {
    const rows = (n: number) =>
      Array.from({ length: n }, (_, i) => (
        <tr key={i}>
          <th scope="row">Caso {i}</th>
          <td colSpan={2}>Abierto y vencido</td>
          <td>21 de diciembre de 2025</td>
        </tr>
      ));
    const table = (n: number) => (
      <StaffTable caption="Casos" columns={['Radicado', 'Estado', 'Detalle', 'Vence']}>
        {rows(n)}
      </StaffTable>
    );
    const view = render(table(1));
    view.rerender(table(2));
    const second = screen.getAllByRole('row')[2];
    const cells = [...(second?.children ?? [])];
    expect(cells.map((c) => c.getAttribute('data-label'))).toEqual(['Radicado', 'Estado', 'Vence']);
    expect(cells.map((c) => c.getAttribute('role'))).toEqual(['rowheader', 'cell', 'cell']);
    expect(screen.getByRole('table', { name: 'Casos' })).toBeTruthy();
    expect(screen.getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['Radicado', 'Estado', 'Detalle', 'Vence']);
  });
});
