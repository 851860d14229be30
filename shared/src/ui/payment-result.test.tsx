/**
 * @jest-environment jsdom
 */
import { beforeEach, describe, expect, it, jest } from '@jest/globals';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useMemo, useState } from 'react';
import type { ApiResult } from '../api/client';
import { NavigationContext, type Navigation } from '../navigation';
import { rememberClaim } from '../payments/browser-storage';
import type { PaymentStatusRequest, PaymentStatusResponse } from '../payments/schemas';
import { PaymentResult, type ReceiptLine } from './payment-result';

/** A course payment's answer as the courses API gives it. */
type CourseAnswer = PaymentStatusResponse & { course_title: string; module_name: string; course_url: string };

const claim = 'c'.repeat(32);
const paths = { success: '/pago/exitoso', failure: '/pago/error', pending: '/pago/pendiente' };
const resultOf = (pathname: string) => (pathname === paths.failure ? 'failure' : pathname === paths.pending ? 'pending' : 'success');

const answer = (over: Partial<CourseAnswer> = {}): CourseAnswer => ({
  payment_id: '1500000001',
  status: 'approved',
  status_detail: 'accredited',
  payment_type: 'credit_card',
  payment_method: 'master',
  external_reference: 'ENR-prueba',
  amount: 119900,
  date_created: '2026-03-02T09:15:00.000-05:00',
  date_approved: '2026-03-02T09:15:00.000-05:00',
  // 19:32 UTC is 14:32 in Colombia.
  checked_at: '2026-03-02T19:32:10.000Z',
  course_title: 'Desarrollo de Software',
  module_name: 'Fundamentos de Javascript y AWS S3',
  course_url: '/desarrollo-software',
  ...over,
});

const ok = (data: CourseAnswer): ApiResult<CourseAnswer> => ({ kind: 'ok', status: 200, data });
const notFound: ApiResult<CourseAnswer> = { kind: 'error', status: 404, error: 'not_found', message: 'No encontramos ese pago.' };

type Check = (body: PaymentStatusRequest) => Promise<ApiResult<CourseAnswer>>;

const describeCourse = (p: CourseAnswer): ReceiptLine[] => [
  ['Curso', p.course_title],
  ['Módulo', p.module_name],
];

/** The result screen under a router stand-in that remounts it per path, as the shell's routes do. */
function Harness({ start, checkStatus }: { start: string; checkStatus: Check }) {
  const [href, setHref] = useState(start);
  const url = new URL(href, 'http://local');
  const nav = useMemo<Navigation>(
    () => ({ pathname: url.pathname, search: url.search, hash: '', navigate: (to) => setHref(to) }),
    [url.pathname, url.search],
  );
  return (
    <NavigationContext.Provider value={nav}>
      <p data-testid="address">{href}</p>
      <PaymentResult
        key={url.pathname}
        result={resultOf(url.pathname)}
        paths={paths}
        checkStatus={checkStatus}
        describe={describeCourse}
        successLink={{ to: '/mis-cursos', label: 'Ir a Mis Cursos' }}
        backLink={(p) => ({ to: p.course_url, label: 'Volver al curso' })}
      />
    </NavigationContext.Provider>
  );
}

const returnUrl = (path: string, id = '1500000001', reference = 'ENR-prueba', status = 'approved') =>
  `${path}?collection_id=${id}&collection_status=${status}&payment_id=${id}&status=${status}&external_reference=${reference}&payment_type=credit_card`;

const receiptOf = () => within(screen.getByRole('region', { name: 'Detalle del pago' }));

