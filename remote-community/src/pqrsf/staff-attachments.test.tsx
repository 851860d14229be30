/**
 * @jest-environment jsdom
 */
import { describe, expect, it } from '@jest/globals';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { apiError, ok, type FakeAnswer } from 'shared/api/fake-client';
import { axeViolations, renderAsStaff } from 'shared/ui/staff/testing';
import type { PqrsfCase } from './staff-schemas';
import StaffPqrsfCase from './staff-case';

const RADICADO = '4815162342000001';
const BASE = `/api/community/staff/pqrsf/${RADICADO}`;
const refusal = 'El archivo no es de un tipo admitido: PDF, PNG, JPEG, WebP, Word (.docx), Excel (.xlsx) o PowerPoint (.pptx).';

const open: PqrsfCase = {
  radicado: RADICADO,
  createdAt: '2026-03-02T15:00:00.000Z',
  status: 'En trámite',
  request: {
    rol_type: 'Estudiante',
    name: 'Luisa',
    lastname: 'Martínez',
    id_type: 'Cédula de ciudadanía',
    id_number: '1.020.304.050',
    email: 'luisa@example.com',
    phone_number: '3151112233',
    request_type: 'Petición',
    reviews: 'Necesito el certificado.',
  },
  termDays: 15,
  dueDate: '2026-03-24',
  originalDueDate: null,
  extension: null,
  response: null,
  transfer: null,
  closedAt: null,
  urgency: null,
  businessDaysLeft: 10,
  today: '2026-03-05',
  history: [{ action: 'radicada', status: 'En proceso', note: null, dueDate: null, at: '2026-03-02T15:00:00.000Z', actorEmail: null }],
  notes: [{ id: '7', body: 'Llamé a la persona.', at: '2026-03-03T15:00:00.000Z', actorEmail: 'ana@fundacion.org' }],
  attachments: [
    {
      id: '3',
      name: 'llamada.pdf',
      kind: 'pdf',
      size: 2048,
      at: '2026-03-03T15:00:00.000Z',
      actorEmail: 'ana@fundacion.org',
      part: 'nota',
      noteId: '7',
    },
  ],
  actions: {
    startProcessing: { allowed: false, reason: 'Ya está en trámite.' },
    respond: { allowed: true, reason: null },
    extend: { allowed: true, reason: null, minDate: '2026-03-25', maxDate: '2026-04-15' },
    transfer: { allowed: false, reason: 'Fuera de plazo.', deadline: '2026-03-09' },
    close: { allowed: true, reason: null },
  },
};

const answered: PqrsfCase = {
  ...open,
  status: 'Respondida',
  response: { text: 'Adjuntamos el certificado.', at: '2026-03-05T16:00:00.000Z' },
  attachments: [
    ...open.attachments,
    {
      id: '11',
      name: 'certificado.pdf',
      kind: 'pdf',
      size: 1_500_000,
      at: '2026-03-05T15:00:00.000Z',
      actorEmail: 'ana@fundacion.org',
      part: 'respuesta',
      noteId: null,
    },
  ],
  actions: { ...open.actions, respond: { allowed: false, reason: 'Ya está respondida.' } },
};

const renderCase = (answers: Record<string, FakeAnswer | FakeAnswer[]>) =>
  renderAsStaff(<StaffPqrsfCase radicado={RADICADO} />, { [`GET ${BASE}`]: ok(open), ...answers });

const pdf = (name: string) => new File(['%PDF-1.4 contenido'], name, { type: 'application/pdf' });

describe('a PQRSF case’s attachments', () => {
  it('uploads the chosen files, refuses one in Spanish, removes one and sends the answer with the rest', async () => {
    const user = userEvent.setup();
    const { calls, container } = renderCase({
      [`POST ${BASE}/adjuntos`]: [
        ok({ id: '11', name: 'certificado.pdf', kind: 'pdf', size: 1_500_000 }, 201),
        apiError(415, 'file_type_not_allowed', refusal),
        ok({ id: '12', name: 'sobra.pdf', kind: 'pdf', size: 900 }, 201),
      ],
      [`DELETE ${BASE}/adjuntos/12`]: ok({ removed: true }),
      [`POST ${BASE}/respuesta`]: ok(answered),
    });
    await user.type(await screen.findByLabelText(/^Respuesta para la persona/), 'Adjuntamos el certificado.');
    const respond = screen.getByRole('region', { name: 'Responder' });
    const input = within(respond).getByLabelText('Adjuntar archivos (opcional)');
    expect(within(respond).getByText(/los enlaces vencen en 30 días/)).toBeTruthy();

    await user.upload(input, [pdf('certificado.pdf'), new File(['<html>'], 'pagina.pdf')]);
    expect((await within(respond).findByRole('alert')).textContent).toBe(`pagina.pdf: ${refusal}`);
    expect(within(respond).getByText('certificado.pdf')).toBeTruthy();
    expect(within(respond).getByText('(1,4 MB)')).toBeTruthy();

    await user.upload(input, pdf('sobra.pdf'));
    await user.click(await within(respond).findByRole('button', { name: 'Quitar sobra.pdf' }));
    expect(await within(respond).findByText('Quitamos sobra.pdf.')).toBeTruthy();
    expect(document.activeElement).toBe(input);
    expect(within(respond).queryByText('sobra.pdf')).toBeNull();
    expect(await axeViolations(container)).toEqual([]);

    await user.click(within(respond).getByRole('button', { name: 'Revisar y enviar' }));
    expect(await screen.findByText(/Se enviará con 1 archivo adjunto\./)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Sí, enviar la respuesta' }));
    expect(await screen.findByText('Respuesta enviada. La solicitud quedó «Respondida».')).toBeTruthy();

    expect(calls.filter((c) => c.method !== 'GET').map((c) => [c.method, c.path])).toEqual([
      ['POST', `${BASE}/adjuntos`],
      ['POST', `${BASE}/adjuntos`],
      ['POST', `${BASE}/adjuntos`],
      ['DELETE', `${BASE}/adjuntos/12`],
      ['POST', `${BASE}/respuesta`],
    ]);
    expect(calls.at(-1)?.body).toEqual({ response: 'Adjuntamos el certificado.', attachments: ['11'] });
    // The sent answer lists its file with a download; the note keeps its own.
    const state = screen.getByRole('region', { name: 'Estado y plazo' });
    expect(within(state).getByRole('button', { name: 'Descargar certificado.pdf' })).toBeTruthy();
    const notes = screen.getByRole('region', { name: 'Notas internas' });
    expect(within(notes).getByRole('button', { name: 'Descargar llamada.pdf' })).toBeTruthy();
  });

  it('downloads a note’s file through the staff API and says so when it fails', async () => {
    const user = userEvent.setup();
    const { calls } = renderCase({});
    const notes = await screen.findByRole('region', { name: 'Notas internas' });
    await user.click(within(notes).getByRole('button', { name: 'Descargar llamada.pdf' }));
    expect(await within(notes).findByText('No pudimos descargar el archivo. Intenta de nuevo.')).toBeTruthy();
    expect(calls.at(-1)).toMatchObject({ method: 'GET', path: `${BASE}/adjuntos/3`, token: 'token-de-ana' });
  });
});
