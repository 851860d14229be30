/**
 * @jest-environment jsdom
 */
import { describe, expect, it } from '@jest/globals';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useCallback } from 'react';
import { ok, on } from 'shared/api/fake-client';
import { answerType, defineOperation } from 'shared/api/operation';
import { useOperationCall } from 'shared/api/use-operation';
import { z } from 'shared/schemas/zod';
import { chosenFilters, isUnfiltered, Ledger, listBodyOf, type FilterField, type LedgerColumn } from './ledger';
import { renderAsStaff } from './testing';

/** A payable of its own (monthly-giving subscriptions), as it would describe itself to the ledger kit. */
type Filters = { q: string; plan: '' | 'mensual' | 'anual'; desde: string };
type Item = { reference: string; name: string; email: string; amount: number };
type Page = { items: Item[]; nextCursor: string | null; total: number | null };

const texts = {
  title: 'Suscripciones',
  intro: 'Las donaciones mensuales y anuales.',
  filtersTitle: 'Filtrar suscripciones',
  loading: 'Cargando las suscripciones…',
  failed: 'No pudimos cargar las suscripciones.',
  more: 'Cargar más suscripciones',
  loadedMore: (n: number) => `Se cargaron ${n} suscripciones más.`,
  empty: 'Ninguna suscripción coincide con los filtros.',
  emptyAll: 'Aún no hay suscripciones.',
  caption: (shown: number, total: number | null) => `Suscripciones: ${shown} de ${total ?? '?'}`,
  exportHint: 'El archivo tiene las suscripciones del plan elegido.',
};
const filters: FilterField<Filters>[] = [
  {
    kind: 'select',
    key: 'plan',
    label: 'Plan',
    any: 'Todos los planes',
    options: () => [
      { value: 'mensual', label: 'Mensual' },
      { value: 'anual', label: 'Anual' },
    ],
    resets: ['desde'],
  },
  { kind: 'date', key: 'desde', label: 'Desde' },
];
const columns: LedgerColumn<Item>[] = [{ header: 'Valor', cell: (item) => `$ ${item.amount}`, nowrap: true }];
const item = (n: number): Item => ({ reference: `SUS-${n}`, name: `Persona ${n}`, email: `p${n}@example.com`, amount: n * 1000 });

/** Its list, declared as a domain declares its ledger's page (#27). */
const subscriptions = defineOperation({
  method: 'POST',
  path: '/api/giving/staff/suscripciones/lista',
  body: z.object({
    plan: z.optional(z.string()),
    desde: z.optional(z.string()),
    q: z.optional(z.string()),
    cursor: z.optional(z.string()),
  }),
  response: answerType<Page>(),
  roles: ['finanzas'],
  summary: 'Suscripciones',
});

function Subscriptions() {
  const list = useOperationCall(subscriptions);
  const page = useCallback((body: ReturnType<typeof listBodyOf<Filters>>) => list({ body }), [list]);
  const file = useCallback(async () => null, []);
  return (
    <Ledger
      prefix="suscripciones"
      texts={texts}
      initial={{ q: '', plan: '', desde: '' }}
      filters={filters}
      page={page}
      file={file}
      filename={() => 'suscripciones.csv'}
      summaryOf={(page) => page.total}
      totalOf={(total) => total}
      whoColumn="Donante"
      columns={columns}
      hrefOf={(i) => `/equipo/suscripciones/${i.reference}`}
    />
  );
}

describe('ledger kit', () => {
  it('keeps the chosen filters without the search for the export, and adds search and cursor for a page', () => {
    const f: Filters = { q: '  Lucía ', plan: 'anual', desde: '' };
    expect(chosenFilters(f)).toEqual({ plan: 'anual' });
    expect(listBodyOf(f, '42')).toEqual({ plan: 'anual', q: 'Lucía', cursor: '42' });
    expect(isUnfiltered({ q: ' ', plan: '', desde: '' })).toBe(true);
    expect(isUnfiltered(f)).toBe(false);
  });

  it('lists a payable from its description: filters applied on submit, its columns, the total, and more pages', async () => {
    const user = userEvent.setup();
    const { calls } = renderAsStaff(<Subscriptions />, [
      on(
        subscriptions,
        ok({ items: [item(3), item(2)], nextCursor: '2', total: 3 }),
        ok({ items: [item(1)], nextCursor: null, total: null }),
        ok({ items: [], nextCursor: null, total: 0 }),
      ),
    ]);
    const table = await screen.findByRole('table', { name: 'Suscripciones: 2 de 3' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Donante', 'Valor']);
    expect(within(table).getByRole('link', { name: 'Persona 3' }).getAttribute('href')).toBe('/equipo/suscripciones/SUS-3');

    await user.click(screen.getByRole('button', { name: 'Cargar más suscripciones' }));
    await waitFor(() => expect(document.activeElement?.textContent).toBe('Persona 1'));
    expect(screen.getByRole('table', { name: 'Suscripciones: 3 de 3' })).toBeTruthy();

    // A date, then another plan: the plan's `resets` empties the date.
    await user.type(screen.getByLabelText('Desde'), '2026-01-01');
    await user.selectOptions(screen.getByLabelText('Plan'), 'anual');
    expect((screen.getByLabelText('Desde') as HTMLInputElement).value).toBe('');
    await user.type(screen.getByLabelText(/Buscar por nombre/), 'Lucía');
    await user.click(screen.getByRole('button', { name: 'Aplicar filtros' }));
    expect((await screen.findByText('Ninguna suscripción coincide con los filtros.')).getAttribute('role')).toBe('status');
    expect(calls.map((c) => c.body)).toEqual([{}, { cursor: '2' }, { plan: 'anual', q: 'Lucía' }]);
    // The staff client brought the session's token; the screen handled none.
    expect(calls.every((c) => c.token === 'token-de-ana')).toBe(true);
  });
});
