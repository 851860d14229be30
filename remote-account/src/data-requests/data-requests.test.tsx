/**
 * @jest-environment jsdom
 */
import { describe, expect, it } from '@jest/globals';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { apiError, ok, on } from 'shared/api/fake-client';
import type { DataInboxItem, DataInboxResponse, DataRequestCase } from './schemas';
import { axeViolations, renderAsStaff, runInTexts } from 'shared/ui/staff/testing';
import { dataRequestsStaffOperations as ops } from './staff-operations';
import StaffDataRequest from './data-request-case';
import StaffDataRequests from './data-requests-inbox';

const R = 'DP-2026-000007';
const base = `/api/account/staff/data-requests/${R}`;

const item = (radicado: string, over: Partial<DataInboxItem> = {}): DataInboxItem => ({
  radicado,
  createdAt: '2026-03-16T15:00:00.000Z',
  kind: 'acceso',
  name: 'Martina Ñáñez',
  status: 'Recibida',
  dueDate: '2026-03-31',
  extended: false,
  urgency: null,
  businessDaysLeft: 9,
  ...over,
});
const page = (items: DataInboxItem[], nextCursor: string | null = null): DataInboxResponse => ({
  items,
  nextCursor,
  today: '2026-03-17',
  counts: { open: 5, overdue: 1, dueSoon: 2, answered: 8, incomplete: 1 },
});

const allowed = { allowed: true, reason: null };
const refused = (reason: string) => ({ allowed: false, reason });

function request(over: Partial<DataRequestCase> = {}): DataRequestCase {
  return {
    radicado: R,
    kind: 'acceso',
    createdAt: '2026-03-16T15:00:00.000Z',
    status: 'Recibida',
    request: { name: 'Martina Ñáñez', email: 'martina@example.com', details: 'Quiero saber qué datos tienen.', correction: null },
    termDays: 10,
    dueDate: '2026-03-31',
    originalDueDate: null,
    extension: null,
    response: null,
    export: null,
    completion: null,
    erasure: null,
    urgency: null,
    businessDaysLeft: 9,
    today: '2026-03-17',
    history: [{ action: 'radicada', status: 'Recibida', note: null, dueDate: null, at: '2026-03-16T15:00:00.000Z', actorEmail: null }],
    attachments: [],
    actions: {
      start: allowed,
      respond: allowed,
      extend: { ...allowed, newDueDate: '2026-04-09', extensionDays: 5 },
      export: allowed,
      erase: refused('La supresión se hace solo en las solicitudes de supresión o de revocatoria de la autorización.'),
      requestCompletion: { ...refused('Solo un reclamo se devuelve para completarlo.'), deadline: null },
      resume: refused('x'),
      withdraw: refused('x'),
    },
    ...over,
  };
}

