/**
 * @jest-environment jsdom
 */
import { describe, expect, it } from '@jest/globals';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { apiError, ok, on } from 'shared/api/fake-client';
import { colombianDate } from 'shared/format/business-days';
import { axeViolations, renderAsStaff, staffSession } from 'shared/ui/staff/testing';
import { invoicingStaffOperations as ops } from './operations';
import type { InvoiceListResponse, InvoiceRecord, InvoiceSummary } from './schemas';
import StaffInvoice from './staff-invoice';
import StaffInvoices from './staff-invoices';

const summary = (id: number, over: Partial<InvoiceSummary> = {}): InvoiceSummary => ({
  id,
  kind: 'invoice',
  state: 'issued',
  number: `SETP99000000${id}`,
  enrolmentReference: `CUR-${id}`,
  courseTitle: 'Desarrollo de Software',
  buyerName: `Estudiante ${id}`,
  buyerDocument: 'Cédula de ciudadanía 1012345678',
  total: 119900,
  issuedAt: '2026-11-20T15:00:00.000Z',
  createdAt: '2026-11-20T14:59:00.000Z',
  attempts: 1,
  nextAttemptAt: null,
  rejection: null,
  invoiceNumber: null,
  ...over,
});

const listing: InvoiceListResponse = {
  items: [
    summary(3, {
      state: 'rejected',
      number: null,
      issuedAt: null,
      buyerName: 'Ñandú Software S.A.S.',
      buyerDocument: 'NIT 901234567-1',
      rejection: ['Regla FAJ43b: el NIT del adquiriente no es válido.'],
    }),
    summary(2, { kind: 'credit_note', number: 'NC-7', invoiceNumber: 'SETP990000001', total: 119900 }),
    summary(1),
  ],
  truncated: false,
  attention: { rejected: 2, waiting: 1 },
  resolutionWarning: 'La resolución de numeración vence el 15 de diciembre de 2026: pide una nueva a la DIAN.',
};

const thisMonth = () => colombianDate(new Date()).slice(0, 7);
const listCalls = (calls: { path: string; method: string }[]) =>
  calls.filter((c) => c.method === 'GET' && c.path.startsWith('/api/courses/staff/facturas') && !/facturas\/\w/.test(c.path));

describe('StaffInvoices (/equipo/facturas)', () => {
  it("lists the month's invoices and credit notes with their states, the attention banner and the resolution's warning, with no axe violations", async () => {
    const { container, calls } = renderAsStaff(<StaffInvoices />, [on(ops.invoices, ok(listing))]);
    const table = await screen.findByRole('table', { name: /Facturas y notas crédito de .*: 3/ });
    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(4);
    const link = within(table).getByRole('link', { name: 'Ñandú Software S.A.S.' });
    expect(link.getAttribute('href')).toBe('/equipo/facturas/3');
    expect(within(rows[1]!).getByText('Rechazada')).toBeTruthy();
    expect(within(rows[1]!).getByText('—')).toBeTruthy();
    expect(within(rows[1]!).getByText('Sin expedir')).toBeTruthy();
    expect(within(rows[1]!).getByText('NIT 901234567-1')).toBeTruthy();
    expect(within(rows[2]!).getByText('Nota crédito')).toBeTruthy();
    expect(within(rows[3]!).getByText('Validada por la DIAN')).toBeTruthy();
    expect(within(rows[3]!).getByText('20 de noviembre de 2026, 10:00')).toBeTruthy();
    expect(within(table).getAllByText('$ 119.900')).toHaveLength(3);

    const statuses = screen.getAllByRole('status').map((s) => s.textContent ?? '');
    expect(statuses.some((s) => s.includes('2 facturas rechazadas por la DIAN esperan corrección.'))).toBe(true);
    expect(statuses.some((s) => s.includes('1 espera al proveedor de facturación; se reintenta sola.'))).toBe(true);
    expect(statuses.some((s) => s.includes('La resolución de numeración vence'))).toBe(true);
    // It opens on the current month in Bogotá.
    expect((screen.getByLabelText('Mes') as HTMLInputElement).value).toBe(thisMonth());
    expect(listCalls(calls).map((c) => c.path)).toEqual([`/api/courses/staff/facturas?mes=${thisMonth()}`]);
    expect(await axeViolations(container)).toEqual([]);
  });

  it('sends the chosen month and state; "Ver las rechazadas" asks for every month\'s rejected ones; a cut list says to narrow it', async () => {
    const user = userEvent.setup();
    const { calls } = renderAsStaff(<StaffInvoices />, [
      on(ops.invoices, ok(listing), ok({ ...listing, truncated: true }), ok({ ...listing, items: [] })),
    ]);
    await screen.findByRole('table');
    const month = screen.getByLabelText('Mes');
    await user.clear(month);
    await user.type(month, '2026-10');
    await user.selectOptions(screen.getByLabelText('Estado ante la DIAN'), 'Enviando a la DIAN');
    await user.click(screen.getByRole('button', { name: 'Aplicar filtros' }));
    await waitFor(() => expect(listCalls(calls).at(-1)?.path).toBe('/api/courses/staff/facturas?mes=2026-10&estado=issuing'));
    expect(await screen.findByText(/Elige un mes \(o un estado\) para ver las demás/)).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Ver las rechazadas' }));
    await waitFor(() => expect(listCalls(calls).at(-1)?.path).toBe('/api/courses/staff/facturas?estado=rejected'));
    expect(await screen.findByText('Ninguna factura coincide con los filtros.')).toBeTruthy();
    expect((screen.getByLabelText('Estado ante la DIAN') as HTMLSelectElement).value).toBe('rejected');
  });

  it("offers Finanzas the month's CSV, downloaded through the declared operation", async () => {
    const user = userEvent.setup();
    const { calls } = renderAsStaff(<StaffInvoices />, [on(ops.invoices, ok(listing))]);
    await screen.findByRole('table');
    await user.click(screen.getByRole('button', { name: 'Exportar CSV del mes' }));
    await waitFor(() =>
      expect(calls.at(-1)).toMatchObject({ method: 'GET', path: `/api/courses/staff/facturas/exportar?mes=${thisMonth()}` }),
    );
  });

  it('shows a member of Cursos only the list, without the CSV', async () => {
    renderAsStaff(<StaffInvoices />, [on(ops.invoices, ok(listing))], undefined, { ...staffSession, roles: ['cursos'] });
    await screen.findByRole('table');
    expect(screen.queryByRole('button', { name: 'Exportar CSV del mes' })).toBeNull();
    expect(screen.queryByRole('heading', { name: 'Exportar para el contador' })).toBeNull();
  });

  it('says why the list could not be loaded, with a way to try again', async () => {
    renderAsStaff(<StaffInvoices />, [on(ops.invoices, apiError(400, 'validation_error', 'Indica el mes como AAAA-MM.'))]);
    expect((await screen.findByRole('alert')).textContent).toContain('Indica el mes como AAAA-MM.');
    expect(screen.getByRole('button', { name: 'Intentar de nuevo' })).toBeTruthy();
  });
});