describe('payment result screen: a receipt of what the server confirmed, and nothing else', () => {
  beforeEach(() => {
    localStorage.clear();
  });

  it('shows no verdict for a made-up return URL, and asks nobody', () => {
    const check = jest.fn<Check>();
    render(<Harness start="/pago/exitoso?status=approved&payment_id=abc" checkStatus={check} />);
    expect(screen.queryByText('Aprobado')).toBeNull();
    expect(screen.queryByText('Procesando')).toBeNull();
    expect(screen.getByRole('status').textContent).toMatch(/no trae un pago que podamos consultar/);
    expect(screen.getByRole('link', { name: 'Ir a Mis Cursos' })).toBeTruthy();
    expect(check).not.toHaveBeenCalled();
  });

  it('an id the server cannot verify gets one message and a way to check again, never "Procesando" with an error', async () => {
    rememberClaim('ENR-nadie', claim);
    const check = jest
      .fn<Check>()
      .mockResolvedValueOnce(notFound)
      .mockResolvedValueOnce(ok(answer({ external_reference: 'ENR-nadie' })));
    render(<Harness start={returnUrl('/pago/exitoso', '1500000002', 'ENR-nadie')} checkStatus={check} />);
    expect((await screen.findByRole('alert')).textContent).toBe('No encontramos ese pago.');
    expect(screen.queryByText('Procesando')).toBeNull();
    expect(screen.queryByText('Aprobado')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Verificar de nuevo' }));
    expect(await screen.findByText('Aprobado')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(check).toHaveBeenLastCalledWith({ payment_id: '1500000002', external_reference: 'ENR-nadie', claim_secret: claim });
  });

  it('a payment started in another browser shows that, and no status', async () => {
    const check = jest.fn<Check>();
    render(<Harness start={returnUrl('/pago/exitoso', '1500000003', 'ENR-otro')} checkStatus={check} />);
    expect(await screen.findByText(/se inició en otro navegador o dispositivo/)).toBeTruthy();
    expect(screen.queryByText('Aprobado')).toBeNull();
    expect(screen.queryByText('Procesando')).toBeNull();
    expect(check).not.toHaveBeenCalled();
  });

  it('an approved payment shows its receipt: course, module, amount, number, date and method', async () => {
    rememberClaim('ENR-prueba', claim);
    render(<Harness start={returnUrl('/pago/exitoso')} checkStatus={async () => ok(answer())} />);
    expect(await screen.findByText('Aprobado')).toBeTruthy();
    const rows = receiptOf();
    const value = (label: string) => rows.getByText(label).nextElementSibling?.textContent;
    expect(value('Curso')).toBe('Desarrollo de Software');
    expect(value('Módulo')).toBe('Fundamentos de Javascript y AWS S3');
    expect(value('Valor')).toBe('$ 119.900');
    expect(value('Número de pago')).toBe('1500000001');
    expect(value('Fecha')).toBe('2 de marzo de 2026, 09:15');
    expect(value('Medio de pago')).toBe('Mastercard (tarjeta de crédito)');
    expect(screen.getByText(/¡Gracias por inscribirte!/)).toBeTruthy();
  });

  it("'Verificar Estado' says what the provider answered and when, and moves to the success page once approved", async () => {
    rememberClaim('ENR-pendiente', claim);
    const pending = answer({
      payment_id: '1500000004',
      external_reference: 'ENR-pendiente',
      status: 'in_process',
      status_detail: 'pending_contingency',
      date_approved: null,
    });
    const check = jest
      .fn<Check>()
      .mockResolvedValueOnce(ok(pending))
      .mockResolvedValueOnce(ok({ ...pending, checked_at: '2026-03-02T19:33:40.000Z' }))
      .mockResolvedValueOnce(ok({ ...pending, status: 'approved', status_detail: 'accredited', checked_at: '2026-03-02T19:40:00.000Z' }));
    render(<Harness start={returnUrl('/pago/pendiente', '1500000004', 'ENR-pendiente', 'in_process')} checkStatus={check} />);
    expect(await screen.findByText('En proceso')).toBeTruthy();
    expect(receiptOf().getByText('Fundamentos de Javascript y AWS S3')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Volver al curso' }).getAttribute('href')).toBe('/desarrollo-software');
    expect(screen.getByRole('link', { name: 'Ir al inicio' }).getAttribute('href')).toBe('/');

    await userEvent.click(screen.getByRole('button', { name: 'Verificar Estado' }));
    expect(await screen.findByText('Consultado a las 14:33: el pago sigue en proceso.')).toBeTruthy();
    expect(screen.getByTestId('address').textContent).toMatch(/^\/pago\/pendiente\?/);

    await userEvent.click(screen.getByRole('button', { name: 'Verificar Estado' }));
    expect(await screen.findByText('Aprobado')).toBeTruthy();
    expect(screen.getByTestId('address').textContent).toBe(returnUrl('/pago/exitoso', '1500000004', 'ENR-pendiente', 'in_process'));
    expect(screen.getByText('Consultado a las 14:40: el pago fue aprobado.')).toBeTruthy();
    // The success page shows the answer it was handed (no second request) and takes focus to it.
    expect(check).toHaveBeenCalledTimes(3);
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Estado de tu pago' })));
  });

  it('a rejected payment found on the success page moves to the failure page with its reason and receipt', async () => {
    rememberClaim('ENR-rechazo', claim);
    const rejected = answer({
      payment_id: '1500000005',
      external_reference: 'ENR-rechazo',
      status: 'rejected',
      status_detail: 'cc_rejected_insufficient_amount',
      date_approved: null,
    });
    render(<Harness start={returnUrl('/pago/exitoso', '1500000005', 'ENR-rechazo')} checkStatus={async () => ok(rejected)} />);
    expect(await screen.findByText('Fondos insuficientes en tu tarjeta')).toBeTruthy();
    // The move to the failure page follows the render; on a loaded machine it may take a few ticks.
    await waitFor(() => expect(screen.getByTestId('address').textContent).toMatch(/^\/pago\/error\?/));
    expect(screen.queryByText('Aprobado')).toBeNull();
    expect(receiptOf().getByText('$ 119.900')).toBeTruthy();
  });
});