describe('the data requests inbox', () => {
  it('lists requests by due date with counts, urgency in words and icon, and links to each request', async () => {
    const overdue = item('DP-2026-000001', { urgency: 'vencida', businessDaysLeft: -2, dueDate: '2026-03-13', status: 'En trámite' });
    const soon = item('DP-2026-000002', { urgency: 'pronto', businessDaysLeft: 1, kind: 'supresion', extended: true });
    const answered = item('DP-2026-000003', { name: null, status: 'Respondida', urgency: null, businessDaysLeft: null });
    const { calls, container } = renderAsStaff(<StaffDataRequests />, [
      on(ops.inbox, ok(page([overdue, soon, answered])), ok(page([soon]))),
    ]);
    const table = await screen.findByRole('table', { name: /Solicitudes sobre datos personales por fecha de vencimiento \(3 mostradas\)/ });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows[0]?.textContent).toContain('⚠');
    expect(rows[0]?.textContent).toContain('Vencida hace 2 días hábiles');
    expect(rows[1]?.textContent).toContain('Vence en 1 día hábil');
    expect(rows[1]?.textContent).toContain('(plazo ampliado)');
    expect(rows[1]?.textContent).toContain('Supresión (reclamo)');
    expect(rows[2]?.textContent).toContain('Datos de contacto suprimidos');
    expect(rows[2]?.textContent).not.toMatch(/Vence|⚠|⏰/);
    // No date runs into its deadline's words, no word into the next (#32's audit), in any cell.
    expect(runInTexts(table)).toEqual([]);
    const link = within(rows[0]!).getByRole('link', { name: 'Abrir la solicitud DP-2026-000001 de Martina Ñáñez' });
    expect(link.getAttribute('href')).toBe('/equipo/datos-personales/DP-2026-000001');
    expect(screen.getByRole('button', { name: /5 Abiertas/ })).toBeTruthy();
    expect(screen.getByRole('button', { name: /1 Vencidas/ })).toBeTruthy();
    expect(screen.getByRole('button', { name: /2 Vencen en 3 días hábiles o menos/ })).toBeTruthy();
    expect(calls[0]).toMatchObject({ body: { status: 'abiertas' }, token: 'token-de-ana' });
    expect(await axeViolations(container)).toEqual([]);

    await userEvent.selectOptions(screen.getByLabelText('Tipo'), 'supresion');
    await userEvent.click(screen.getByRole('button', { name: 'Buscar' }));
    await waitFor(() => expect(calls).toHaveLength(2));
    expect(calls[1]).toMatchObject({ body: { status: 'abiertas', kind: 'supresion' } });
  });
});

