import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { addBusinessDays } from 'shared/format/business-days';
import type { PqrsfReport } from '../report-schemas';
import { testApi, type TestApi } from 'shared/server/api-testing';
import { readAudit } from 'shared/server/audit';
import { readPdfText } from 'shared/server/pdf/testing';
import { createTestIdentity } from 'shared/server/identity-testing';
import { createTestStaffDirectory, staffToken } from 'shared/server/staff-testing';
import { createCommunityApi } from '../../../server/index';

/**
 * The PQRSF report (#32): requests filed in February, March and April 2026 through the public form, worked on by the
 * team as the clock moves (answered on time, answered late, transferred, extended, closed, left open), then the report
 * of March and of the first semester read on 20 April 2026 — on screen, as a CSV and as a PDF.
 */

const identity = createTestIdentity();
const staff = createTestStaffDirectory();
staff.seat({ username: 'ana@fundacion.org', roles: ['atencion'] });
staff.seat({ username: 'cursos@fundacion.org', roles: ['cursos'] });
const ana = staffToken(identity, { email: 'ana@fundacion.org' });
const cursos = staffToken(identity, { email: 'cursos@fundacion.org' });

let clock = new Date('2026-02-27T15:00:00Z');
/** 10:00 in Bogotá on a calendar day. */
const at = (isoDate: string, time = '15:00:00') => new Date(`${isoDate}T${time}Z`);

let api: TestApi;
beforeAll(async () => {
  api = await testApi(createCommunityApi({ now: () => clock, acknowledgementsPerAddressPerDay: 0 }), {
    identity: identity.verifier,
    staff,
    settings: { writeLimit: { max: 10_000, timeWindow: 60_000 } },
  });
});
afterAll(async () => api.close());

const request = (method: 'GET' | 'POST', url: string, token?: string, body?: unknown) =>
  api.app.inject({
    method,
    url,
    headers: token ? { authorization: `Bearer ${token}` } : {},
    ...(body !== undefined ? { payload: body as Record<string, unknown> } : {}),
  });

const petition = {
  rol_type: 'Estudiante',
  name: 'Luisa',
  lastname: 'Martínez',
  id_type: 'Cédula de ciudadanía',
  id_number: '1.020.304.050',
  phone_number: '3151112233',
  email: 'luisa@example.com',
  request_type: 'Queja',
  reviews: 'La clase del martes no tuvo grabación.',
};

async function file(requestType: string): Promise<string> {
  const res = await request('POST', '/api/community/pqrsf', undefined, { ...petition, request_type: requestType });
  expect(res.statusCode).toBe(201);
  return (res.json() as { id: string }).id;
}
async function act(radicado: string, action: string, body: Record<string, unknown>) {
  const res = await request('POST', `/api/community/staff/pqrsf/${radicado}/${action}`, ana, body);
  expect(res.statusCode).toBe(200);
}
const report = async (periodo: string) => {
  const res = await request('GET', `/api/community/staff/pqrsf/informe?periodo=${periodo}`, ana);
  expect(res.statusCode).toBe(200);
  return res.json() as PqrsfReport;
};

beforeAll(async () => {
  // 27 February: a complaint filed and closed without an answer (duplicate). In the semester, not in March.
  clock = at('2026-02-27');
  await act(await file('Queja'), 'cierre', { note: 'Duplicada' });
  // 2 March: a complaint (15 business days) and a request for documents (10: due 16 March).
  clock = at('2026-03-02');
  const queja = await file('Queja');
  const solicitud = await file('Solicitud');
  // 3 March: a petition for another entity, transferred the next day (art. 21: within 5 business days).
  clock = at('2026-03-03');
  const traslado = await file('Petición');
  clock = at('2026-03-04');
  await act(traslado, 'traslado', { entity: 'Secretaría de Educación', entityEmail: 'contactenos@sed.gov.co' });
  // A suggestion nobody answers: due 26 March, overdue by 20 April.
  await file('Sugerencia');
  // 5 March: the complaint answered after 3 business days; a petition filed, answered on Monday 9 March (2 days).
  clock = at('2026-03-05');
  await act(queja, 'respuesta', { response: 'Ya está la grabación.' });
  const peticion = await file('Petición');
  clock = at('2026-03-09');
  await act(peticion, 'respuesta', { response: 'Respondida.' });
  // 10 March: a claim, its term extended the next day to twice the term (24 April), still open on 20 April.
  clock = at('2026-03-10');
  const reclamo = await file('Reclamo');
  clock = at('2026-03-11');
  await act(reclamo, 'ampliacion', { reason: 'Consultamos a la sede.', dueDate: addBusinessDays('2026-03-10', 30) });
  // 18 March: the request for documents answered two days after its due date (12 business days).
  clock = at('2026-03-18');
  await act(solicitud, 'respuesta', { response: 'Adjuntamos el certificado.' });
  // 23:30 on 31 March in Bogotá is 1 April in UTC: a March request.
  clock = new Date('2026-04-01T04:30:00Z');
  await file('Queja');
  // 6 April: a compliment, within its term on 20 April.
  clock = at('2026-04-06');
  await file('Felicitación');
  clock = at('2026-04-20');
});

