import { afterEach, describe, expect, it } from '@jest/globals';
import { randomInt } from 'node:crypto';
import { sql } from 'kysely';
import type { SiteDb } from 'shared/server/database';
import type { Database } from 'shared/server/db';
import { readPdfText } from 'shared/server/pdf/testing';
import { applyRetention } from '../../../site/personal-data';
import { readColumns, TEXT_TYPES } from 'shared/server/personal-data/schema-info';
import { sampleEnrolment } from 'shared/testing/sample-enrolment';
import { testDatabases } from 'shared/server/test-databases';
import { identity, startSite, type TestSite } from './personal-data-testing';

// The site's personal data as a whole (Ley 1581 de 2012, #15): a person who used every form of the site and asked for
// deletion leaves no trace of their e-mail, document or phone in any text column of any table, except the records the
// law keeps — which keep no contact data. The access copy made before lists every record they made. (That every table
// is declared in the registry is personal-data-registry.test.ts.)

describe.each(testDatabases)('personal data across the site on %s', (_name, open) => {
  let database: Database | undefined;
  let site: TestSite | undefined;
  afterEach(async () => {
    await site?.close();
    await database?.close();
    database = site = undefined;
  });

  async function start() {
    database = await open();
    site = await startSite(database);
    return site;
  }

  it('after a completed deletion, no text column of any table holds the person’s e-mail, document or phone but the kept records, which hold no contact data; the copy made before lists every record', async () => {
    const { db, mailer: m, accounts, provider, post, staffCall, mailsTo } = await start();
    const tag = `${Date.now()}${randomInt(1000, 9999)}`;
    const email = `titular.${tag}@example.com`;
    const document = `8${String(randomInt(100_000_000, 999_999_999))}`;
    const phone = `3${String(randomInt(100_000_000, 999_999_999))}`;
    const spaced = `+57 ${phone.slice(0, 3)} ${phone.slice(3, 6)} ${phone.slice(6)}`;
    const dotted = document.replace(/\B(?=(\d{3})+(?!\d))/g, '.');

    // Courses: one enrolment paid (with its account opened from the payment), one never paid.
    const person = { ...sampleEnrolment, email, id_number: document, phone_number: phone };
    const paidEnrolment = await post('/api/courses/leads', person);
    const paidEnrolmentRow = await db
      .selectFrom('courses.enrolments')
      .select('price')
      .where('reference', '=', paidEnrolment.id!)
      .executeTakeFirstOrThrow();
    provider.pay('9101', paidEnrolment.id!, 'approved', { transaction_amount: paidEnrolmentRow.price });
    await post('/api/courses/payments/status', {
      payment_id: '9101',
      external_reference: paidEnrolment.id,
      claim_secret: paidEnrolment.claim_secret,
    });
    await post('/api/account/accounts/from-payment', {
      payment_id: '9101',
      external_reference: paidEnrolment.id,
      claim_secret: paidEnrolment.claim_secret,
    });
    expect(accounts.users.has(email)).toBe(true);
    await post('/api/courses/leads', { ...person, email: email.toUpperCase() });

    // Giving: one donation approved, one rejected.
    const donor = {
      contributor_name: 'Titular',
      contributor_lastname: 'De Prueba',
      id_type: 'Cédula de ciudadanía',
      id_number: document,
      email,
      phone_number: phone,
      donation_amount: '20000',
    };
    const paidDonation = await post('/api/giving/contributions', donor);
    provider.pay('9201', paidDonation.external_reference!, 'approved');
    await post('/api/giving/payments/status', {
      payment_id: '9201',
      external_reference: paidDonation.external_reference,
      claim_secret: paidDonation.claim_secret,
    });
    const rejected = await post('/api/giving/contributions', donor);
    provider.pay('9202', rejected.external_reference!, 'rejected');
    await post('/api/giving/payments/status', {
      payment_id: '9202',
      external_reference: rejected.external_reference,
      claim_secret: rejected.claim_secret,
    });

    // Community: every form, the newsletter confirmed and sent, a PQRSF with a note, a volunteer marked contacted.
    const volunteer = await post('/api/community/volunteers', {
      volunteer_name: 'Titular',
      volunteer_lastname: 'De Prueba',
      id_type: 'Cédula de ciudadanía',
      id_number: document,
      age: '31',
      address: 'Calle 10 # 5-20, Bogotá',
      phone_number: phone,
      email,
      institution: 'Universidad Nacional',
      purposes: `Quiero ayudar; mi teléfono es ${phone}.`,
      activities: 'Tutorías.',
    });
    await post('/api/community/allies', {
      corporation_name: 'Tejidos Andinos S.A.S.',
      corp_phone_number: '6015551234',
      representative_name: 'Titular',
      representative_lastname: 'De Prueba',
      id_type: 'Cédula de ciudadanía',
      id_number: document,
      email,
      rep_phone_number: phone,
      reviews: `Escríbanme a ${email}.`,
    });
    await post('/api/community/arte-de-amarte/consulta', {
      full_name: 'Titular De Prueba',
      phone_number: phone,
      email,
      guest_type: 'Soy docente y me interesa el taller para mis estudiantes',
      comments_query: '¿Pueden venir al colegio?',
    });
    await post('/api/community/vale-ser/consulta', {
      first_name: 'Titular',
      last_name: 'De Prueba',
      phone_number: phone,
      occupation: 'Emprendedor',
      email,
      empowerment_course: 'No',
      referral_source: 'Instagram',
      comments_query: '¿Cuánto cuesta?',
    });
    await post('/api/community/custom-software', { email, phone_number: spaced, full_name: 'Titular De Prueba' });
    const pqrsf = await post('/api/community/pqrsf', {
      rol_type: 'Estudiante',
      name: 'Titular',
      lastname: 'De Prueba',
      id_type: 'Cédula de ciudadanía',
      id_number: dotted,
      phone_number: phone,
      email: email.replace('titular', 'Titular'),
      request_type: 'Queja',
      reviews: `La clase no tuvo grabación. Mi cédula es ${dotted}.`,
    });
    await staffCall('POST', `/api/community/staff/pqrsf/${pqrsf.id}/notas`, { body: `Llamar al ${phone}.` });
    await staffCall('POST', `/api/community/staff/inbox/voluntarios/${volunteer.volunteer_id}/contactos`, {
      channel: 'telefono',
      note: `Contactado al ${phone}`,
    });
    await post('/api/community/newsletter/subscribe', { email });
    const confirmation = (await mailsTo(email)).find((x) => /boletin\/confirmar\?token=/.test(x.text));
    const token = /boletin\/confirmar\?token=([A-Za-z0-9_-]{43})/.exec(confirmation?.text ?? '')?.[1];
    await post('/api/community/newsletter/confirm', { token });
    await staffCall('POST', '/api/community/staff/newsletter/sends', { subject: `Boletín ${tag}`, body: 'Noticias de la fundación.' });

    // Account: an access request filed with the e-mailed code and answered with the copy (the real engine).
    await post('/api/account/data-requests/codigo', { email });
    const code = /Código: (\d{6})/.exec((await mailsTo(email)).find((x) => x.subject.startsWith('Tu código'))?.text ?? '')?.[1];
    const acceso = await post('/api/account/data-requests', {
      kind: 'acceso',
      details: `Quiero mis datos; mi cédula es ${document}.`,
      name: 'Titular De Prueba',
      email,
      code,
    });
    await m.flush();
    const beforeCopy = await collectTraces(db, { email, document, phone });
    await staffCall('POST', `/api/account/staff/data-requests/${acceso.radicado}/exportacion`, { response: 'Te enviamos tu copia.' });
    const copyRow = await db.selectFrom('account.data_request_exports').selectAll().executeTakeFirstOrThrow();
    const copy = JSON.parse(copyRow.json) as {
      titular: string;
      total_registros: number;
      grupos: Array<{ tipo: string; origen: string; cantidad: number; registros: Array<Record<string, unknown>> }>;
    };
    expect(copy.titular).toBe(email);
    const counts = Object.fromEntries(copy.grupos.map((g) => [g.origen, g.cantidad]));
    expect(counts).toMatchObject({
      identidad: 1,
      'courses.enrolments': 2,
      'courses.payment_events': 1,
      'giving.contributions': 2,
      'giving.payment_events': 2,
      'community.volunteers': 1,
      'community.allies': 1,
      'community.workshop_inquiries': 2,
      'community.software_requests': 1,
      'community.pqrsf_requests': 1,
      'community.pqrsf_notes': 1,
      'community.record_history': 1,
      'community.newsletter_subscriptions': 1,
      'community.newsletter_deliveries': 1,
      'community.newsletter_confirmation_log': 1,
      'account.payment_accounts': 1,
      'account.data_requests': 1,
      'account.data_request_codes': 1,
    });
    // Every table that held the person's data before the copy is in it (the copy is read from the same registry).
    const tablesWithTraces = [...new Set(beforeCopy.map((t) => t.table))];
    // The search finds the person wherever the forms put them (it would find a leftover the same way).
    expect(tablesWithTraces.sort()).toEqual([
      'account.data_requests',
      'account.payment_accounts',
      'community.allies',
      'community.newsletter_subscriptions',
      'community.pqrsf_notes',
      'community.pqrsf_requests',
      'community.record_history',
      'community.software_requests',
      'community.volunteers',
      'community.workshop_inquiries',
      'courses.enrolments',
      'courses.invoices',
      'giving.contributions',
      'mail.outbox',
      'privacy.consents',
    ]);
    for (const table of tablesWithTraces) expect([table, counts[table] ?? 0]).not.toEqual([table, 0]);
    expect(copy.total_registros).toBe(copy.grupos.reduce((n, g) => n + g.cantidad, 0));
    const enrolments = copy.grupos.find((g) => g.origen === 'courses.enrolments');
    expect(enrolments?.tipo).toBe('Inscripciones a cursos');
    expect(enrolments?.registros[0]).toMatchObject({ 'Número de documento': document, Teléfono: phone, 'Correo electrónico': email });
    const pages = await readPdfText(copyRow.pdf);
    const pdfText = pages.map((p) => p.text).join('\n');
    expect(pdfText).toContain('Copia de tus datos personales');
    for (const g of copy.grupos) expect(pdfText).toContain(`${g.tipo} (${g.cantidad})`);
    expect(pdfText).toContain(`Número de documento: ${document}`);

    // The deletion: filed by the signed-in person (verified address, no code), completed by the team.
    const supresion = await post(
      '/api/account/data-requests',
      { kind: 'supresion', details: `Borren todo. Mi teléfono es ${phone}.`, name: 'Titular De Prueba', email },
      { authorization: `Bearer ${identity.token({ email })}` },
    );
    const erased = await staffCall('POST', `/api/account/staff/data-requests/${supresion.radicado}/supresion`, {
      confirm: true,
      response: 'Suprimimos tus datos.',
    });
    const summary = erased.json<{ erasure: { summary: Record<string, number> } }>().erasure.summary;
    expect(summary).toMatchObject({
      'Cuenta en el sitio — borrada': 1,
      'Inscripciones a cursos — registros borrados': 1,
      'Inscripciones a cursos — conservados por obligación legal, sin datos de contacto': 1,
      'Donaciones — registros borrados': 1,
      'Donaciones — conservados por obligación legal, sin datos de contacto': 1,
      'Formulario de voluntariado — registros borrados': 1,
      'PQRSF (peticiones, quejas, reclamos, sugerencias y felicitaciones) — conservados sin datos personales': 1,
    });
    expect(accounts.users.has(email)).toBe(false);

    // The answer to the deletion itself is the one message to the address left: it goes out after the erasure.
    await m.flush();
    const traces = await collectTraces(db, { email, document, phone });
    const kept = (t: Trace) =>
      t.needle === 'document' &&
      // The kept payer's document, the staff search column computed from it, and the sale's invoice (tax support).
      [
        'courses.enrolments.id_number',
        'courses.invoices.buyer',
        'giving.contributions.id_number',
        'courses.enrolments.ledger_search',
        'giving.contributions.ledger_search',
      ].includes(`${t.table}.${t.column}`);
    const answer = (t: Trace) => t.table === 'mail.outbox' && t.needle === 'email';
    expect(traces.filter((t) => !kept(t) && !answer(t))).toEqual([]);
    const left = await db
      .selectFrom('mail.outbox')
      .select(['subject', 'status'])
      .where(sql`lower(to_address)`, '=', email)
      .execute();
    expect(left).toEqual([
      { subject: expect.stringContaining(`Respuesta a tu solicitud sobre tus datos personales ${supresion.radicado}`), status: 'sent' },
    ]);

    // The kept records: amounts, dates, references, name and document; no e-mail, no phone.
    const keptEnrolment = await db
      .selectFrom('courses.enrolments')
      .selectAll()
      .where('reference', '=', paidEnrolment.id!)
      .executeTakeFirstOrThrow();
    expect(keptEnrolment).toMatchObject({
      email: '',
      phone_number: '',
      user_email: null,
      user_sub: null,
      id_number: document,
      payment_status: 'approved',
    });
    const keptDonation = await db
      .selectFrom('giving.contributions')
      .selectAll()
      .where('reference', '=', paidDonation.external_reference!)
      .executeTakeFirstOrThrow();
    expect(keptDonation).toMatchObject({
      email: '',
      phone_number: '',
      id_number: document,
      donation_amount: 20000,
      payment_status: 'approved',
    });
    expect(await db.selectFrom('giving.payment_events').select('reference').execute()).toEqual([
      { reference: paidDonation.external_reference },
    ]);
    const keptPqrsf = await db.selectFrom('community.pqrsf_requests').selectAll().executeTakeFirstOrThrow();
    expect(keptPqrsf).toMatchObject({ radicado: pqrsf.id, request_type: 'Queja', email: '', name: '', reviews: '', search_name: ' ' });

    // The answer leaves the outbox with the retention of sent mail: then the address is nowhere at all.
    await applyRetention(db, { at: new Date(Date.now() + 91 * 86_400_000) });
    expect((await collectTraces(db, { email, document, phone })).filter((t) => !kept(t))).toEqual([]);
  }, 120_000);
});

