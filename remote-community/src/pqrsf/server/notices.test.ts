import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { sql } from 'kysely';
import { site } from 'shared/foundation/site';
import { formatColombianDateTime, formatLongDate } from 'shared/format/dates';
import { testApi, type TestApi } from 'shared/server/api-testing';
import type { StaffDirectory } from 'shared/server/api-contract';
import { createTestIdentity } from 'shared/server/identity-testing';
import { createTestStaffDirectory } from 'shared/server/staff-testing';
import { createCommunityApi } from '../../../server/index';

/**
 * The atención team hears of each new PQRSF by e-mail (#28): the members with the role who left the choice on, with no
 * petitioner's data in the message; and the filing is answered whatever the notices do.
 */

const staff = createTestStaffDirectory();
staff.seat({ username: 'avisame@fundacion.org', roles: ['atencion'] });
staff.seat({ username: 'callado@fundacion.org', roles: ['atencion'], notifyNewCases: false });
staff.seat({ username: 'cursos@fundacion.org', roles: ['cursos'] });
staff.seat({ username: 'datos@fundacion.org', roles: ['datos'] });
staff.seat({ username: 'suspendida@fundacion.org', roles: ['atencion'], enabled: false });

/** The directory as the routes see it; `down`/`stuck` make its listing fail or never answer. */
const trouble = { down: false, stuck: false };
const directory: StaffDirectory = {
  ...staff,
  list: () => (trouble.down ? Promise.reject(new Error('sin red')) : trouble.stuck ? new Promise(() => undefined) : staff.list()),
};

// Monday 2 March 2026, 10:00 in Bogotá.
const NOW = new Date('2026-03-02T15:00:00Z');
let api: TestApi;
beforeAll(async () => {
  api = await testApi(createCommunityApi({ now: () => NOW, acknowledgementsPerAddressPerDay: 100 }), {
    identity: createTestIdentity().verifier,
    staff: directory,
    settings: { writeLimit: { max: 1000, timeWindow: 60_000 } },
  });
});
afterAll(async () => api.close());

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
const file = async () => {
  const res = await api.app.inject({ method: 'POST', url: '/api/community/pqrsf', payload: petition });
  expect(res.statusCode).toBe(201);
  return res.json<{ id: string; dueDate: string; termDays: number }>();
};
const noticesOf = async (radicado: string) => (await api.mailer.list(500)).filter((m) => m.subject.startsWith(`Nueva PQRSF ${radicado}`));

describe('a new PQRSF e-mails the atención team', () => {
  it('writes to each enabled atención member whose choice is on, and to no one else', async () => {
    const filed = await file();
    const notices = await noticesOf(filed.id);
    expect(notices.map((m) => m.to)).toEqual(['avisame@fundacion.org']);
    const [mail] = notices;
    expect(mail?.subject).toBe(`Nueva PQRSF ${filed.id} (Queja) - ${site.name}`);
    expect(mail?.text).toContain('Tipo: Queja');
    expect(mail?.text).toContain(`Radicado: ${filed.id}`);
    expect(mail?.text).toContain(`Radicada el: ${formatColombianDateTime(NOW)}`);
    expect(mail?.text).toContain(`Fecha límite de respuesta: ${formatLongDate(filed.dueDate)} (15 días hábiles)`);
    expect(mail?.text).toContain(`Abrir el caso en el panel: http://127.0.0.1:8080/equipo/pqrsf/${filed.id}`);
    expect(mail?.html).toContain(`href="http://127.0.0.1:8080/equipo/pqrsf/${filed.id}"`);
  });

  it('carries none of the petitioner’s data: name, address, document, phone or text', async () => {
    const filed = await file();
    const [mail] = await noticesOf(filed.id);
    expect(mail).toBeDefined();
    for (const personal of [
      'Luisa',
      'Martínez',
      'luisa@example.com',
      '1.020.304.050',
      '1020304050',
      '3151112233',
      'grabación',
      'Estudiante',
    ])
      expect(`${mail?.subject}\n${mail?.text}\n${mail?.html}`).not.toContain(personal);
  });

  it('answers the filing when the outbox refuses the team’s notice, and when the directory fails', async () => {
    await sql`create or replace function mail.test_refuse_team() returns trigger language plpgsql as $$
      begin
        if new.to_address like '%@fundacion.org' then raise exception 'outbox down for the team'; end if;
        return new;
      end $$`.execute(api.db);
    await sql`create trigger test_refuse_team before insert on mail.outbox for each row execute function mail.test_refuse_team()`.execute(
      api.db,
    );
    try {
      const filed = await file();
      expect(await noticesOf(filed.id)).toEqual([]);
      expect(
        await api.db.selectFrom('community.pqrsf_requests').select('radicado').where('radicado', '=', filed.id).execute(),
      ).toHaveLength(1);
    } finally {
      await sql`drop trigger test_refuse_team on mail.outbox`.execute(api.db);
      await sql`drop function mail.test_refuse_team()`.execute(api.db);
    }
    trouble.down = true;
    try {
      const filed = await file();
      expect(await noticesOf(filed.id)).toEqual([]);
      // The petitioner's acknowledgement still goes.
      expect((await api.mailer.list(500)).some((m) => m.to === 'luisa@example.com' && m.subject.includes(filed.id))).toBe(true);
    } finally {
      trouble.down = false;
    }
  });

  it('does not hold the answer longer than the notice’s wait when the directory never answers', async () => {
    trouble.stuck = true;
    try {
      const started = Date.now();
      await file();
      expect(Date.now() - started).toBeLessThan(4_000);
    } finally {
      trouble.stuck = false;
    }
  }, 10_000);
});
