import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { addBusinessDays, colombianDate } from 'shared/format/business-days';
import { site } from 'shared/foundation/site';
import { documentNumberTexts } from 'shared/schemas/common';
import { formatColombianDateTime } from 'shared/format/dates';
import { communityTexts as t, softwareRequestTexts as s } from '../src/forms/schemas';
import { documentKey, pqrsfLookupTexts } from '../src/pqrsf/schemas';
import { testApi, type TestApi } from 'shared/server/api-testing';
import type { Database } from 'shared/server/database';
import type { MailboxEntry } from 'shared/server/mailer';
import {
  createAcknowledger,
  DEFAULT_ACKNOWLEDGEMENTS_PER_ADDRESS_PER_DAY,
  readAcknowledgementLimit,
} from '../src/forms/server/acknowledge';
import { communityApi, createCommunityApi } from './index';

const volunteer = {
  data_authorization: true,
  volunteer_name: 'Ana',
  volunteer_lastname: 'Pérez',
  id_type: 'Cédula de ciudadanía',
  id_number: '1012345678',
  age: '27',
  address: 'Calle 10 # 5-20, Bogotá',
  phone_number: '3001234567',
  email: 'ana.perez@example.com',
  institution: 'Universidad Nacional',
  purposes: 'Quiero compartir lo que sé de programación.',
  activities: 'Tutorías de JavaScript los sábados.',
};
const ally = {
  data_authorization: true,
  corporation_name: 'Tejidos Andinos S.A.S.',
  corp_phone_number: '6015551234',
  representative_name: 'Carlos',
  representative_lastname: 'Gómez',
  id_type: 'Cédula de extranjería',
  id_number: 'E123456',
  email: 'carlos@tejidos.example.com',
  rep_phone_number: '3109876543',
  reviews: '',
};
const pqrsf = {
  rol_type: 'Estudiante',
  name: 'Luisa',
  lastname: 'Martínez',
  id_type: 'Cédula de ciudadanía',
  id_number: '1.020.304.050',
  phone_number: '3151112233',
  email: 'Luisa.Martinez@Example.com',
  request_type: 'Queja',
  reviews: 'La clase del martes no tuvo grabación.',
};
const arte = {
  data_authorization: true,
  full_name: 'Marta Ruiz',
  phone_number: '3201234567',
  email: 'marta@example.com',
  guest_type: 'Soy docente y me interesa el taller para mis estudiantes',
  comments_query: '¿Pueden venir al colegio?',
};
const valeSer = {
  data_authorization: true,
  first_name: 'Sofía',
  last_name: 'Díaz',
  phone_number: '3011234567',
  occupation: 'Emprendedor',
  email: 'sofia@example.com',
  empowerment_course: 'No',
  referral_source: 'Instagram',
  comments_query: '¿Cuánto cuesta la inscripción?',
};
const software = {
  data_authorization: true,
  email: 'gerencia@pyme.example.com',
  phone_number: '+57 300 123 4567',
  full_name: 'Pedro Ortiz',
};

type Body = Record<string, unknown>;
/** The tables the public forms write to (each keeps the e-mail the visitor typed). */
type FormTable = Extract<
  keyof Database,
  'community.volunteers' | 'community.allies' | 'community.pqrsf_requests' | 'community.workshop_inquiries' | 'community.software_requests'
>;