interface Trace {
  table: string;
  column: string;
  needle: 'email' | 'document' | 'phone';
  rows: number;
}

/**
 * Every text, varchar and JSON column of every table of every schema searched for the address (any case) and for the
 * document's and phone's digits (whatever dots, spaces or prefix they were typed with).
 */
async function collectTraces(db: SiteDb, who: { email: string; document: string; phone: string }): Promise<Trace[]> {
  const traces: Trace[] = [];
  for (const [table, columns] of await readColumns(db)) {
    const searched = columns.filter((c) => TEXT_TYPES.has(c.type) && c.type !== 'bytea');
    if (!searched.length) continue;
    const [schema = '', name = ''] = table.split('.');
    const probes = searched.flatMap((c) => {
      const text = sql`${sql.ref(c.column)}::text`;
      const digits = sql`regexp_replace(${text}, '[^0-9]', '', 'g')`;
      return [
        { column: c.column, needle: 'email' as const, expr: sql`count(*) filter (where strpos(lower(${text}), ${who.email}) > 0)::int` },
        { column: c.column, needle: 'document' as const, expr: sql`count(*) filter (where strpos(${digits}, ${who.document}) > 0)::int` },
        { column: c.column, needle: 'phone' as const, expr: sql`count(*) filter (where strpos(${digits}, ${who.phone}) > 0)::int` },
      ];
    });
    const row = (
      await sql<
        Record<string, number>
      >`select ${sql.join(probes.map((p, i) => sql`${p.expr} as ${sql.id(`p${i}`)}`))} from ${sql.id(schema)}.${sql.id(name)}`.execute(db)
    ).rows[0];
    probes.forEach((p, i) => {
      const rows = row?.[`p${i}`] ?? 0;
      if (rows > 0) traces.push({ table, column: p.column, needle: p.needle, rows });
    });
  }
  return traces;
}