describe('a data request in the panel', () => {
  it('shows the request and its term, and answers an acceso with the copy: only a count comes back to the screen', async () => {
    const answered = request({
      status: 'Respondida',
      request: null,
      response: { text: 'Adjuntamos tu copia.', at: '2026-03-18T15:00:00.000Z' },
      export: { at: '2026-03-18T15:00:00.000Z', expiresAt: '2026-03-25T15:00:00.000Z', records: 12 },
      urgency: null,
      businessDaysLeft: null,
      actions: {
        start: refused('x'),
        respond: refused('x'),
        extend: { ...refused('x'), newDueDate: null, extensionDays: 5 },
        export: refused('x'),
        erase: refused('x'),
        requestCompletion: { ...refused('x'), deadline: null },
        resume: refused('x'),
        withdraw: refused('x'),
      },
    });
    const { calls, container } = renderAsStaff(<StaffDataRequest radicado={R} />, [
      on(ops.case, ok(request())),
      on(ops.export, apiError(400, 'validation', 'x', { response: 'Escribe la respuesta que recibirá la persona.' }), ok(answered)),
    ]);
    expect(screen.getByRole('heading', { level: 1, name: `Solicitud ${R}` })).toBeTruthy();
    expect(await screen.findByText('Quiero saber qué datos tienen.')).toBeTruthy();
    expect(screen.getByText('Acceso a mis datos (consulta)')).toBeTruthy();
    expect(screen.getByText(/Una sola vez y antes de que venza: 5 días hábiles más, hasta el 9 de abril de 2026/)).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Suprimir los datos y responder' })).toBeNull();
    expect(await axeViolations(container)).toEqual([]);

    const copy = screen.getByRole('region', { name: 'Responder con la copia de sus datos' });
    await userEvent.type(within(copy).getByLabelText(/^Mensaje que acompaña la copia/), 'Adjuntamos tu copia.');
    await userEvent.click(within(copy).getByRole('button', { name: 'Generar y enviar la copia' }));
    await userEvent.click(await within(copy).findByRole('button', { name: 'Generar y enviar la copia' }));
    const notice = await screen.findByText('Copia enviada a la persona (12 registros). La solicitud quedó «Respondida».');
    await waitFor(() => expect(document.activeElement).toBe(notice));
    expect(calls.filter((c) => c.path.endsWith('/exportacion')).at(-1)).toMatchObject({ body: { response: 'Adjuntamos tu copia.' } });
    expect(screen.getByText(/Enviada el .* \(12 registros\)\. El enlace de la persona funciona hasta el/)).toBeTruthy();
    expect(screen.getByText(/sus datos de contacto y su texto se suprimieron/)).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Acciones' })).toBeNull();
    expect(await axeViolations(container)).toEqual([]);
  });

  it('erases only after a dialog that lists what goes and what the law keeps; Cancel erases nothing', async () => {
    const supresion = request({
      kind: 'supresion',
      termDays: 15,
      actions: {
        start: allowed,
        respond: allowed,
        extend: {
          ...refused('El plazo de esta solicitud ya se amplió una vez: la ley no permite una segunda ampliación.'),
          newDueDate: null,
          extensionDays: 8,
        },
        export: refused('x'),
        erase: allowed,
        requestCompletion: { ...allowed, deadline: '2026-03-24' },
        resume: refused('x'),
        withdraw: refused('x'),
      },
    });
    const erased = request({
      kind: 'supresion',
      status: 'Respondida',
      request: null,
      erasure: { at: '2026-03-18T15:00:00.000Z', summary: { inscripciones: 2 }, accountPending: false },
      response: { text: 'Suprimimos tus datos.', at: '2026-03-18T15:00:00.000Z' },
      actions: {
        start: refused('x'),
        respond: refused('x'),
        extend: { ...refused('x'), newDueDate: null, extensionDays: 8 },
        export: refused('x'),
        erase: refused('x'),
        requestCompletion: { ...refused('x'), deadline: null },
        resume: refused('x'),
        withdraw: refused('x'),
      },
    });
    const user = userEvent.setup();
    const { calls, container } = renderAsStaff(<StaffDataRequest radicado={R} />, [on(ops.case, ok(supresion)), on(ops.erase, ok(erased))]);
    await screen.findByRole('heading', { name: 'Suprimir los datos y responder' });
    expect(screen.getByText(/No disponible:/).parentElement?.textContent).toContain('no permite una segunda ampliación');
    const section = screen.getByRole('region', { name: 'Suprimir los datos y responder' });
    await user.type(within(section).getByLabelText(/^Respuesta para la persona/), 'Suprimimos tus datos.');
    const review = within(section).getByRole('button', { name: 'Revisar la supresión' });
    await user.click(review);
    const dialog = await screen.findByRole('dialog', { name: '¿Suprimir los datos de esta persona?' });
    expect(dialog.textContent).toContain('martina@example.com');
    expect(dialog.textContent).toContain('Su cuenta en el sitio');
    expect(dialog.textContent).toContain('Pagos y donaciones: montos, fechas y referencias de pago, sin datos de contacto');
    expect(document.activeElement?.textContent).toBe('Cancelar');
    expect(await axeViolations(container)).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(calls.filter((c) => c.path.endsWith('/supresion'))).toEqual([]);

    await user.click(within(section).getByRole('button', { name: 'Revisar la supresión' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Sí, suprimir los datos' }));
    expect(await screen.findByText('Datos suprimidos y respuesta enviada. La solicitud quedó «Respondida».')).toBeTruthy();
    expect(calls.filter((c) => c.path.endsWith('/supresion'))).toEqual([
      { method: 'POST', path: `${base}/supresion`, body: { confirm: true, response: 'Suprimimos tus datos.' }, token: 'token-de-ana' },
    ]);
    expect(screen.getByText('inscripciones: 2')).toBeTruthy();
    expect(await axeViolations(container)).toEqual([]);
  });

  it('says so when the database part is erased but the identity provider has not deleted the account yet', async () => {
    const supresion = request({ kind: 'supresion', actions: { ...request().actions, erase: allowed, export: refused('x') } });
    const erased = request({
      kind: 'supresion',
      status: 'Respondida',
      request: null,
      erasure: { at: '2026-03-18T15:00:00.000Z', summary: { inscripciones: 2 }, accountPending: true },
      response: { text: 'Suprimimos tus datos.', at: '2026-03-18T15:00:00.000Z' },
      actions: { ...request().actions, erase: refused('x'), start: refused('x'), respond: refused('x'), export: refused('x') },
    });
    const user = userEvent.setup();
    renderAsStaff(<StaffDataRequest radicado={R} />, [on(ops.case, ok(supresion)), on(ops.erase, ok(erased))]);
    const section = await screen.findByRole('region', { name: 'Suprimir los datos y responder' });
    await user.type(within(section).getByLabelText(/^Respuesta para la persona/), 'Suprimimos tus datos.');
    await user.click(within(section).getByRole('button', { name: 'Revisar la supresión' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Sí, suprimir los datos' }));
    expect(await screen.findByText(/^Datos suprimidos\. La solicitud quedó «Respondida»; falta borrar su cuenta en el sitio/)).toBeTruthy();
    expect(screen.getByText(/^Falta borrar su cuenta en el sitio: el proveedor de identidad no respondió/)).toBeTruthy();
  });

  it('extends the term with its reason and says the new date', async () => {
    const extended = request({
      dueDate: '2026-04-09',
      originalDueDate: '2026-03-31',
      extension: { reason: 'Archivo físico.', at: '2026-03-20T15:00:00.000Z' },
    });
    renderAsStaff(<StaffDataRequest radicado={R} />, [on(ops.case, ok(request())), on(ops.extend, ok(extended))]);
    const section = await screen.findByRole('region', { name: 'Ampliar plazo' });
    await userEvent.type(within(section).getByLabelText(/^Motivo de la ampliación/), 'Archivo físico.');
    await userEvent.click(within(section).getByRole('button', { name: 'Ampliar plazo' }));
    expect(await screen.findByText('Plazo ampliado hasta el 9 de abril de 2026. Le avisamos a la persona por correo.')).toBeTruthy();
    expect(screen.getByText('Ampliada desde el 31 de marzo de 2026. Motivo: Archivo físico.')).toBeTruthy();
  });

  it('sends an incomplete reclamo back, then records that the person completed it', async () => {
    const reclamo = request({
      kind: 'correccion',
      termDays: 15,
      request: { name: 'Martina Ñáñez', email: 'martina@example.com', details: 'Corrijan mi teléfono.', correction: 'Es 3151112233.' },
      actions: {
        start: allowed,
        respond: allowed,
        extend: { ...allowed, newDueDate: '2026-04-21', extensionDays: 8 },
        export: refused('x'),
        erase: refused('x'),
        requestCompletion: { ...allowed, deadline: '2026-03-24' },
        resume: refused('x'),
        withdraw: refused('x'),
      },
    });
    const waiting = request({
      ...reclamo,
      status: 'Incompleta',
      urgency: null,
      businessDaysLeft: null,
      completion: { requestedAt: '2026-03-18T15:00:00.000Z', message: 'Falta tu documento.', withdrawFrom: '2026-05-19' },
      actions: {
        ...reclamo.actions,
        extend: { ...refused('La solicitud espera que la persona la complete: su plazo no corre.'), newDueDate: null, extensionDays: 8 },
        requestCompletion: { ...refused('Ya se pidió a la persona completar esta solicitud una vez.'), deadline: '2026-03-24' },
        resume: allowed,
        withdraw: refused(
          'Solo se entiende que la persona desistió si pasan dos meses sin que complete el reclamo: desde el 19 de mayo de 2026.',
        ),
      },
    });
    const resumed = request({ ...reclamo, status: 'En trámite', dueDate: '2026-04-15', completion: waiting.completion });
    const user = userEvent.setup();
    const { calls, container } = renderAsStaff(<StaffDataRequest radicado={R} />, [
      on(ops.case, ok(reclamo)),
      on(ops.requestCompletion, ok(waiting)),
      on(ops.resume, ok(resumed)),
    ]);
    const section = await screen.findByRole('region', { name: 'Pedir que complete el reclamo' });
    expect(section.textContent).toContain('hasta el 24 de marzo de 2026');
    expect(await screen.findByText('Es 3151112233.')).toBeTruthy();
    await user.type(within(section).getByLabelText(/^Qué información falta/), 'Falta tu documento.');
    await user.click(within(section).getByRole('button', { name: 'Pedir la información' }));
    expect(
      await screen.findByText('Le pedimos la información a la persona. La solicitud quedó «Incompleta» y su plazo no corre.'),
    ).toBeTruthy();
    expect(screen.getByText(/Si no responde, puede cerrarse como desistido desde el 19 de mayo de 2026/)).toBeTruthy();
    const withdraw = screen.getByRole('region', { name: 'Cerrar por desistimiento' });
    expect(withdraw.textContent).toContain('desde el 19 de mayo de 2026');
    expect(within(withdraw).queryByRole('button')).toBeNull();
    expect(await axeViolations(container)).toEqual([]);

    const resume = screen.getByRole('region', { name: 'La persona completó el reclamo' });
    await user.click(within(resume).getByRole('button', { name: 'Registrar que lo completó' }));
    expect(await screen.findByText('Reclamo completo. La nueva fecha límite es el 15 de abril de 2026.')).toBeTruthy();
    expect(calls.map((c) => c.path)).toEqual([base, `${base}/completar`, `${base}/reanudar`]);
  });

  it('says when the radicado does not exist', async () => {
    renderAsStaff(<StaffDataRequest radicado={R} />, [on(ops.case, apiError(404, 'not_found', 'x'))]);
    expect(await screen.findByText('No encontramos una solicitud con ese radicado.')).toBeTruthy();
  });
});

describe('a data request’s answer attachments (#32)', () => {
  const pdf = (name: string) => new File(['%PDF-1.4 contenido'], name, { type: 'application/pdf' });
  const refusal = 'El archivo no es de un tipo admitido: PDF, PNG, JPEG, WebP, Word (.docx), Excel (.xlsx) o PowerPoint (.pptx).';

  it('uploads the chosen files, refuses one in Spanish, sends the answer with their ids and lists the sent one', async () => {
    const user = userEvent.setup();
    const answered = request({
      status: 'Respondida',
      request: null,
      response: { text: 'Adjuntamos la constancia.', at: '2026-03-18T15:00:00.000Z' },
      attachments: [
        {
          id: '11',
          name: 'constancia.pdf',
          kind: 'pdf',
          size: 1_500_000,
          at: '2026-03-18T14:59:00.000Z',
          actorEmail: 'ana@fundacion.org',
          part: 'respuesta',
          noteId: null,
        },
      ],
      actions: { ...request().actions, start: refused('x'), respond: refused('x'), export: refused('x') },
    });
    const { calls, container } = renderAsStaff(<StaffDataRequest radicado={R} />, [
      on(ops.case, ok(request())),
      on(
        ops.uploadAttachment,
        ok({ id: '11', name: 'constancia.pdf', kind: 'pdf', size: 1_500_000 }, 201),
        apiError(415, 'file_type_not_allowed', refusal),
      ),
      on(ops.respond, ok(answered)),
    ]);
    const respond = await screen.findByRole('region', { name: 'Responder' });
    await user.type(within(respond).getByLabelText(/^Respuesta para la persona/), 'Adjuntamos la constancia.');
    const input = within(respond).getByLabelText('Adjuntar archivos (opcional)');
    expect(within(respond).getByText(/los enlaces vencen en 30 días/)).toBeTruthy();
    await user.upload(input, [pdf('constancia.pdf'), new File(['<html>'], 'pagina.pdf')]);
    expect((await within(respond).findByRole('alert')).textContent).toBe(`pagina.pdf: ${refusal}`);
    expect(within(respond).getByRole('button', { name: 'Quitar constancia.pdf' })).toBeTruthy();
    expect(await axeViolations(container)).toEqual([]);

    await user.click(within(respond).getByRole('button', { name: 'Enviar la respuesta' }));
    expect(await screen.findByText('Respuesta enviada. La solicitud quedó «Respondida».')).toBeTruthy();
    expect(calls.filter((c) => c.method !== 'GET').map((c) => [c.method, c.path])).toEqual([
      ['POST', `${base}/adjuntos`],
      ['POST', `${base}/adjuntos`],
      ['POST', `${base}/respuesta`],
    ]);
    expect(calls.at(-1)?.body).toEqual({ response: 'Adjuntamos la constancia.', attachments: ['11'] });
    expect(await screen.findByRole('button', { name: 'Descargar constancia.pdf' })).toBeTruthy();
  });
});