/** Every public form route, a valid body, the table it writes to, and each validation rule with its message. */
const forms: Array<{ url: string; valid: Body; table: FormTable; idKey: string; rules: Array<[Body, string, string]> }> = [
  {
    url: '/api/community/volunteers',
    valid: volunteer,
    table: 'community.volunteers',
    idKey: 'volunteer_id',
    rules: [
      [{ volunteer_name: ' ' }, 'volunteer_name', t.nameRequired],
      [{ volunteer_lastname: '' }, 'volunteer_lastname', t.lastnameRequired],
      [{ id_type: 'NIT' }, 'id_type', t.idTypeRequired],
      [{ id_type: 'Permiso por Protección Temporal', id_number: 'V1234567' }, 'id_number', documentNumberTexts.ppt],
      [{ id_number: '' }, 'id_number', t.idNumberRequired],
      [{ id_number: '12' }, 'id_number', t.idNumberInvalid],
      [{ age: '' }, 'age', t.ageRequired],
      [{ age: '9' }, 'age', t.ageInvalid],
      [{ age: 'veinte' }, 'age', t.ageInvalid],
      [{ address: '' }, 'address', t.addressRequired],
      [{ phone_number: '' }, 'phone_number', t.phoneRequired],
      [{ phone_number: '12ab' }, 'phone_number', t.phoneInvalid],
      [{ email: '' }, 'email', t.emailRequired],
      [{ email: 'ana@' }, 'email', t.emailInvalid],
      [{ purposes: '' }, 'purposes', t.purposesRequired],
      [{ activities: '' }, 'activities', t.activitiesRequired],
    ],
  },
  {
    url: '/api/community/allies',
    valid: ally,
    table: 'community.allies',
    idKey: 'corporation_id',
    rules: [
      [{ corporation_name: '' }, 'corporation_name', t.corporationNameRequired],
      [{ corp_phone_number: '' }, 'corp_phone_number', t.corpPhoneRequired],
      [{ representative_name: '' }, 'representative_name', t.representativeNameRequired],
      [{ representative_lastname: '' }, 'representative_lastname', t.representativeLastnameRequired],
      [{ id_type: 'Tarjeta de identidad' }, 'id_type', t.idTypeRequired],
      [{ id_number: '' }, 'id_number', t.idNumberRequired],
      [{ email: 'x' }, 'email', t.emailInvalid],
      [{ rep_phone_number: '' }, 'rep_phone_number', t.repPhoneRequired],
    ],
  },
  {
    url: '/api/community/pqrsf',
    valid: pqrsf,
    table: 'community.pqrsf_requests',
    idKey: 'id',
    rules: [
      [{ rol_type: 'Admin' }, 'rol_type', t.rolTypeRequired],
      [{ name: '' }, 'name', t.nameRequired],
      [{ lastname: '' }, 'lastname', t.lastnameRequired],
      [{ id_type: '' }, 'id_type', t.idTypeRequired],
      [{ id_number: '' }, 'id_number', t.idNumberRequired],
      [{ phone_number: '' }, 'phone_number', t.phoneRequired],
      [{ email: '' }, 'email', t.emailRequired],
      [{ request_type: 'Denuncia' }, 'request_type', t.requestTypeRequired],
      [{ reviews: '' }, 'reviews', t.reviewsRequired],
    ],
  },
  {
    url: '/api/community/arte-de-amarte/consulta',
    valid: arte,
    table: 'community.workshop_inquiries',
    idKey: 'id',
    rules: [
      [{ full_name: '' }, 'full_name', t.fullNameRequired],
      [{ phone_number: '' }, 'phone_number', t.phoneRequired],
      [{ email: 'a@b' }, 'email', t.emailInvalid],
      [{ guest_type: 'Abuela' }, 'guest_type', t.guestTypeRequired],
      [{ comments_query: '' }, 'comments_query', t.commentsRequired],
    ],
  },
  {
    url: '/api/community/vale-ser/consulta',
    valid: valeSer,
    table: 'community.workshop_inquiries',
    idKey: 'id',
    rules: [
      [{ first_name: '' }, 'first_name', t.firstNameRequired],
      [{ last_name: '' }, 'last_name', t.lastNameRequired],
      [{ phone_number: '' }, 'phone_number', t.phoneRequired],
      [{ occupation: 'Astronauta' }, 'occupation', t.occupationRequired],
      [{ email: '' }, 'email', t.emailRequired],
      [{ empowerment_course: 'Tal vez' }, 'empowerment_course', t.empowermentRequired],
      [{ referral_source: '' }, 'referral_source', t.referralRequired],
      [{ comments_query: '' }, 'comments_query', t.commentsRequired],
    ],
  },
  {
    url: '/api/community/custom-software',
    valid: software,
    table: 'community.software_requests',
    idKey: 'id',
    rules: [
      [{ email: '' }, 'email', s.emailRequired],
      [{ email: 'pyme@' }, 'email', s.emailInvalid],
      [{ phone_number: '' }, 'phone_number', s.phoneRequired],
      [{ phone_number: '300 123 45' }, 'phone_number', s.phoneShort],
      [{ full_name: '' }, 'full_name', s.nameRequired],
      [{ full_name: 'Al' }, 'full_name', s.nameShort],
    ],
  },
];

