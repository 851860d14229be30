/**
 * @jest-environment jsdom
 */
import { describe, expect, it } from '@jest/globals';
import { render, screen, within } from '@testing-library/react';
import { PaymentDetailText, PaymentHistory, PaymentStatusText, PaymentTypeText } from './record';
import type { PaymentEvent } from '../../payments/ledger';

const event = (over: Partial<PaymentEvent>): PaymentEvent => ({
  paymentId: '7001',
  status: 'approved',
  statusDetail: 'accredited',
  amount: 119900,
  currency: 'COP',
  source: 'notification',
  applied: true,
  seenAt: '2026-11-20T15:05:00.000Z',
  ...over,
});

/** Without "código del proveedor: …" (where the staff may read an unnamed code), what the screen says. */
const withoutCodes = (el: HTMLElement) => {
  const copy = el.cloneNode(true) as HTMLElement;
  copy.querySelectorAll('code').forEach((c) => c.parentElement?.remove());
  return copy.textContent ?? '';
};

/** Readable payment methods and statuses on the staff's records (#31): words first, a raw code only apart and labelled. */
describe('payment statuses and methods on a record', () => {
  it('names known codes in Spanish and shows no provider code at all', () => {
    const { container } = render(
      <PaymentHistory
        history={[
          event({ status: 'pending', statusDetail: 'pending_contingency' }),
          event({ status: 'rejected', statusDetail: 'cc_rejected_insufficient_amount', paymentId: '7002' }),
          event({}),
        ]}
        discrepancies={[]}
      />,
    );
    const table = screen.getByRole('table');
    expect(within(table).getByText('Rechazado: fondos insuficientes')).toBeTruthy();
    expect(within(table).getByText('Pendiente: el pago se está procesando')).toBeTruthy();
    expect(within(table).getByText('Aprobado')).toBeTruthy();
    expect(container.textContent).not.toMatch(/accredited|cc_rejected|pending_contingency|approved|rejected/);
    expect(container.querySelector('code')).toBeNull();
  });

  it('names each payment type', () => {
    const { container } = render(
      <ul>
        {['credit_card', 'debit_card', 'account_money', 'ticket', 'bank_transfer'].map((type) => (
          <li key={type}>
            <PaymentTypeText type={type} />
          </li>
        ))}
      </ul>,
    );
    expect(screen.getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      'Tarjeta de crédito',
      'Tarjeta débito',
      'Dinero en cuenta de Mercado Pago',
      'Efectivo',
      'Transferencia bancaria (PSE)',
    ]);
    expect(container.querySelector('code')).toBeNull();
  });

  it('gives an unnamed code a Spanish text, with the code only apart and labelled as the provider’s', () => {
    const { container } = render(
      <p>
        <PaymentTypeText type="crypto_voucher" /> · <PaymentDetailText status="approved" detail="new_detail_code" /> ·{' '}
        <PaymentStatusText status="weird_status" />
      </p>,
    );
    const shown = withoutCodes(container);
    expect(shown).toContain('Otro medio de pago');
    expect(shown).toContain('Aprobado');
    expect(shown).toContain('Otro estado del pago');
    expect(shown).not.toMatch(/crypto_voucher|new_detail_code|weird_status/);
    expect([...container.querySelectorAll('code')].map((c) => c.parentElement?.textContent?.trim())).toEqual([
      '(código del proveedor: crypto_voucher)',
      '(código del proveedor: new_detail_code)',
      '(código del proveedor: weird_status)',
    ]);
  });
});
