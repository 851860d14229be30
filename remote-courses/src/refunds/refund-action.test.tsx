/**
 * @jest-environment jsdom
 */
import { describe, expect, it, jest } from '@jest/globals';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { apiError, networkDown, ok, on } from 'shared/api/fake-client';
import { axeViolations, renderAsStaff, staffSession } from 'shared/ui/staff/testing';
import { refundStaffOperations as ops } from './operations';
import { pesosOf, RefundAction } from './refund-action';
import type { RefundSummary } from './schemas';

const untouched: RefundSummary = { paid: 119_900, refunded: 0, refundable: 119_900, refunds: [] };
const action = (onRefunded = () => {}) => (
  <RefundAction
    reference="CUR-1"
    studentName="José Núñez"
    courseTitle="Desarrollo de Software"
    paymentStatus="approved"
    onRefunded={onRefunded}
  />
);
const reason = 'El estudiante no puede asistir por trabajo.';

describe('RefundAction (the record page’s "Reembolsar", #31)', () => {
  it('refunds a part only after a confirmation naming the amount and the student, with no axe violations', async () => {
    const user = userEvent.setup();
    const refunded = jest.fn();
    const { calls, container } = renderAsStaff(action(refunded), [
      on(ops.enrolmentRefunds, ok(untouched)),
      on(ops.refundEnrolment, ok({ paid: 119_900, refunded: 20_000, refundable: 99_900, refunds: [] })),
    ]);
    await user.click(await screen.findByRole('button', { name: 'Reembolsar' }));
    await user.click(screen.getByRole('radio', { name: 'Una parte' }));
    await user.type(screen.getByLabelText(/Valor a reembolsar/), '20.000');
    await user.type(screen.getByLabelText(/Motivo/), reason);
    expect(await axeViolations(container)).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'Revisar el reembolso' }));

    const dialog = screen.getByRole('dialog', { name: '¿Reembolsar $ 20.000?' });
    expect(within(dialog).getByText(/Se devolverán \$ 20\.000 a José Núñez por Desarrollo de Software/)).toBeTruthy();
    // Nothing asked of the server before the confirmation; the dialog opens on Cancelar.
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);
    expect(document.activeElement?.textContent).toBe('Cancelar');
    await user.click(within(dialog).getByRole('button', { name: 'Sí, reembolsar $ 20.000' }));

    expect(await screen.findByText('Se reembolsaron $ 20.000 a José Núñez. Le enviamos un correo.')).toBeTruthy();
    const sent = calls.filter((c) => c.method === 'POST');
    expect(sent).toHaveLength(1);
    expect(sent[0]?.body).toEqual({ monto: 20_000, motivo: reason, clave: expect.stringMatching(/^[0-9a-f-]{36}$/) });
    expect(refunded).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('asks for what is missing, refuses more than is left before calling, and sends the same key again on a retry', async () => {
    const user = userEvent.setup();
    const { calls } = renderAsStaff(action(), [
      on(ops.enrolmentRefunds, ok(untouched)),
      on(ops.refundEnrolment, networkDown, ok({ ...untouched, refunded: 119_900, refundable: 0 })),
    ]);
    await user.click(await screen.findByRole('button', { name: 'Reembolsar' }));
    await user.click(screen.getByRole('button', { name: 'Revisar el reembolso' }));
    expect(screen.getByText('Escribe el motivo del reembolso (entre 10 y 500 caracteres).')).toBeTruthy();
    await user.click(screen.getByRole('radio', { name: 'Una parte' }));
    await user.type(screen.getByLabelText(/Valor a reembolsar/), '200000');
    await user.type(screen.getByLabelText(/Motivo/), reason);
    await user.click(screen.getByRole('button', { name: 'Revisar el reembolso' }));
    expect(screen.getByText('El valor supera lo que queda por reembolsar ($ 119.900).')).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();

    // The whole of it: the dialog says the enrolment is cancelled; the first answer is lost, the retry keeps the key.
    await user.click(screen.getByRole('radio', { name: /Todo lo que queda/ }));
    await user.click(screen.getByRole('button', { name: 'Revisar el reembolso' }));
    const dialog = screen.getByRole('dialog', { name: '¿Reembolsar $ 119.900?' });
    expect(within(dialog).getByText(/la inscripción queda cancelada/)).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Sí, reembolsar $ 119.900' }));
    expect(await within(dialog).findByText(/No sabemos si el reembolso se hizo/)).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Sí, reembolsar $ 119.900' }));
    await screen.findByText('Se reembolsaron $ 119.900 a José Núñez. Le enviamos un correo.');
    const [first, second] = calls.filter((c) => c.method === 'POST').map((c) => c.body as { clave: string; monto: number });
    expect(first?.monto).toBe(119_900);
    expect(second?.clave).toBe(first?.clave);
    // Nothing is left to refund: no button any more, and the page is told to read the record again.
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Reembolsar' })).toBeNull());
    expect(screen.getByText('Este pago ya fue reembolsado por completo.')).toBeTruthy();
  });

  it('shows the server’s word on the amount back in the form', async () => {
    const user = userEvent.setup();
    renderAsStaff(action(), [
      on(ops.enrolmentRefunds, ok(untouched), ok({ ...untouched, refunded: 100_000, refundable: 19_900 })),
      on(
        ops.refundEnrolment,
        apiError(400, 'validation_error', 'El valor supera lo que queda por reembolsar de este pago ($ 19.900).', {
          monto: 'El valor supera lo que queda por reembolsar de este pago ($ 19.900).',
        }),
      ),
    ]);
    await user.click(await screen.findByRole('button', { name: 'Reembolsar' }));
    await user.click(screen.getByRole('radio', { name: 'Una parte' }));
    await user.type(screen.getByLabelText(/Valor a reembolsar/), '50000');
    await user.type(screen.getByLabelText(/Motivo/), reason);
    await user.click(screen.getByRole('button', { name: 'Revisar el reembolso' }));
    await user.click(screen.getByRole('button', { name: 'Sí, reembolsar $ 50.000' }));
    expect(await screen.findByText('El valor supera lo que queda por reembolsar de este pago ($ 19.900).')).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('is not there for Cursos, and asks nothing of the server', async () => {
    const { calls } = renderAsStaff(action(), [], undefined, { ...staffSession, roles: ['cursos'] });
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(screen.queryByRole('button', { name: 'Reembolsar' })).toBeNull();
    expect(calls).toHaveLength(0);
  });

  it('reads pesos as staff write them and nothing else', () => {
    expect(pesosOf('20.000')).toBe(20_000);
    expect(pesosOf('$ 1 500')).toBe(1_500);
    expect(pesosOf('1500,50')).toBeNull();
    expect(pesosOf('0')).toBeNull();
    expect(pesosOf('diez')).toBeNull();
  });
});