describe('community form API', () => {
  let gw: TestApi;
  beforeAll(async () => {
    gw = await testApi(communityApi, { settings: { writeLimit: { max: 1000, timeWindow: 60_000 } } });
  });
  afterAll(async () => gw.close());

  const post = (url: string, payload: Body | string, headers: Record<string, string> = {}) =>
    gw.app.inject({ method: 'POST', url, payload, headers });
  const count = async (table: FormTable) =>
    Number(
      (
        await gw.db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  describe.each(forms)('$url', ({ url, valid, table, idKey, rules }) => {
    it('stores a valid submission before answering its id', async () => {
      const before = await count(table);
      const res = await post(url, valid);
      expect(res.statusCode).toBe(201);
      const body = res.json() as Record<string, unknown>;
      expect(body.success).toBe(true);
      expect(typeof body[idKey]).toBe('string');
      expect(await count(table)).toBe(before + 1);
    });

    it.each(rules)('answers %j with the form message', async (change, field, message) => {
      const res = await post(url, { ...valid, ...change });
      expect(res.statusCode).toBe(400);
      expect((res.json() as { fields: Record<string, string> }).fields[field]).toBe(message);
    });

    it('refuses junk bodies with a 4xx and stores nothing', async () => {
      const before = await count(table);
      for (const junk of [
        '',
        'null',
        '[1,2]',
        '{"a":',
        '"texto"',
        JSON.stringify({ __proto__: { x: 1 }, ...valid }).replace('{', '{"__proto__":{"x":1},'),
      ]) {
        const res = await post(url, junk, { 'content-type': 'application/json' });
        expect([url, res.statusCode >= 400 && res.statusCode < 500]).toEqual([url, true]);
      }
      const text = await post(url, 'hola', { 'content-type': 'text/plain' });
      expect(text.statusCode).toBeGreaterThanOrEqual(400);
      expect(text.statusCode).toBeLessThan(500);
      expect(await count(table)).toBe(before);
    });

    it('refuses a filled honeypot without storing', async () => {
      const before = await count(table);
      const res = await post(url, { ...valid, website: 'https://spam.example.com' });
      expect(res.statusCode).toBe(400);
      expect((res.json() as { error: string }).error).toBe('rejected');
      expect(await count(table)).toBe(before);
    });
  });

  it('stores the volunteer age as a number and an empty institution as nothing', async () => {
    const res = await post('/api/community/volunteers', { ...volunteer, institution: '  ' });
    const id = Number((res.json() as { volunteer_id: string }).volunteer_id);
    const row = await gw.db.selectFrom('community.volunteers').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ age: 27, institution: null, email: 'ana.perez@example.com' });
  });

  it('e-mails volunteers and allies their registration number, without their names or company', async () => {
    const v = (await post('/api/community/volunteers', { ...volunteer, email: 'vol.mail@example.com' })).json() as { volunteer_id: string };
    const a = (await post('/api/community/allies', { ...ally, email: 'ally.mail@example.com' })).json() as { corporation_id: string };
    const mails = await gw.mailer.list(100);
    const volunteerMail = mails.find((m) => m.to === 'vol.mail@example.com');
    expect(volunteerMail?.text).toContain(`Número de registro: ${v.volunteer_id}`);
    expect(volunteerMail?.text).toMatch(/^Hola:\n/);
    expect(volunteerMail?.text).not.toContain(volunteer.volunteer_name);
    const allyMail = mails.find((m) => m.to === 'ally.mail@example.com');
    expect(allyMail?.text).toContain(`Número de registro: ${a.corporation_id}`);
    expect(allyMail?.text).not.toContain('Tejidos Andinos');
    expect(allyMail?.text).not.toContain(ally.representative_name);
  });

  it('keeps which workshop an inquiry is about', async () => {
    const res = await post('/api/community/vale-ser/consulta', valeSer);
    const id = Number((res.json() as { id: string }).id);
    const row = await gw.db.selectFrom('community.workshop_inquiries').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ workshop: 'vale-ser', first_name: 'Sofía', empowerment_course: 'No', full_name: null });
  });
});

