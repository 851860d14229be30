import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { testApi, type TestApi } from 'shared/server/api-testing';
import { createTestIdentity } from 'shared/server/identity-testing';
import { bogotaDay } from 'shared/server/jobs';
import { memoryObjectStore } from 'shared/server/objects/memory-testing';
import { FakePaymentProvider } from 'shared/server/payments/fake-provider';
import { createTestStaffDirectory, staffToken } from 'shared/server/staff-testing';
import { sampleEnrolment } from 'shared/testing/sample-enrolment';
import { coursesApi } from '../../../server/index';
import type { CohortProgress, MaterialUpload, StaffMaterialsResponse } from '../schemas';

const inDays = (days: number) => bogotaDay(new Date(Date.now() + days * 86_400_000));
const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');
const HTML = Buffer.from('<!doctype html><script>alert(1)</script>');

/** Materials and completion per module (#31): what the Cursos team attaches and records, and what it may not. */
describe('module materials and completion per module', () => {
  let api: TestApi;
  const objects = memoryObjectStore();
  const idp = createTestIdentity();
  const staff = createTestStaffDirectory();
  staff.seat({ username: 'cursos@fundacion.org', roles: ['cursos'] });
  staff.seat({ username: 'otra@fundacion.org', roles: ['cursos'] });
  staff.seat({ username: 'finanzas@fundacion.org', roles: ['finanzas'] });
  const as = (email: string) => ({ authorization: `Bearer ${staffToken(idp, { email })}` });
  const cursos = as('cursos@fundacion.org');
  const cohorts = { started: 0, future: 0, ended: 0 };

  const upload = (bytes: Buffer, name: string, headers = cursos) =>
    api.app.inject({
      method: 'POST',
      url: '/api/courses/staff/modulos/archivos',
      payload: bytes,
      headers: { ...headers, 'content-type': 'application/octet-stream', 'x-file-name': encodeURIComponent(name) },
    });
  const add = (body: Record<string, unknown>, headers = cursos) =>
    api.app.inject({ method: 'POST', url: '/api/courses/staff/modulos/materiales', payload: body, headers });
  const materialsOf = (body: StaffMaterialsResponse, slug: string, module: number) =>
    body.courses.find((c) => c.slug === slug)?.modules.find((m) => m.number === module)?.materials ?? [];
  const audits = (action: string) => api.db.selectFrom('staff.audit_log').selectAll().where('action', '=', action).execute();

  const enrol = async (cohortId: number, module_name: string, email: string, status = 'ENROLLED', payment = 'approved') => {
    const lead = await api.app.inject({ method: 'POST', url: '/api/courses/leads', payload: { ...sampleEnrolment, email, module_name } });
    expect(lead.statusCode).toBe(201);
    const reference = lead.json<{ id: string }>().id;
    await api.db
      .updateTable('courses.enrolments')
      .set({ cohort_id: cohortId, enrollment_status: status, payment_status: payment })
      .where('reference', '=', reference)
      .execute();
    return reference;
  };
  const grid = (cohortId: number, headers = cursos) => api.app.inject({ url: `/api/courses/staff/cohorts/${cohortId}/modulos`, headers });
  const mark = (cohortId: number, body: Record<string, unknown>, headers = cursos) =>
    api.app.inject({ method: 'PUT', url: `/api/courses/staff/cohorts/${cohortId}/modulos`, payload: body, headers });

  beforeAll(async () => {
    api = await testApi(coursesApi, {
      payments: new FakePaymentProvider(),
      identity: idp.verifier,
      staff,
      objects,
      settings: { writeLimit: { max: 1000, timeWindow: 60_000 } },
    });
    const ids = await api.db
      .insertInto('courses.cohorts')
      .values([
        { course_name: 'desarrollo-software', start_date: inDays(-10), end_date: inDays(60), schedule: 'Lunes', capacity: 100 },
        { course_name: 'desarrollo-software', start_date: inDays(10), end_date: inDays(90), schedule: 'Martes', capacity: 100 },
        { course_name: 'desarrollo-software', start_date: inDays(-90), end_date: inDays(-1), schedule: 'Sábados', capacity: 100 },
      ])
      .returning('id')
      .execute();
    [cohorts.started, cohorts.future, cohorts.ended] = ids.map((r) => r.id) as [number, number, number];
  });
  afterAll(async () => api.close());

  it('accepts a file by its content (a PDF named .png is a PDF) and refuses HTML named .pdf (415) in Spanish', async () => {
    const ok = await upload(PDF, 'Guía del módulo.png');
    expect(ok.statusCode).toBe(201);
    expect(ok.json<MaterialUpload>()).toMatchObject({ kind: 'pdf', name: 'Guía del módulo.pdf', size: PDF.length });
    const html = await upload(HTML, 'guia.pdf');
    expect(html.statusCode).toBe(415);
    expect(html.json<{ message: string }>().message).toMatch(/^El archivo no es de un tipo admitido: PDF, PNG, JPEG/);
    const empty = await upload(Buffer.alloc(0), 'vacio.pdf');
    expect(empty.statusCode).toBe(400);
  });

  it('refuses a file over 20 MB with 413 in Spanish', async () => {
    const big = Buffer.concat([PDF, Buffer.alloc(20 * 1024 * 1024)]);
    const res = await upload(big, 'enorme.pdf');
    expect(res.statusCode).toBe(413);
    expect(res.json<{ message: string }>().message).toBe('El archivo pesa más de 20 MB.');
  });

  it('attaches a titled file and an https link to a module, in order, audited; refuses http links and a foreign upload', async () => {
    const uploaded = (await upload(PDF, 'guia.pdf')).json<MaterialUpload>();
    const file = await add({ course: 'desarrollo-software', module: 2, title: 'Guía de la semana 1', upload: uploaded.upload });
    expect(file.statusCode).toBe(201);
    const link = await add({
      course: 'desarrollo-software',
      module: 2,
      title: 'Documentación de MDN',
      link: 'https://developer.mozilla.org/es/',
    });
    expect(link.statusCode).toBe(201);
    const listed = materialsOf(link.json<StaffMaterialsResponse>(), 'desarrollo-software', 2);
    expect(listed.map((m) => [m.title, m.kind, m.file_kind, m.url])).toEqual([
      ['Guía de la semana 1', 'file', 'pdf', null],
      ['Documentación de MDN', 'link', null, 'https://developer.mozilla.org/es/'],
    ]);
    const added = await audits('courses.module.material_add');
    expect(added.map((a) => a.actor_email)).toEqual(['cursos@fundacion.org', 'cursos@fundacion.org']);
    expect(added[0]?.detail).toMatchObject({ curso: 'desarrollo-software', modulo: 2, titulo: 'Guía de la semana 1', tipo: 'pdf' });

    const http = await add({ course: 'desarrollo-software', module: 2, title: 'Inseguro', link: 'http://example.com/' });
    expect(http.statusCode).toBe(400);
    expect(http.body).toContain('https://');
    const neither = await add({ course: 'desarrollo-software', module: 2, title: 'Nada' });
    expect(neither.statusCode).toBe(400);
    expect(neither.body).toContain('Adjunta un archivo o escribe un enlace');
    // The same upload again, and another member's upload: neither attaches.
    expect((await add({ course: 'desarrollo-software', module: 2, title: 'Otra vez', upload: uploaded.upload })).statusCode).toBe(400);
    const theirs = (await upload(PDF, 'de-otra.pdf', as('otra@fundacion.org'))).json<MaterialUpload>();
    expect((await add({ course: 'desarrollo-software', module: 1, title: 'Ajena', upload: theirs.upload })).statusCode).toBe(400);
    expect((await add({ course: 'desarrollo-software', module: 9, title: 'Sin módulo', link: 'https://example.com/' })).statusCode).toBe(
      400,
    );
  });

  it('moves a material up and removes one (its file too), audited', async () => {
    const before = (await api.app.inject({ url: '/api/courses/staff/modulos/materiales', headers: cursos })).json<StaffMaterialsResponse>();
    const [first, second] = materialsOf(before, 'desarrollo-software', 2);
    const moved = await api.app.inject({
      method: 'PUT',
      url: `/api/courses/staff/modulos/materiales/${second!.id}/orden`,
      payload: { direction: 'up' },
      headers: cursos,
    });
    expect(moved.statusCode).toBe(200);
    expect(materialsOf(moved.json<StaffMaterialsResponse>(), 'desarrollo-software', 2).map((m) => m.title)).toEqual([
      'Documentación de MDN',
      'Guía de la semana 1',
    ]);
    expect(await audits('courses.module.material_move')).toHaveLength(1);
    const row = await api.db
      .selectFrom('courses.module_materials')
      .select('object_key')
      .where('public_id', '=', first!.id)
      .executeTakeFirstOrThrow();
    expect(await objects.head(row.object_key!)).not.toBeNull();
    const removed = await api.app.inject({ method: 'DELETE', url: `/api/courses/staff/modulos/materiales/${first!.id}`, headers: cursos });
    expect(removed.statusCode).toBe(200);
    expect(materialsOf(removed.json<StaffMaterialsResponse>(), 'desarrollo-software', 2).map((m) => m.title)).toEqual([
      'Documentación de MDN',
    ]);
    expect(await objects.head(row.object_key!)).toBeNull();
    expect(await audits('courses.module.material_remove')).toHaveLength(1);
    const again = await api.app.inject({ method: 'DELETE', url: `/api/courses/staff/modulos/materiales/${first!.id}`, headers: cursos });
    expect(again.statusCode).toBe(404);
  });

  it('answers Cursos only: Finanzas gets 403 on every materials and progress route', async () => {
    const finanzas = as('finanzas@fundacion.org');
    expect((await upload(PDF, 'x.pdf', finanzas)).statusCode).toBe(403);
    expect((await add({ course: 'desarrollo-software', module: 1, title: 'X', link: 'https://example.com/' }, finanzas)).statusCode).toBe(
      403,
    );
    expect((await api.app.inject({ url: '/api/courses/staff/modulos/materiales', headers: finanzas })).statusCode).toBe(403);
    expect((await grid(cohorts.started, finanzas)).statusCode).toBe(403);
    expect((await mark(cohorts.started, { reference: 'X', module: 1, completed: true }, finanzas)).statusCode).toBe(403);
  });

  it('records a module completed from the cohort start only, for an included module, audited; a second click records nothing', async () => {
    const single = await enrol(cohorts.started, 'Fundamentos de Javascript y AWS S3', 'uno@example.com');
    await enrol(cohorts.started, 'Fundamentos de Javascript y AWS S3', 'reembolso@example.com', 'WITHDRAWN', 'refunded');
    const res = await grid(cohorts.started);
    expect(res.statusCode).toBe(200);
    const body = res.json<CohortProgress>();
    expect(body.locked).toBeNull();
    expect(body.modules.map((m) => m.number)).toEqual([1, 2, 3]);
    // The refunded student is not part of the grid.
    expect(body.students.map((s) => s.reference)).toEqual([single]);
    expect(body.students[0]?.modules.map((m) => m.included)).toEqual([false, true, false]);
    expect((await audits('courses.module.progress_read')).at(-1)).toMatchObject({ entity_id: String(cohorts.started) });

    const notIncluded = await mark(cohorts.started, { reference: single, module: 1, completed: true });
    expect(notIncluded.statusCode).toBe(409);
    expect(notIncluded.json<{ message: string }>().message).toBe('Ese módulo no está incluido en la inscripción del estudiante.');
    const done = await mark(cohorts.started, { reference: single, module: 2, completed: true });
    expect(done.statusCode).toBe(200);
    expect(done.json<CohortProgress>().students[0]).toMatchObject({ all_modules_completed: true, course_completed: false });
    expect((await mark(cohorts.started, { reference: single, module: 2, completed: true })).statusCode).toBe(200);
    const recorded = await audits('courses.enrolment.module_complete');
    expect(recorded).toHaveLength(1);
    expect(recorded[0]).toMatchObject({ actor_email: 'cursos@fundacion.org', entity_id: single });
    expect(recorded[0]?.detail).toMatchObject({ modulo: 2, nombre_modulo: 'Fundamentos de Javascript y AWS S3' });
    // From another cohort's address: not this cohort's student.
    expect((await mark(cohorts.future, { reference: single, module: 2, completed: true })).statusCode).toBe(404);

    const future = await enrol(cohorts.future, 'Curso completo (3 módulos)', 'futuro@example.com');
    const early = await mark(cohorts.future, { reference: future, module: 1, completed: true });
    expect(early.statusCode).toBe(409);
    expect(early.json<{ message: string }>().message).toMatch(
      /^La cohorte empieza el .*: solo desde ese día se pueden registrar módulos completados\.$/,
    );
    expect((await grid(cohorts.future)).json<CohortProgress>().locked).toMatch(/^La cohorte empieza el/);
    expect(await api.db.selectFrom('courses.module_completions').selectAll().where('enrolment_reference', '=', future).execute()).toEqual(
      [],
    );
  });

  it('offers the course completion once every module is done, keeps its end-date rule, and locks the modules once completed', async () => {
    const whole = await enrol(cohorts.ended, 'Curso completo (3 módulos)', 'todo@example.com');
    for (const module of [1, 2]) expect((await mark(cohorts.ended, { reference: whole, module, completed: true })).statusCode).toBe(200);
    let row = (await grid(cohorts.ended)).json<CohortProgress>().students.find((s) => s.reference === whole);
    expect(row?.all_modules_completed).toBe(false);
    const last = (await mark(cohorts.ended, { reference: whole, module: 3, completed: true })).json<CohortProgress>();
    expect(last.completion_locked).toBeNull();
    expect(last.students.find((s) => s.reference === whole)?.all_modules_completed).toBe(true);
    // The started cohort has not ended: the grid says why the course cannot be marked yet.
    expect((await grid(cohorts.started)).json<CohortProgress>().completion_locked).toMatch(/^El curso termina el/);

    const completed = await api.app.inject({ method: 'POST', url: `/api/courses/staff/enrolments/${whole}/completar`, headers: cursos });
    expect(completed.statusCode).toBe(200);
    row = (await grid(cohorts.ended)).json<CohortProgress>().students.find((s) => s.reference === whole);
    expect(row).toMatchObject({ course_completed: true, all_modules_completed: false });
    const locked = await mark(cohorts.ended, { reference: whole, module: 3, completed: false });
    expect(locked.statusCode).toBe(409);
    expect(locked.json<{ message: string }>().message).toMatch(/deshaz primero esa finalización/);
    // Taking a module back once the completion is undone (with its reason, which voids the certificate).
    const undone = await api.app.inject({
      method: 'POST',
      url: `/api/courses/staff/enrolments/${whole}/deshacer-completado`,
      payload: { motivo: 'Falta la entrega final del módulo 3.' },
      headers: cursos,
    });
    expect(undone.statusCode).toBe(200);
    const back = await mark(cohorts.ended, { reference: whole, module: 3, completed: false });
    expect(back.statusCode).toBe(200);
    expect(
      back
        .json<CohortProgress>()
        .students.find((s) => s.reference === whole)
        ?.modules.map((m) => m.completed),
    ).toEqual([true, true, false]);
    expect(await audits('courses.enrolment.module_uncomplete')).toHaveLength(1);
  });
});
