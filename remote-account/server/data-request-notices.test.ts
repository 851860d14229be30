import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { sql } from 'kysely';
import { site } from 'shared/foundation/site';
import { formatColombianDateTime, formatLongDate } from 'shared/format/dates';
import type { StaffDirectory } from 'shared/server/api-contract';
import { testApi, type TestApi } from 'shared/server/api-testing';
import { createTestIdentity } from 'shared/server/identity-testing';
import { createTestStaffDirectory } from 'shared/server/staff-testing';
import type { PersonalDataEngine } from '../src/data-requests/server/personal-data';
import { createAccountApi } from './index';

/**
 * The datos team hears of each new data-subject request by e-mail (#28): the members with the role who left the choice
 * on, with nothing the person gave in the message; and the filing is answered whatever the notices do.
 */

const identity = createTestIdentity();
const staff = createTestStaffDirectory();
staff.seat({ username: 'avisame@fundacion.org', roles: ['datos'] });
staff.seat({ username: 'callado@fundacion.org', roles: ['datos'], notifyNewCases: false });
staff.seat({ username: 'atencion@fundacion.org', roles: ['atencion'] });
staff.seat({ username: 'sin-factor@fundacion.org', roles: ['datos'], totp: false });
const trouble = { down: false };
const directory: StaffDirectory = { ...staff, list: () => (trouble.down ? Promise.reject(new Error('sin red')) : staff.list()) };

const engine: PersonalDataEngine = {
  exportFor: () => Promise.reject(new Error('not in this test')),
  eraseData: () => Promise.reject(new Error('not in this test')),
  removeAccount: async () => false,
};

// Monday 16 March 2026, 10:00 in Bogotá.
const NOW = new Date('2026-03-16T15:00:00Z');
let api: TestApi;
beforeAll(async () => {
  api = await testApi(createAccountApi({ dataRequests: { now: () => NOW, personalData: () => engine } }), {
    identity: identity.verifier,
    staff: directory,
    settings: { writeLimit: { max: 1000, timeWindow: 60_000 } },
  });
});
afterAll(async () => api.close());

const person = {
  name: 'Martina Ñáñez',
  email: 'martina@example.com',
  details: 'Quiero saber qué datos míos tienen; mi cédula es 1.020.304.050.',
};
/** Files as a signed-in visitor whose verified token names the address (no code needed). */
const file = async (kind = 'acceso') => {
  const res = await api.app.inject({
    method: 'POST',
    url: '/api/account/data-requests',
    payload: { ...person, kind },
    headers: { authorization: `Bearer ${identity.token({ email: person.email })}` },
  });
  expect(res.statusCode).toBe(201);
  return res.json<{ radicado: string; dueDate: string; termDays: number }>();
};
const noticesOf = async (radicado: string) =>
  (await api.mailer.list(500)).filter((m) => m.subject.startsWith(`Nueva solicitud sobre datos personales ${radicado}`));

describe('a new data-subject request e-mails the datos team', () => {
  it('writes to each enabled datos member whose choice is on, and to no one else, with no data of the person', async () => {
    const filed = await file('supresion');
    const notices = await noticesOf(filed.radicado);
    expect(notices.map((m) => m.to)).toEqual(['avisame@fundacion.org']);
    const [mail] = notices;
    expect(mail?.subject).toBe(
      `Nueva solicitud sobre datos personales ${filed.radicado} (Supresión de mis datos (reclamo)) - ${site.name}`,
    );
    expect(mail?.text).toContain(`Radicado: ${filed.radicado}`);
    expect(mail?.text).toContain(`Radicada el: ${formatColombianDateTime(NOW)}`);
    expect(mail?.text).toContain(`Fecha límite de respuesta: ${formatLongDate(filed.dueDate)} (15 días hábiles)`);
    expect(mail?.text).toContain(`Abrir la solicitud en el panel: http://127.0.0.1:8080/equipo/datos-personales/${filed.radicado}`);
    for (const personal of ['Martina', 'Ñáñez', 'martina@example.com', '1.020.304.050', 'cédula'])
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
      expect(await noticesOf(filed.radicado)).toEqual([]);
    } finally {
      await sql`drop trigger test_refuse_team on mail.outbox`.execute(api.db);
      await sql`drop function mail.test_refuse_team()`.execute(api.db);
    }
    trouble.down = true;
    try {
      const filed = await file();
      expect(await noticesOf(filed.radicado)).toEqual([]);
      expect((await api.mailer.list(500)).some((m) => m.to === person.email && m.subject.includes(filed.radicado))).toBe(true);
    } finally {
      trouble.down = false;
    }
  });
});