describe('PQRSF filing and lookup', () => {
  let gw: TestApi;
  beforeAll(async () => {
    gw = await testApi(communityApi, { settings: { writeLimit: { max: 1000, timeWindow: 60_000 } } });
  });
  afterAll(async () => gw.close());

  const post = (url: string, payload: Body) => gw.app.inject({ method: 'POST', url, payload });
  const file = async (over: Body = {}) => {
    const res = await post('/api/community/pqrsf', { ...pqrsf, ...over });
    expect(res.statusCode).toBe(201);
    return res.json() as { id: string; status: string; createdAt: string; dueDate: string; termDays: number };
  };

  it('assigns a random 16-digit radicado, status "En proceso" and the 15-business-day deadline', async () => {
    const a = await file();
    const b = await file();
    expect(a.id).toMatch(/^[1-9]\d{15}$/);
    expect(b.id).not.toBe(a.id);
    expect(a.status).toBe('En proceso');
    expect(a.termDays).toBe(15);
    expect(a.dueDate).toBe(addBusinessDays(colombianDate(new Date(a.createdAt)), 15));
    expect(Math.abs(Date.parse(a.createdAt) - Date.now())).toBeLessThan(60_000);
  });

  it('gives a request of documents or information ("Solicitud") 10 business days', async () => {
    const r = await file({ request_type: 'Solicitud' });
    expect(r.termDays).toBe(10);
    expect(r.dueDate).toBe(addBusinessDays(colombianDate(new Date(r.createdAt)), 10));
  });

  it('ignores a radicado, status or dates sent by the browser', async () => {
    const r = await file({ id: '1111111111111111', status: 'Cerrada', createdAt: '2000-01-01', response: 'Listo' });
    expect(r.id).not.toBe('1111111111111111');
    const found = await post('/api/community/pqrsf/consulta', { id: r.id, id_number: pqrsf.id_number });
    expect((found.json() as { Items: Array<{ status: string; response: string | null }> }).Items[0]).toMatchObject({
      status: 'En proceso',
      response: null,
    });
  });

  it('e-mails the requester the radicado, the date and the deadline', async () => {
    const r = await file({ email: 'acuse@example.com' });
    const mails = await gw.mailer.list(100);
    const mail = mails.find((m) => m.to === 'acuse@example.com');
    expect(mail?.subject).toBe(`Radicamos tu PQRSF ${r.id} - ${site.name}`);
    expect(mail?.text).toContain(`Número de radicado: ${r.id}`);
    expect(mail?.text).toContain(`Fecha de radicación: ${formatColombianDateTime(r.createdAt)}`);
    expect(mail?.text).toMatch(/Fecha de radicación: \d{1,2} de \w+ de \d{4}, \d{2}:\d{2}/);
    expect(mail?.text).toMatch(/Fecha límite de respuesta: \d{1,2} de \w+ de \d{4}/);
    expect(mail?.text).toContain('15 días hábiles');
  });

  it('finds a request by radicado plus document (written with or without dots)', async () => {
    const r = await file();
    for (const id_number of ['1.020.304.050', '1020304050']) {
      const res = await post('/api/community/pqrsf/consulta', { id: r.id, id_number });
      expect(res.statusCode).toBe(200);
      const [item] = (res.json() as { Items: Array<Record<string, unknown>> }).Items;
      expect(item).toMatchObject({
        id: r.id,
        status: 'En proceso',
        rol_type: 'Estudiante',
        name: 'Luisa',
        lastname: 'Martínez',
        email: 'luisa.martinez@example.com',
        phone_number: '3151112233',
        id_type: 'Cédula de ciudadanía',
        id_number: '1.020.304.050',
        request_type: 'Queja',
        reviews: pqrsf.reviews,
        response: null,
        dueDate: r.dueDate,
        createdAt: r.createdAt,
      });
    }
  });

  it('answers a wrong document and an unknown radicado with the same not-found', async () => {
    const r = await file();
    const wrongDocument = await post('/api/community/pqrsf/consulta', { id: r.id, id_number: '99999999' });
    const unknownNumber = await post('/api/community/pqrsf/consulta', { id: '1234567890123456', id_number: pqrsf.id_number });
    expect(wrongDocument.statusCode).toBe(404);
    expect(unknownNumber.statusCode).toBe(404);
    expect(wrongDocument.json()).toEqual({ error: 'not_found', message: pqrsfLookupTexts.notFound });
    expect(unknownNumber.json()).toEqual(wrongDocument.json());
    expect(wrongDocument.body).not.toContain('Luisa');
  });

  it('validates the lookup with the form messages', async () => {
    const missing = await post('/api/community/pqrsf/consulta', { id: '', id_number: '' });
    expect((missing.json() as { fields: Record<string, string> }).fields).toEqual({
      id: pqrsfLookupTexts.idRequired,
      id_number: t.idNumberRequired,
    });
    const short = await post('/api/community/pqrsf/consulta', { id: '12345', id_number: '1020304050' });
    expect((short.json() as { fields: Record<string, string> }).fields.id).toBe(pqrsfLookupTexts.idInvalid);
    const junk = await gw.app.inject({
      method: 'POST',
      url: '/api/community/pqrsf/consulta',
      payload: '[]',
      headers: { 'content-type': 'application/json' },
    });
    expect(junk.statusCode).toBe(400);
  });
});

describe('community rate limits', () => {
  it('answers 429 in Spanish past the limit on every form route and on the lookup', async () => {
    const gw = await testApi(communityApi, { settings: { writeLimit: { max: 2, timeWindow: 60_000 } } });
    const urls = [...forms.map((f) => f.url), '/api/community/pqrsf/consulta'];
    for (const url of urls) {
      const codes: number[] = [];
      let last: { error?: string; message?: string } = {};
      for (let i = 0; i < 3; i++) {
        const res = await gw.app.inject({ method: 'POST', url, payload: { intento: i } });
        codes.push(res.statusCode);
        last = res.json();
      }
      expect([url, codes[2]]).toEqual([url, 429]);
      expect(last.error).toBe('rate_limited');
      expect(last.message).toMatch(/^Has realizado demasiadas solicitudes\. Intenta de nuevo en \d+ segundos\.$/);
    }
    await gw.close();
  });
});

