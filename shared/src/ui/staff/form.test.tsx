/**
 * @jest-environment jsdom
 */
import { describe, expect, it } from '@jest/globals';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ApiResult } from 'shared/api/client';
import { sessionEnded } from 'shared/api/staff-client';
import { StaffSessionContext, type StaffSession } from 'shared/staff-session';
import { SelectField, SubmitButton, TextField } from '../form';
import { StaffFormFailure, useStaffForm } from './form';
import { staffSession } from './testing';

type Values = { name: string; kind: string };
const texts = { network: 'Sin conexión.', failed: 'No pudimos guardar.', sessionEnded: 'Tu sesión terminó.' };

function NameForm({ answers, saved }: { answers: ApiResult<{ id: number }>[]; saved: Array<[number, Values]> }) {
  const { field, formRef, onSubmit, busy, ...submission } = useStaffForm<Values, { id: number }>({
    defaultValues: { name: '', kind: 'b' },
    send: async () => answers.shift()!,
    onSent: (answer, values) => saved.push([answer.id, values]),
    texts,
  });
  return (
    <form ref={formRef} aria-label="Prueba" onSubmit={(e) => void onSubmit(e)} noValidate>
      <StaffFormFailure submission={submission} />
      <TextField label="Nombre" required unmarked {...field('name')} />
      <SelectField
        label="Tipo"
        placeholder={null}
        options={[
          { value: 'a', label: 'A' },
          { value: 'b', label: 'B' },
        ]}
        {...field('kind')}
      />
      <SubmitButton busy={busy}>Guardar</SubmitButton>
    </form>
  );
}

const renderAs = (session: StaffSession, answers: ApiResult<{ id: number }>[], saved: Array<[number, Values]> = []) =>
  render(
    <StaffSessionContext.Provider value={session}>
      <NameForm answers={answers} saved={saved} />
    </StaffSessionContext.Provider>,
  );

describe('useStaffForm', () => {
  it('puts the server’s message for a field on that field, says why in an alert that takes focus, then sends again', async () => {
    const user = userEvent.setup();
    const saved: Array<[number, Values]> = [];
    renderAs(
      staffSession,
      [
        {
          kind: 'error',
          status: 400,
          error: 'validation_error',
          message: 'Revisa el nombre.',
          fields: { name: 'El nombre es muy corto.' },
        },
        { kind: 'ok', status: 201, data: { id: 7 } },
      ],
      saved,
    );
    // Required without the asterisk: the label is the label, and assistive technology still hears it.
    const name = screen.getByLabelText('Nombre');
    expect(name.getAttribute('aria-required')).toBe('true');
    expect(
      within(screen.getByLabelText('Tipo'))
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['A', 'B']);

    await user.type(name, 'A');
    await user.click(screen.getByRole('button', { name: 'Guardar' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe('Revisa el nombre.');
    expect(document.activeElement).toBe(alert);
    expect(name.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(name.getAttribute('aria-describedby')!)?.textContent).toBe('El nombre es muy corto.');

    await user.type(name, 'na');
    await user.click(screen.getByRole('button', { name: 'Guardar' }));
    await screen.findByRole('button', { name: 'Guardar' });
    expect(saved).toEqual([[7, { name: 'Ana', kind: 'b' }]]);
    expect(screen.queryByRole('alert')).toBeNull();
    expect(name.getAttribute('aria-invalid')).toBeNull();
  });

  it('says the session ended when the declared operation found none (the staff client sent nothing)', async () => {
    const user = userEvent.setup();
    renderAs(staffSession, [sessionEnded]);
    await user.click(screen.getByRole('button', { name: 'Guardar' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Tu sesión terminó.');
  });
});
