/**
 * @jest-environment jsdom
 */
import { describe, expect, it } from '@jest/globals';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HONEYPOT_FIELD } from '../schemas/common';
import { z } from '../schemas/zod';
import { SubmitButton, TextField } from './form';
import { SubmitErrors } from './error-summary';
import { failed, fieldsOf, sent, SubmissionForm, useFormSubmission, type Sent } from './submission-form';
import { useZodForm } from './use-zod-form';

const schema = z.object({
  name: z.string().check(z.trim(), z.minLength(1, { error: 'Escribe tu nombre' })),
  email: z.string().check(z.trim(), z.minLength(1, { error: 'Escribe tu correo' })),
});
type Values = z.output<typeof schema>;
type Send = (values: Values, extras: { honeypot: string }) => Promise<Sent<string>>;

/** A two-field form of the kit, the way a screen writes one. */
function KitForm({ send, failureInSummary = false }: { send: Send; failureInSummary?: boolean }) {
  const form = useZodForm(schema, { shouldFocusError: false });
  const field = fieldsOf(form);
  const submission = useFormSubmission(form, send);
  if (submission.state.kind === 'sent') return <p role="status">Guardado: {submission.state.answer}</p>;
  return (
    <SubmissionForm
      aria-label="Prueba"
      submission={submission}
      summary={<SubmitErrors form={form} submission={submission} failureInSummary={failureInSummary} />}
      {...(failureInSummary ? { failure: 'in-summary' as const } : {})}
    >
      <TextField label="Nombre" {...field('name')} />
      <TextField label="Correo" {...field('email')} />
      <SubmitButton busy={submission.busy} busyLabel="Procesando...">
        Enviar
      </SubmitButton>
    </SubmissionForm>
  );
}

/** A send the test answers when it chooses, to see the form while it waits. */
function heldSend() {
  const calls: Array<{ values: Values; honeypot: string; answer: (result: Sent<string>) => void }> = [];
  const send: Send = (values, { honeypot }) => new Promise((resolve) => calls.push({ values, honeypot, answer: resolve }));
  return { send, calls };
}

describe('form kit (SubmissionForm, SubmitErrors, useFormSubmission)', () => {
  it('is a POST form, so a press it does not handle yet never puts the fields in an address (served islands, #33)', () => {
    const { send } = heldSend();
    render(<KitForm send={send} />);
    const form = screen.getByRole('form', { name: 'Prueba' });
    expect(form.getAttribute('method')).toBe('post');
    expect(form.getAttribute('action')).toBeNull();
  });

  it('lists the schema messages in field order, takes focus, and each message puts the cursor on its field', async () => {
    const user = userEvent.setup();
    const { send, calls } = heldSend();
    render(<KitForm send={send} />);

    await user.click(screen.getByRole('button', { name: 'Enviar' }));
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Por favor corrige los siguientes errores:')).toBeTruthy();
    expect(
      within(alert)
        .getAllByRole('link')
        .map((a) => a.textContent),
    ).toEqual(['Escribe tu nombre', 'Escribe tu correo']);
    expect(document.activeElement).toBe(alert);
    expect(calls).toHaveLength(0);

    await user.click(within(alert).getByRole('link', { name: 'Escribe tu correo' }));
    expect(document.activeElement).toBe(screen.getByLabelText('Correo'));
  });

  it('takes focus again on every failed attempt, and drops a message once its field is fixed', async () => {
    const user = userEvent.setup();
    render(<KitForm send={heldSend().send} />);
    await user.click(screen.getByRole('button', { name: 'Enviar' }));
    await user.type(screen.getByLabelText('Nombre'), 'Ana');
    expect(screen.getByRole('alert').textContent).not.toContain('Escribe tu nombre');
    expect(document.activeElement).toBe(screen.getByLabelText('Nombre'));

    await user.click(screen.getByRole('button', { name: 'Enviar' }));
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('alert')));
    expect(screen.getByRole('alert').textContent).toContain('Escribe tu correo');
  });

  it("shows the busy label while sending, and the honeypot's value reaches send only when something filled it", async () => {
    const user = userEvent.setup();
    const { send, calls } = heldSend();
    const { container } = render(<KitForm send={send} />);
    await user.type(screen.getByLabelText('Nombre'), 'Ana');
    await user.type(screen.getByLabelText('Correo'), 'ana@example.com');
    await user.click(screen.getByRole('button', { name: 'Enviar' }));

    const busy = await screen.findByRole('button', { name: 'Procesando...' });
    expect((busy as HTMLButtonElement).disabled).toBe(true);
    expect(calls[0]).toMatchObject({ values: { name: 'Ana', email: 'ana@example.com' }, honeypot: '' });
    calls[0]!.answer(failed('No se pudo'));
    await screen.findByText('No se pudo');

    // A bot fills every input it finds, the hidden one too.
    const honeypot = container.querySelector<HTMLInputElement>(`input[name="${HONEYPOT_FIELD}"]`)!;
    expect(honeypot.closest('[aria-hidden="true"]')).not.toBeNull();
    await user.type(honeypot, 'http://spam.example');
    await user.click(screen.getByRole('button', { name: 'Enviar' }));
    await waitFor(() => expect(calls).toHaveLength(2));
    expect(calls[1]!.honeypot).toBe('http://spam.example');
  });

  it('a failed send keeps the values, puts the server messages on their fields, and can be sent again', async () => {
    const user = userEvent.setup();
    const { send, calls } = heldSend();
    render(<KitForm send={send} failureInSummary />);
    await user.type(screen.getByLabelText('Nombre'), 'Ana');
    await user.type(screen.getByLabelText('Correo'), 'ana@');
    await user.click(screen.getByRole('button', { name: 'Enviar' }));
    await waitFor(() => expect(calls).toHaveLength(1));

    calls[0]!.answer(failed('Revisa los datos', { fields: { email: 'Correo no válido' } }));
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByRole('link', { name: 'Correo no válido' })).toBeTruthy();
    expect(screen.getByLabelText('Correo').getAttribute('aria-invalid')).toBe('true');
    expect((screen.getByLabelText('Nombre') as HTMLInputElement).value).toBe('Ana');
    await waitFor(() => expect(document.activeElement).toBe(alert));

    await user.clear(screen.getByLabelText('Correo'));
    await user.type(screen.getByLabelText('Correo'), 'ana@example.com');
    await user.click(screen.getByRole('button', { name: 'Enviar' }));
    await waitFor(() => expect(calls).toHaveLength(2));
    calls[1]!.answer(failed('Error procesando. Intenta de nuevo.'));
    // Nothing wrong with the fields: the alert says why the send failed, and takes focus.
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('Error procesando. Intenta de nuevo.'));
    expect(document.activeElement).toBe(screen.getByRole('alert'));

    await user.click(screen.getByRole('button', { name: 'Enviar' }));
    await waitFor(() => expect(calls).toHaveLength(3));
    calls[2]!.answer(sent('REF-1'));
    expect((await screen.findByRole('status')).textContent).toBe('Guardado: REF-1');
  });
});