describe('acknowledgements to an address nobody verified (#11)', () => {
  const origin = 'https://fundacion.example';
  const lookupUrl = (radicado: string) => `${origin}/consultar-solicitud?radicado=${radicado}#radicado`;
  const lure = (field: string) => `Banco XYZ: tu cuenta fue suspendida, visita https://banco-xyz.example/${field}`;
  // A name field refuses links, digits and colons (trust boundaries, round two): words alone can still lure.
  const nameLure = 'Banco XYZ tu cuenta fue suspendida';
  // Tests move this clock to another Bogotá day; the records' own dates still come from the database.
  let clock = new Date();
  let gw: TestApi;
  beforeAll(async () => {
    gw = await testApi(createCommunityApi({ acknowledgementsPerAddressPerDay: 3, now: () => clock }), {
      settings: { publicOrigin: origin, writeLimit: { max: 1000, timeWindow: 60_000 } },
    });
  });
  afterAll(async () => gw.close());

  const post = async (url: string, payload: Body) => {
    const res = await gw.app.inject({ method: 'POST', url, payload });
    expect([url, res.statusCode]).toEqual([url, 201]);
    return res.json() as Record<string, string>;
  };
  const mailsTo = async (address: string): Promise<MailboxEntry[]> => (await gw.mailer.list(1000)).filter((m) => m.to === address);
  const rows = async (table: FormTable, email: string) =>
    gw.db.selectFrom(table).selectAll().where('email', '=', email).execute() as Promise<Array<Record<string, unknown>>>;
  const links = (m: MailboxEntry) => [...`${m.subject}\n${m.text}\n${m.html}`.matchAll(/https?:\/\/[^\s"'<>)]+/g)].map((x) => x[0]);

  /** The mail holds none of the submitted strings, nor anything of the lure, and links only to `allowed`. */
  function expectNoSubmittedText(mail: MailboxEntry, submitted: Body, allowed: string[]) {
    const all = `${mail.subject}\n${mail.text}\n${mail.html}`;
    for (const [field, value] of Object.entries(submitted)) {
      if (field === 'email' || typeof value !== 'string' || value.length < 4) continue;
      expect([field, all.includes(value)]).toEqual([field, false]);
    }
    for (const piece of ['Banco XYZ', 'suspendida', 'banco-xyz']) expect(all).not.toContain(piece);
    expect(links(mail).filter((l) => !allowed.includes(l))).toEqual([]);
    expect(mail.text).toMatch(/^Hola:\n/);
  }

  it('e-mails an ally nothing of what was typed: fixed text, the number and the date', async () => {
    const victim = 'victima.aliado@example.com';
    const filed = {
      ...ally,
      corporation_name: nameLure,
      representative_name: nameLure,
      representative_lastname: nameLure,
      reviews: lure('comentario'),
      email: victim,
    };
    const { corporation_id } = await post('/api/community/allies', filed);
    const [row] = await rows('community.allies', victim);
    expect(row).toMatchObject({ id: Number(corporation_id), corporation_name: nameLure, reviews: lure('comentario') });
    const [mail, ...more] = await mailsTo(victim);
    expect(more).toEqual([]);
    expect(mail?.subject).toBe(`Recibimos el registro de tu empresa - ${site.name}`);
    expect(mail?.text).toContain(`Número de registro: ${corporation_id}`);
    expect(mail?.text).toContain(`Fecha de registro: ${formatColombianDateTime(row?.created_at as Date)}`);
    expectNoSubmittedText(mail!, filed, []);
  });

  it('e-mails a volunteer nothing of what was typed: fixed text, the number and the date', async () => {
    const victim = 'victima.voluntario@example.com';
    const filed = {
      ...volunteer,
      volunteer_name: nameLure,
      volunteer_lastname: nameLure,
      address: lure('direccion'),
      institution: lure('institucion'),
      purposes: lure('propositos'),
      activities: lure('actividades'),
      email: victim,
    };
    const { volunteer_id } = await post('/api/community/volunteers', filed);
    const [row] = await rows('community.volunteers', victim);
    expect(row).toMatchObject({ id: Number(volunteer_id), volunteer_name: nameLure, purposes: lure('propositos') });
    const [mail, ...more] = await mailsTo(victim);
    expect(more).toEqual([]);
    expect(mail?.text).toContain(`Número de registro: ${volunteer_id}`);
    expect(mail?.text).toContain(`Fecha de registro: ${formatColombianDateTime(row?.created_at as Date)}`);
    expectNoSubmittedText(mail!, filed, []);
  });

  it('e-mails a PQRSF requester the radicado, the dates and only the fixed link to our lookup page', async () => {
    const victim = 'victima.pqrsf@example.com';
    const filed = { ...pqrsf, name: nameLure, lastname: nameLure, reviews: lure('solicitud'), email: victim };
    const r = await post('/api/community/pqrsf', filed);
    const [row] = await rows('community.pqrsf_requests', victim);
    expect(row).toMatchObject({ radicado: r.id, reviews: lure('solicitud') });
    const [mail, ...more] = await mailsTo(victim);
    expect(more).toEqual([]);
    expect(mail?.subject).toBe(`Radicamos tu PQRSF ${r.id} - ${site.name}`);
    expect(mail?.text).toContain(`Número de radicado: ${r.id}`);
    expect(mail?.text).toContain(`Fecha de radicación: ${formatColombianDateTime(r.createdAt!)}`);
    // The link carries the radicado (digits we generated) and nothing else: not the document, not a typed value.
    expect(mail?.text).toContain(`Consulta el estado de tu solicitud: ${lookupUrl(r.id!)}`);
    expect(links(mail!)).toContain(lookupUrl(r.id!));
    expect(mail?.html).toContain(`href="${lookupUrl(r.id!)}"`);
    expect(`${mail?.text}${mail?.html}`).not.toContain(pqrsf.id_number);
    expect(`${mail?.text}${mail?.html}`).not.toContain(documentKey(pqrsf.id_number));
    expectNoSubmittedText(mail!, filed, [lookupUrl(r.id!)]);
  });

  it.each([
    ['vale-ser', 'Taller Vale Ser', { ...valeSer, first_name: nameLure, last_name: nameLure, referral_source: lure('fuente') }],
    ['arte-de-amarte', 'Taller Arte de Amarte', { ...arte, full_name: nameLure }],
  ] as const)('e-mails a %s inquirer nothing of what was typed: fixed text, the number and the date', async (slug, title, typed) => {
    const victim = `victima.${slug}@example.com`;
    const filed = { ...typed, comments_query: lure('consulta'), email: victim };
    const { id } = await post(`/api/community/${slug}/consulta`, filed);
    const [row] = await rows('community.workshop_inquiries', victim);
    expect(row).toMatchObject({ id: Number(id), workshop: slug, comments_query: lure('consulta') });
    const [mail, ...more] = await mailsTo(victim);
    expect(more).toEqual([]);
    expect(mail?.subject).toBe(`Recibimos tu consulta sobre el ${title} - ${site.name}`);
    expect(mail?.text).toContain(`Número de consulta: ${id}`);
    expect(mail?.text).toContain(`Fecha de la consulta: ${formatColombianDateTime(row?.created_at as Date)}`);
    expect(mail?.text).toContain('Nuestro equipo leerá tu consulta y te responderá en los próximos días hábiles');
    expectNoSubmittedText(mail!, filed, []);
  });

  it('e-mails a custom-software requester nothing of what was typed: fixed text, the number and the date', async () => {
    const victim = 'victima.software@example.com';
    const filed = { ...software, full_name: nameLure, email: victim };
    const { id } = await post('/api/community/custom-software', filed);
    const [row] = await rows('community.software_requests', victim);
    expect(row).toMatchObject({ id: Number(id), full_name: nameLure });
    const [mail, ...more] = await mailsTo(victim);
    expect(more).toEqual([]);
    expect(mail?.subject).toBe(`Recibimos tu solicitud de software a la medida - ${site.name}`);
    expect(mail?.text).toContain(`Número de solicitud: ${id}`);
    expect(mail?.text).toContain(`Fecha de la solicitud: ${formatColombianDateTime(row?.created_at as Date)}`);
    expect(mail?.text).not.toContain(software.phone_number);
    expectNoSubmittedText(mail!, filed, []);
  });

  it('counts workshop and software acknowledgements in the same daily limit per address', async () => {
    const target = 'talleres.limite@example.com';
    await post('/api/community/vale-ser/consulta', { ...valeSer, email: target });
    await post('/api/community/arte-de-amarte/consulta', { ...arte, email: target });
    await post('/api/community/custom-software', { ...software, email: target });
    const fourth = await post('/api/community/vale-ser/consulta', { ...valeSer, email: target });
    expect(fourth).toMatchObject({ success: true, id: expect.stringMatching(/^\d+$/) });
    expect(await rows('community.workshop_inquiries', target)).toHaveLength(3);
    const mails = await mailsTo(target);
    expect(mails.map((m) => m.subject.split(' - ')[0]).sort()).toEqual([
      'Recibimos tu consulta sobre el Taller Arte de Amarte',
      'Recibimos tu consulta sobre el Taller Vale Ser',
      'Recibimos tu solicitud de software a la medida',
    ]);
  });

  it('asks a newsletter address to confirm, with fixed text and only our own confirmation link (#15)', async () => {
    const victim = 'victima.boletin@example.com';
    await post('/api/community/newsletter/subscribe', { email: victim, data_authorization: true });
    const [mail, ...more] = await mailsTo(victim);
    expect(more).toEqual([]);
    const link = /http\S+\/boletin\/confirmar\?token=[A-Za-z0-9_-]{43}/.exec(mail?.text ?? '')?.[0];
    expect(link).toBeDefined();
    expectNoSubmittedText(mail!, {}, [link!]);
  });

  it('stores and answers the fourth filing of a day to one address but queues no fourth acknowledgement, across forms', async () => {
    const target = 'limite@example.com';
    await post('/api/community/volunteers', { ...volunteer, email: target });
    await post('/api/community/allies', { ...ally, email: target });
    await post('/api/community/pqrsf', { ...pqrsf, email: target });
    expect(await mailsTo(target)).toHaveLength(3);

    // Same mailbox written another way: upper case, spaces, a +tag.
    const fourth = await post('/api/community/allies', { ...ally, email: ' Limite+otra@Example.COM ' });
    expect(fourth.corporation_id).toMatch(/^\d+$/);
    const fifth = await post('/api/community/pqrsf', { ...pqrsf, email: target });
    expect(fifth).toMatchObject({ success: true, status: 'En proceso' });
    expect(await rows('community.allies', 'limite+otra@example.com')).toHaveLength(1);
    expect(await rows('community.pqrsf_requests', target)).toHaveLength(2);
    expect(await mailsTo(target)).toHaveLength(3);
    expect(await mailsTo('limite+otra@example.com')).toHaveLength(0);

    const other = 'otra.persona@example.com';
    await post('/api/community/volunteers', { ...volunteer, email: other });
    expect(await mailsTo(other)).toHaveLength(1);
  });

  it('keeps the limit under concurrent filings', async () => {
    const target = 'rafaga@example.com';
    const answers = await Promise.all(Array.from({ length: 8 }, () => post('/api/community/volunteers', { ...volunteer, email: target })));
    expect(new Set(answers.map((a) => a.volunteer_id)).size).toBe(8);
    expect(await rows('community.volunteers', target)).toHaveLength(8);
    expect(await mailsTo(target)).toHaveLength(3);
  });

  it('starts counting again on the next Bogotá day and keeps no address in the counter', async () => {
    const target = 'dia.siguiente@example.com';
    for (let i = 0; i < 4; i++) await post('/api/community/pqrsf', { ...pqrsf, email: target });
    expect(await mailsTo(target)).toHaveLength(3);
    clock = new Date(clock.getTime() + 24 * 3600_000);
    await post('/api/community/pqrsf', { ...pqrsf, email: target });
    expect(await mailsTo(target)).toHaveLength(4);

    const counters = await gw.db.selectFrom('community.acknowledgement_counts').selectAll().execute();
    // Earlier days were dropped when today's first slot was taken.
    expect(new Set(counters.map((c) => c.day as string))).toEqual(new Set([colombianDate(clock)]));
    expect(JSON.stringify(counters)).not.toMatch(/@|example/);
  });

  it('logs a skipped acknowledgement by its form only, and takes nothing but digits as the number', async () => {
    const lines: Array<[string, object, string]> = [];
    const log = { info: (o: object, m: string) => lines.push(['info', o, m]), warn: (o: object, m: string) => lines.push(['warn', o, m]) };
    const acknowledge = createAcknowledger({
      db: gw.db,
      mailer: gw.mailer,
      publicOrigin: origin,
      perAddressPerDay: 1,
      now: () => clock,
    });
    const ack = { kind: 'ally', to: 'registro.log@example.com', number: '987654', date: new Date() } as const;
    expect(await acknowledge(ack, log)).toBe('queued');
    expect(lines).toEqual([]);
    expect(await acknowledge(ack, log)).toBe('over_limit');
    expect(lines).toEqual([['info', { acknowledgement: 'ally', perAddressPerDay: 1 }, expect.stringMatching(/daily limit/)]]);
    expect(JSON.stringify(lines)).not.toMatch(/registro|example|987654/);
    await expect(acknowledge({ ...ack, to: 'otro.log@example.com', number: lure('numero') }, log)).rejects.toThrow(TypeError);
    expect(await mailsTo('otro.log@example.com')).toEqual([]);
  });

  it("queues the message in the statement that takes its slot, and drops earlier days at the process's first slot of a day (#33)", async () => {
    const log = { info: () => undefined, warn: () => undefined };
    const acknowledge = createAcknowledger({ db: gw.db, mailer: gw.mailer, publicOrigin: origin, perAddressPerDay: 2, now: () => clock });
    const yesterday = colombianDate(new Date(clock.getTime() - 24 * 3600_000));
    const oldRow = (hash: string) =>
      gw.db.insertInto('community.acknowledgement_counts').values({ day: yesterday, address_hash: hash, sent: 1 }).execute();
    const oldDays = async () =>
      (await gw.db.selectFrom('community.acknowledgement_counts').select('day').where('day', '<', colombianDate(clock)).execute()).length;
    const to = 'en.la.ranura@example.com';
    const ack = { kind: 'volunteer', to, number: '4242', date: new Date() } as const;

    await oldRow('a'.repeat(64));
    expect(await acknowledge(ack, log)).toBe('queued');
    // In the outbox as soon as the acknowledgement answers: no separate send to wait for.
    const outbox = await gw.db.selectFrom('mail.outbox').select(['subject']).where('to_address', '=', to).execute();
    expect(outbox).toHaveLength(1);
    expect(await oldDays()).toBe(0);

    // Once a day per process: later slots of that day, an address's second or another's first, leave the counter's
    // other rows alone (none of an earlier day appear after the day's first slot but such a stray row)...
    await oldRow('b'.repeat(64));
    expect(await acknowledge(ack, log)).toBe('queued');
    expect(await oldDays()).toBe(1);
    expect(await acknowledge({ ...ack, to: 'otra.ranura@example.com' }, log)).toBe('queued');
    expect(await oldDays()).toBe(1);

    // No slot left: no message either.
    expect(await acknowledge(ack, log)).toBe('over_limit');
    expect(await gw.db.selectFrom('mail.outbox').select('id').where('to_address', '=', to).execute()).toHaveLength(2);

    // ...and the next day's first slot drops every earlier day, the stray row and the day before's slots alike.
    const today = clock;
    clock = new Date(clock.getTime() + 24 * 3600_000);
    try {
      expect(await acknowledge(ack, log)).toBe('queued');
      expect(await oldDays()).toBe(0);
      const counters = await gw.db.selectFrom('community.acknowledgement_counts').select('day').execute();
      expect(new Set(counters.map((c) => c.day as string))).toEqual(new Set([colombianDate(clock)]));
    } finally {
      clock = today;
    }
  });

  it('sends nothing to an address the mailer would read as a name or a list', async () => {
    const tricks = ['banco_xyz_suspendida<victima.nombre@example.com>', 'x,victima.lista@example.com'];
    // The form refuses them (the shared e-mail rule)...
    for (const [i, email] of tricks.entries()) {
      const res = await gw.app.inject({
        method: 'POST',
        url: '/api/community/allies',
        payload: { ...ally, corporation_name: `Empresa ${i}`, email },
      });
      expect(res.statusCode).toBe(400);
      expect((res.json() as { fields: Record<string, string> }).fields.email).toBeTruthy();
    }
    // ...and the acknowledger refuses them too, for any caller that did not validate first.
    const log = { info: () => undefined, warn: () => undefined };
    const acknowledge = createAcknowledger({ db: gw.db, mailer: gw.mailer, publicOrigin: origin, perAddressPerDay: 3, now: () => clock });
    for (const to of tricks) expect(await acknowledge({ kind: 'ally', to, number: '1', date: new Date() }, log)).toBe('not_plain_address');
    const queued = await gw.mailer.list(1000);
    expect(queued.filter((m) => /victima\.(nombre|lista)/.test(m.to))).toEqual([]);
  });
});

describe('acknowledgement limit setting', () => {
  it('reads ACKNOWLEDGEMENTS_PER_ADDRESS_PER_DAY: a whole number, 0 turns acknowledgements off, anything else is the default', () => {
    expect(DEFAULT_ACKNOWLEDGEMENTS_PER_ADDRESS_PER_DAY).toBe(3);
    expect(readAcknowledgementLimit({})).toBe(3);
    expect(readAcknowledgementLimit({ ACKNOWLEDGEMENTS_PER_ADDRESS_PER_DAY: '5' })).toBe(5);
    expect(readAcknowledgementLimit({ ACKNOWLEDGEMENTS_PER_ADDRESS_PER_DAY: '0' })).toBe(0);
    for (const bad of ['', 'tres', '-1', '2.5']) expect(readAcknowledgementLimit({ ACKNOWLEDGEMENTS_PER_ADDRESS_PER_DAY: bad })).toBe(3);
  });

  it.each([
    [1, 1],
    [0, 0],
  ])('with a limit of %i queues %i of three acknowledgements and still stores all three', async (limit, queued) => {
    const gw = await testApi(createCommunityApi({ acknowledgementsPerAddressPerDay: limit }), {
      settings: { writeLimit: { max: 1000, timeWindow: 60_000 } },
    });
    for (let i = 0; i < 3; i++) {
      const res = await gw.app.inject({
        method: 'POST',
        url: '/api/community/volunteers',
        payload: { ...volunteer, email: 'uno@example.com' },
      });
      expect(res.statusCode).toBe(201);
    }
    expect(await gw.db.selectFrom('community.volunteers').select('id').execute()).toHaveLength(3);
    expect((await gw.mailer.list()).filter((m) => m.to === 'uno@example.com')).toHaveLength(queued);
    await gw.close();
  });
});