describe('the PQRSF report', () => {
  it('counts March by type, channel and month, by outcome, transfers, extensions and business days to answer', async () => {
    const march = await report('2026-03');
    expect(march.period).toEqual({ key: '2026-03', label: 'Marzo de 2026', from: '2026-03-01', to: '2026-03-31' });
    expect(march.today).toBe('2026-04-20');
    expect(march.total).toBe(7);
    expect(march.byType).toEqual([
      { type: 'Petición', n: 2 },
      { type: 'Queja', n: 2 },
      { type: 'Reclamo', n: 1 },
      { type: 'Solicitud', n: 1 },
      { type: 'Sugerencia', n: 1 },
      { type: 'Felicitación', n: 0 },
    ]);
    expect(march.byChannel).toEqual([{ channel: 'Sitio web', n: 7 }]);
    expect(march.byMonth).toEqual([{ month: '2026-03', label: 'Marzo de 2026', n: 7 }]);
    expect(march.outcome).toEqual({
      answeredOnTime: 2,
      answeredLate: 1,
      transferred: 1,
      closedWithoutAnswer: 0,
      openWithinTerm: 2,
      openOverdue: 1,
    });
    expect(march.extended).toBe(1);
    // 3, 2 and 12 business days: 17 / 3 = 5.67.
    expect(march.answerDays).toEqual({ answered: 3, average: 5.7, longest: 12 });
  });

  it('covers every month of a semester, including the empty ones', async () => {
    const semester = await report('2026-S1');
    expect(semester.period).toMatchObject({ label: 'Enero–junio de 2026', from: '2026-01-01', to: '2026-06-30' });
    expect(semester.total).toBe(9);
    expect(semester.byMonth.map((m) => [m.label, m.n])).toEqual([
      ['Enero de 2026', 0],
      ['Febrero de 2026', 1],
      ['Marzo de 2026', 7],
      ['Abril de 2026', 1],
      ['Mayo de 2026', 0],
      ['Junio de 2026', 0],
    ]);
    expect(semester.byType.find((t) => t.type === 'Queja')?.n).toBe(3);
    expect(semester.byType.find((t) => t.type === 'Felicitación')?.n).toBe(1);
    expect(semester.outcome).toEqual({
      answeredOnTime: 2,
      answeredLate: 1,
      transferred: 1,
      closedWithoutAnswer: 1,
      openWithinTerm: 3,
      openOverdue: 1,
    });
    const empty = await report('2026-S2');
    expect(empty.total).toBe(0);
    expect(empty.answerDays).toEqual({ answered: 0, average: null, longest: null });
  });

  it('is for the Atención role only, and asks for a valid period in Spanish', async () => {
    for (const suffix of ['', '/csv', '/pdf']) {
      const url = `/api/community/staff/pqrsf/informe${suffix}?periodo=2026-03`;
      expect((await request('GET', url)).statusCode).toBe(401);
      expect((await request('GET', url, cursos)).statusCode).toBe(403);
    }
    for (const periodo of ['2026-13', '2026-S3', 'marzo', '1999-01']) {
      const res = await request('GET', `/api/community/staff/pqrsf/informe?periodo=${periodo}`, ana);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ fields: { periodo: expect.stringMatching(/^(El periodo|Elige un año)/) } });
    }
    expect((await request('GET', '/api/community/staff/pqrsf/informe', ana)).json()).toMatchObject({
      fields: { periodo: 'Elige el periodo del informe.' },
    });
  });

  it('exports the same figures as a CSV for Excel, and audits the download without personal data', async () => {
    const res = await request('GET', '/api/community/staff/pqrsf/informe/csv?periodo=2026-03', ana);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toContain('informe-pqrsf-2026-03.csv');
    const lines = res.body.replace(/^\uFEFF/, '').split('\r\n');
    expect(lines[0]).toBe('"Sección";"Concepto";"Valor"');
    expect(lines).toEqual(
      expect.arrayContaining([
        '"Informe de PQRSF";"Periodo";"Marzo de 2026"',
        '"Solicitudes por tipo";"Petición";"2"',
        '"Solicitudes por tipo";"Total";"7"',
        '"Solicitudes por canal";"Sitio web";"7"',
        '"Oportunidad de la respuesta";"Respondidas a tiempo";"2"',
        '"Oportunidad de la respuesta";"Respondidas fuera de término";"1"',
        '"Oportunidad de la respuesta";"Abiertas dentro del término";"2"',
        '"Oportunidad de la respuesta";"Abiertas con el término vencido";"1"',
        '"Traslados y ampliaciones";"Trasladadas (Ley 1755, art. 21)";"1"',
        '"Traslados y ampliaciones";"Con plazo ampliado (art. 14 parágrafo)";"1"',
        '"Tiempo de respuesta (días hábiles desde la radicación)";"Promedio de días hábiles";"5,7"',
        '"Tiempo de respuesta (días hábiles desde la radicación)";"Mayor número de días hábiles";"12"',
      ]),
    );
    expect(res.body).not.toMatch(/Luisa|Martínez|1020304050|luisa@example.com|grabación/);

    const [row] = await readAudit(api.db, { limit: 1, actionPrefix: 'community.pqrsf.report' });
    expect([row?.action, row?.actorEmail, row?.detail]).toEqual([
      'community.pqrsf.report.export',
      'ana@fundacion.org',
      { periodo: '2026-03', formato: 'csv', solicitudes: 7 },
    ]);
  });

  it('produces a PDF to publish with the title, the period, the tables and the date, and no personal data', async () => {
    const res = await request('GET', '/api/community/staff/pqrsf/informe/pdf?periodo=2026-S1', ana);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe('attachment; filename="informe-pqrsf-2026-S1.pdf"');
    const text = (await readPdfText(res.rawPayload)).map((p) => p.text).join('\n');
    const flat = text.replace(/\s+/g, ' ');
    /** A table row as a reader sees it: the label, then its figure at the right. */
    const row = (label: string, value: string) =>
      expect(text.split('\n').map((l) => l.replace(/\s+/g, ''))).toContain(`${label}${value}`.replace(/\s+/g, ''));
    expect(flat).toContain('Informe de peticiones, quejas, reclamos, sugerencias y felicitaciones — Enero–junio de 2026');
    expect(flat).toContain('Periodo: Enero–junio de 2026');
    row('Queja', '3');
    row('Febrero de 2026', '1');
    row('Marzo de 2026', '7');
    row('Respondidas a tiempo', '2');
    row('Respondidas fuera de término', '1');
    row('Cerradas sin respuesta (duplicadas o desistidas)', '1');
    row('Abiertas dentro del término', '3');
    row('Abiertas con el término vencido', '1');
    row('Promedio de días hábiles', '5,7');
    row('Mayor número de días hábiles', '12');
    expect(flat).toContain('todas se radicaron en el formulario del sitio web');
    expect(flat).toContain('Generado el 20 de abril de 2026, 10:00.');
    expect(text).not.toMatch(/Luisa|Martínez|1020304050|luisa@example/);

    const [audited] = await readAudit(api.db, { limit: 1, actionPrefix: 'community.pqrsf.report' });
    expect(audited?.detail).toEqual({ periodo: '2026-S1', formato: 'pdf', solicitudes: 9 });
  });
});
