import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createTestIdentity } from 'shared/server/identity-testing';
import { bogotaDay } from 'shared/server/jobs';
import { FakePaymentProvider } from 'shared/server/payments/fake-provider';
import { signNotification } from 'shared/server/payments/signature';
import { readPdfText } from 'shared/server/pdf/testing';
import { createTestStaffDirectory, staffToken } from 'shared/server/staff-testing';
import { sampleEnrolment } from 'shared/testing/sample-enrolment';
import type { Gateway } from '../../shell/server/src/app';
import { testGateway } from '../../shell/server/src/testing';
import type { AccountDirectory } from '../src/mis-cursos/server/directory';
import { createAccountApi } from './index';

// Mis Cursos and the completion certificate (#31): once the team marks a course complete, the student's download is the
// completion certificate the courses domain issued (through its service), not the constancia of enrolment; after the
// completion is undone, the constancia again.
describe('Mis Cursos: the completion certificate', () => {
  let gw: Gateway;
  const provider = new FakePaymentProvider();
  const idp = createTestIdentity();
  const staff = createTestStaffDirectory();
  staff.seat({ username: 'ana@fundacion.org' });
  const asStaff = { authorization: `Bearer ${staffToken(idp, { email: 'ana@fundacion.org' })}` };
  const directory: AccountDirectory = { createUser: () => Promise.reject(new Error('no se esperaba crear cuentas')) };

  beforeAll(async () => {
    gw = await testGateway(
      {},
      {},
      { payments: provider, identity: idp.verifier, staff, apiOverrides: { account: createAccountApi({ directory }) } },
    );
  });
  afterAll(async () => gw.app.close());

  it('downloads the CERTIFICADO DE FINALIZACIÓN with its number and verification URL once completed, the constancia before and after an undo', async () => {
    const email = 'finaliza@example.com';
    const bearer = { authorization: `Bearer ${idp.token({ email, sub: `sub-${email}`, name: 'Ana' })}` };
    const enrolled = await gw.app.inject({
      method: 'POST',
      url: '/api/courses/leads',
      payload: {
        ...sampleEnrolment,
        student_name_second: '',
        student_second_lastname: '',
        student_name: 'Ana',
        student_lastname: 'Pérez',
        email,
      },
    });
    expect(enrolled.statusCode).toBe(201);
    const reference = (enrolled.json() as { id: string }).id;
    provider.pay('9301', reference, 'approved', { transaction_amount: 119900 });
    const notified = await gw.app.inject({
      method: 'POST',
      url: '/api/courses/payments/notifications?data.id=9301&type=payment',
      headers: { 'x-request-id': 'fin-1', 'x-signature': signNotification('sandbox-webhook-secret', '9301', 'fin-1') },
      payload: { type: 'payment', data: { id: '9301' } },
    });
    expect(notified.json()).toMatchObject({ applied: true });
    // Its cohort ended today.
    const today = bogotaDay(new Date());
    const cohort = await gw.database.db
      .insertInto('courses.cohorts')
      .values({
        course_name: 'desarrollo-software',
        start_date: '2026-01-12',
        end_date: today,
        schedule: 'Lunes',
        capacity: 30,
        status: 'closed',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await gw.database.db.updateTable('courses.enrolments').set({ cohort_id: cohort.id }).where('reference', '=', reference).execute();

    const download = async () => {
      const res = await gw.app.inject({ url: `/api/account/enrollments/${reference}/certificate`, headers: bearer });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('application/pdf');
      const [page] = await readPdfText(new Uint8Array(res.rawPayload));
      return { res, text: page!.text.replace(/\s+/g, ' ') };
    };

    expect((await download()).text).toContain('se encuentra inscrito(a)');

    const done = await gw.app.inject({ method: 'POST', url: `/api/courses/staff/enrolments/${reference}/completar`, headers: asStaff });
    expect(done.statusCode).toBe(200);
    const { number, verificationUrl } = (done.json() as { certificates: Array<{ number: string; verificationUrl: string }> })
      .certificates[0]!;

    const completed = await download();
    expect(completed.res.headers['content-disposition']).toContain(`certificado-${number}.pdf`);
    expect(completed.text).toContain('CERTIFICADO DE FINALIZACIÓN');
    expect(completed.text).toContain('certifica que Ana Pérez');
    expect(completed.text).toContain(number);
    expect(completed.text).toContain(verificationUrl);
    expect(completed.text).not.toContain('se encuentra inscrito(a)');
    // Mis Cursos lists it as completed.
    const listed = await gw.app.inject({ url: '/api/account/enrollments', headers: bearer });
    expect(listed.json()).toMatchObject({ enrollments: [expect.objectContaining({ id: reference, enrollment_status: 'COMPLETED' })] });

    const undone = await gw.app.inject({
      method: 'POST',
      url: `/api/courses/staff/enrolments/${reference}/deshacer-completado`,
      headers: asStaff,
      payload: { motivo: 'Se marcó antes de la última evaluación' },
    });
    expect(undone.statusCode).toBe(200);
    const after = await download();
    expect(after.text).toContain('CONSTANCIA DE INSCRIPCIÓN');
    expect(after.text).not.toContain(number);
  });
});