const rejected: InvoiceRecord = {
  ...summary(3, {
    state: 'rejected',
    number: null,
    issuedAt: null,
    buyerName: 'Ñandú Software S.A.S.',
    buyerDocument: 'NIT 901234567-1',
    attempts: 1,
    rejection: ['Regla FAJ43b: el NIT del adquiriente no es válido.', 'Regla FAK24: el correo del adquiriente no es válido.'],
  }),
  buyer: {
    documentType: 'NIT',
    documentNumber: '901234567-1',
    name: 'Ñandú Software S.A.S.',
    email: 'compras@nandu.co',
    phone: '6015551234',
  },
  lines: [
    {
      code: 'DS-1',
      description: 'Desarrollo de Software · Fundamentos de Javascript y AWS S3',
      quantity: 1,
      unitPrice: 119900,
      vatRate: null,
    },
  ],
  cufe: null,
  qrUrl: null,
  paymentMethod: 'Tarjeta de crédito',
  reason: null,
  lastError: null,
  retriedBy: null,
  hasPdf: false,
};

const issued: InvoiceRecord = {
  ...rejected,
  state: 'issued',
  number: 'SETP990000003',
  issuedAt: '2026-11-27T20:00:00.000Z',
  attempts: 2,
  rejection: null,
  buyer: { ...rejected.buyer, documentNumber: '901234567-7' },
  cufe: 'a'.repeat(96),
  qrUrl: 'https://catalogo-vpfe.dian.gov.co/document/searchqr?documentkey=aaa',
  retriedBy: 'ana@fundacion.org',
  hasPdf: true,
};

