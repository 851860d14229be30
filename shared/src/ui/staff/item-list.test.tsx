/**
 * @jest-environment jsdom
 */
import { describe, expect, it } from '@jest/globals';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ApiResult } from 'shared/api/client';
import { TextField } from '../form';
import { StaffFormFailure, useStaffForm } from './form';
import { useItemList } from './item-list';

type Values = { title: string; rows: { amount: string; note: string }[] };
const texts = { network: 'Sin conexión.', failed: 'No pudimos guardar.', sessionEnded: 'Tu sesión terminó.' };

function ListForm({ answers, saved }: { answers: ApiResult<{ id: number }>[]; saved: Values[] }) {
  const { form, field, formRef, onSubmit, ...submission } = useStaffForm<Values, { id: number }>({
    defaultValues: {
      title: 'Lista',
      rows: [
        { amount: '1', note: 'uno' },
        { amount: '2', note: 'dos' },
        { amount: '3', note: 'tres' },
      ],
    },
    send: async () => answers.shift()!,
    onSent: (_answer, values) => saved.push(values),
    texts,
  });
  const rows = useItemList(form, 'rows');
  return (
    <form ref={formRef} aria-label="Prueba" onSubmit={(e) => void onSubmit(e)} noValidate>
      <StaffFormFailure submission={submission} />
      {rows.fields.map((row, i) => (
        <div key={row.id}>
          <TextField label={`Monto ${i + 1}`} unmarked {...field(`rows.${i}.amount`)} />
          <TextField label={`Nota ${i + 1}`} unmarked {...field(`rows.${i}.note`)} />
          <button type="button" aria-label={`Quitar ${i + 1}`} onClick={() => rows.remove(i)}>
            Quitar
          </button>
        </div>
      ))}
      <button type="button" onClick={() => rows.append({ amount: '', note: '' })}>
        Agregar
      </button>
      <button type="submit">Guardar</button>
    </form>
  );
}

const valuesOf = (label: RegExp) => screen.getAllByLabelText(label).map((input) => (input as HTMLInputElement).value);
const errorOf = (input: HTMLElement) =>
  input.getAttribute('aria-invalid') === 'true'
    ? document.getElementById(input.getAttribute('aria-describedby')!.split(' ')[0]!)?.textContent
    : undefined;

describe('useItemList (a panel form’s list of items)', () => {
  it('removes an item with its values, adds one at the end with the focus on its first field, and sends the list as shown', async () => {
    const user = userEvent.setup();
    const saved: Values[] = [];
    render(<ListForm answers={[{ kind: 'ok', status: 200, data: { id: 1 } }]} saved={saved} />);
    await user.type(screen.getByLabelText('Nota 3'), ' más');
    await user.click(screen.getByRole('button', { name: 'Quitar 1' }));
    expect(valuesOf(/^Monto/)).toEqual(['2', '3']);
    expect(valuesOf(/^Nota/)).toEqual(['dos', 'tres más']);

    await user.click(screen.getByRole('button', { name: 'Agregar' }));
    expect(valuesOf(/^Monto/)).toEqual(['2', '3', '']);
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText('Monto 3')));
    await user.keyboard('40');
    await user.click(screen.getByRole('button', { name: 'Guardar' }));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]).toEqual({
      title: 'Lista',
      rows: [
        { amount: '2', note: 'dos' },
        { amount: '3', note: 'tres más' },
        { amount: '40', note: '' },
      ],
    });
  });

  it('keeps each refusal on the item it concerns when an earlier item is removed, and drops the removed one’s', async () => {
    const user = userEvent.setup();
    const refusal = (fields: Record<string, string>): ApiResult<{ id: number }> => ({
      kind: 'error',
      status: 400,
      error: 'validation_error',
      message: 'Revisa los montos.',
      fields,
    });
    render(<ListForm answers={[refusal({ 'rows.0.amount': 'El primero no.', 'rows.2.note': 'La tercera nota no.' })]} saved={[]} />);
    await user.click(screen.getByRole('button', { name: 'Guardar' }));
    await waitFor(() => expect(errorOf(screen.getByLabelText('Monto 1'))).toBe('El primero no.'));
    expect(errorOf(screen.getByLabelText('Nota 3'))).toBe('La tercera nota no.');

    await user.click(screen.getByRole('button', { name: 'Quitar 1' }));
    const form = screen.getByRole('form', { name: 'Prueba' });
    expect(
      within(form)
        .getAllByLabelText(/^Monto/)
        .map(errorOf),
    ).toEqual([undefined, undefined]);
    expect(errorOf(screen.getByLabelText('Nota 1'))).toBeUndefined();
    expect(errorOf(screen.getByLabelText('Nota 2'))).toBe('La tercera nota no.');
    expect(valuesOf(/^Nota/)).toEqual(['dos', 'tres']);
  });
});