describe('StaffInvoice (/equipo/facturas/:id)', () => {
  it("shows DIAN's reasons for a rejection as a list in an alert, the buyer and the lines, with no axe violations", async () => {
    const { container } = renderAsStaff(<StaffInvoice id="3" />, [on(ops.invoice, ok(rejected))]);
    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe('Factura electrónica sin número');
    const alert = screen.getByRole('alert');
    expect(
      within(alert)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(rejected.rejection);
    expect(screen.getByText('NIT 901234567-1')).toBeTruthy();
    expect(within(screen.getByRole('table', { name: /Líneas del documento/ })).getByText('Excluido de IVA')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Descargar PDF' })).toBeNull();
    expect((screen.getByLabelText('Número de documento') as HTMLInputElement).value).toBe('901234567-1');
    expect(await axeViolations(container)).toEqual([]);
  });

  it('sends the corrected buyer, shows the answered state and puts focus on the result', async () => {
    const user = userEvent.setup();
    const { calls } = renderAsStaff(<StaffInvoice id="3" />, [on(ops.invoice, ok(rejected)), on(ops.retryInvoice, ok(issued))]);
    const number = await screen.findByLabelText('Número de documento');
    await user.clear(number);
    await user.type(number, '901.234.567-7');
    await user.click(screen.getByRole('button', { name: 'Corregir y reenviar' }));
    await waitFor(() =>
      expect(document.activeElement?.textContent).toBe('Reenviamos el documento. Estado ante la DIAN: Validada por la DIAN.'),
    );
    const posts = calls.filter((c) => c.method === 'POST');
    expect(posts).toEqual([
      expect.objectContaining({
        path: '/api/courses/staff/facturas/3/reintentar',
        body: {
          buyer: {
            documentType: 'NIT',
            documentNumber: '901234567-7',
            name: 'Ñandú Software S.A.S.',
            email: 'compras@nandu.co',
            phone: '6015551234',
          },
        },
      }),
    ]);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Factura electrónica SETP990000003');
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Reenviar sin cambios' })).toBeNull();
    expect(screen.getByText('a'.repeat(96)).className).toBe('invoice-code');
    const qr = screen.getByRole('link', { name: /Consultar en la DIAN/ });
    expect(qr.getAttribute('href')).toBe(issued.qrUrl);
    expect(qr.getAttribute('rel')).toContain('noopener');
    expect(screen.getByRole('button', { name: 'Descargar PDF' })).toBeTruthy();
    expect(screen.getByText('ana@fundacion.org')).toBeTruthy();
  });

  it('says a wrong NIT in Spanish, on its field, and sends nothing', async () => {
    const user = userEvent.setup();
    const { calls } = renderAsStaff(<StaffInvoice id="3" />, [on(ops.invoice, ok(rejected)), on(ops.retryInvoice, ok(issued))]);
    await user.click(await screen.findByRole('button', { name: 'Corregir y reenviar' }));
    const nit = 'El NIT no es válido: escríbelo con su dígito de verificación, por ejemplo 901.234.567-7.';
    await waitFor(() => expect(screen.getAllByText(nit).length).toBeGreaterThan(0));
    expect(screen.getByLabelText('Número de documento').getAttribute('aria-invalid')).toBe('true');
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);
  });

  it("says the server's refusal of a corrected resend in its words, with focus on it, and keeps the values", async () => {
    const user = userEvent.setup();
    renderAsStaff(<StaffInvoice id="3" />, [
      on(ops.invoice, ok(rejected)),
      on(ops.retryInvoice, apiError(409, 'not_retriable', 'Solo se puede reenviar una factura rechazada o en cola.')),
    ]);
    const number = await screen.findByLabelText('Número de documento');
    await user.clear(number);
    await user.type(number, '901234567-7');
    await user.click(screen.getByRole('button', { name: 'Corregir y reenviar' }));
    await waitFor(() => expect(document.activeElement?.textContent).toBe('Solo se puede reenviar una factura rechazada o en cola.'));
    expect(document.activeElement?.getAttribute('role')).toBe('alert');
    expect((screen.getByLabelText('Número de documento') as HTMLInputElement).value).toBe('901234567-7');
  });

  it('resends as it is with an empty body and shows the state it answered (queued again)', async () => {
    const user = userEvent.setup();
    const { calls } = renderAsStaff(<StaffInvoice id="3" />, [
      on(ops.invoice, ok(rejected)),
      on(ops.retryInvoice, ok({ ...rejected, state: 'pending', rejection: null, attempts: 0, nextAttemptAt: '2026-11-28T12:00:00.000Z' })),
    ]);
    await user.click(await screen.findByRole('button', { name: 'Reenviar sin cambios' }));
    await waitFor(() => expect(document.activeElement?.textContent).toBe('Reenviamos el documento. Estado ante la DIAN: En cola.'));
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.body)).toEqual([{}]);
    expect(screen.getAllByText('En cola').length).toBeGreaterThan(0);
  });

  it('downloads the PDF of an issued document through the declared operation, and says when it did not come', async () => {
    const user = userEvent.setup();
    const { calls } = renderAsStaff(<StaffInvoice id="3" />, [on(ops.invoice, ok(issued))]);
    await user.click(await screen.findByRole('button', { name: 'Descargar PDF' }));
    // The fake API has no file to give: the screen says so, with focus on it.
    await waitFor(() => expect(document.activeElement?.textContent).toBe('No pudimos descargar el PDF. Intenta de nuevo en unos minutos.'));
    expect(calls.at(-1)).toMatchObject({ method: 'GET', path: '/api/courses/staff/facturas/3/pdf', token: 'token-de-ana' });
  });

  it('shows a member of Cursos only the record, without resending', async () => {
    renderAsStaff(<StaffInvoice id="3" />, [on(ops.invoice, ok(rejected))], undefined, { ...staffSession, roles: ['cursos'] });
    await screen.findByRole('heading', { level: 1 });
    expect(screen.queryByRole('button', { name: 'Reenviar sin cambios' })).toBeNull();
    expect(screen.queryByRole('form', { name: 'Corregir el comprador y reenviar' })).toBeNull();
  });
});
