import { createHash, randomBytes } from 'node:crypto';
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import { sql, type Transaction } from 'kysely';
import { site } from 'shared/config/site';
import { fullNameMax, isPrintableName } from 'shared/schemas/common';
import { colombianDate } from 'shared/format/business-days';
import {
  certificateBatchRequestSchema,
  certificateBatchResponseSchema,
  certificateLinkQuerySchema,
  certificateListQuerySchema,
  certificateListResponseSchema,
  certificateNumberOf,
  certificateParamsSchema,
  certificateResponseSchema,
  certificateTexts,
  certificateTokenPattern,
  donationCertificatesResponseSchema,
  referenceParamsSchema,
  type Certificate,
  type CertificateBatchRequest,
  type CertificateBatchResponse,
  type CertificateLinkQuery,
  type CertificateListQuery,
  type CertificateListResponse,
  type CertificateParams,
  type CertificateResponse,
  type DonationCertificatesResponse,
} from 'shared/schemas/certificates-api';
import type { ReferenceParams } from 'shared/schemas/enrolments-staff-api';
import type { ApiContext } from 'shared/server/api-contract';
import { recordAudit } from 'shared/server/audit';
import type { Database, SiteDb } from 'shared/server/database';
import { ApiError, zodResponse, zodSchema } from 'shared/server/http';
import { publicWrite } from 'shared/server/api-module';
import { registerStaffRoutes, staffOf, staffRead, pathParam } from 'shared/server/staff-guard';
import { certificateFoundationData, donationCertificatePdf } from './certificate-pdf';

/**
 * Donation certificates (#14): issued once per approved donation and once per donor and finished year, numbered in
 * sequence within the donation year without gaps, voided when the payment is reversed. The team issues and prints them
 * from the panel; the donor gets a personal link (a random token, stored as its digest, expiring) in the receipt
 * e-mail, which issues and serves only that donation's certificate. Nobody gets one by typing a document number.
 */

/** Who issued a certificate through the donor's own link (the audit has the team's). */
export const DONOR_LINK = 'enlace del donante';
/** How long the receipt's certificate link works: past the next year's income-tax filing season. */
export const CERTIFICATE_LINK_DAYS = 400;
/** Where a browser that followed a broken or expired certificate link is sent (the page says why and what to do). */
export const CERTIFICATE_LINK_FAILED = '/contribuciones?certificado=invalido';
/** Where it is sent when the donation's name cannot be printed (the page says to write to the foundation). */
export const CERTIFICATE_NAME_REFUSED = '/contribuciones?certificado=nombre';

/**
 * Whether a donation's name may be printed on a certificate, a tax document. New donations are checked by the form's
 * schema; one stored before names had a rule ("URGENTE: su cuenta fue bloqueada, https://…") never is: no certificate
 * is issued or printed for it, and the donor is told to write to the foundation (409).
 */
export const printableDonor = (d: { contributor_name: string; contributor_lastname: string }) =>
  isPrintableName(d.contributor_name) && isPrintableName(d.contributor_lastname);
const unprintable = () => new ApiError(409, 'name_unprintable', certificateTexts.nameUnprintable);

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/** The donor as certificates group them: document type and number without dots, dashes or spaces. */
const donorKeyOf = (idType: string, idNumber: string) => `${idType}|${idNumber.replace(/[^0-9A-Za-z]/g, '').toUpperCase()}`;
const donorKeySql = sql<string>`id_type || '|' || upper(regexp_replace(id_number, '[^0-9A-Za-z]', '', 'g'))`;

/** The Bogotá year of an instant. */
const bogotaYear = (instant: Date) => Number(colombianDate(instant).slice(0, 4));
/** Instants of a Bogotá year: [1 January 00:00, next 1 January 00:00). */
const yearBounds = (year: number) => [new Date(`${year}-01-01T05:00:00Z`), new Date(`${year + 1}-01-01T05:00:00Z`)] as const;

/** A new personal link for a donation's certificate: the token for the e-mail; its digest and expiry are stored. */
export async function issueCertificateLink(db: SiteDb, reference: string, origin: string, now = new Date()) {
  const token = randomBytes(32).toString('base64url');
  const expires = new Date(now.getTime() + CERTIFICATE_LINK_DAYS * 86_400_000);
  await db
    .updateTable('giving.contributions')
    .set({ certificate_token_hash: sha256(token), certificate_token_expires_at: expires })
    .where('reference', '=', reference)
    .execute();
  return { url: `${origin}/api/giving/certificates/${encodeURIComponent(reference)}?token=${token}`, expires };
}

/** Voids every certificate that covers the donation (its payment was refunded or charged back). */
export async function voidCertificatesOf(db: SiteDb, reference: string): Promise<number> {
  // The receipt's link no longer serves anything for this donation.
  await db
    .updateTable('giving.contributions')
    .set({ certificate_token_hash: null, certificate_token_expires_at: null })
    .where('reference', '=', reference)
    .execute();
  const voided = await db
    .updateTable('giving.certificates')
    .set({ voided_at: new Date() })
    .where('voided_at', 'is', null)
    .where(
      'id',
      'in',
      db.selectFrom('giving.certificate_donations').select('certificate_id').where('contribution_reference', '=', reference),
    )
    .executeTakeFirst();
  return Number(voided.numUpdatedRows);
}

type Trx = Transaction<Database>;

/** The next number of `year`, under that year's counter row lock (so two issuers never take the same one). */
async function nextSeq(trx: Trx, year: number): Promise<number> {
  const row = await sql<{ last: number }>`
    insert into giving.certificate_counters (year, last) values (${year}, 1)
    on conflict (year) do update set last = giving.certificate_counters.last + 1
    returning last`.execute(trx);
  return Number(row.rows[0]!.last);
}

interface Donation {
  reference: string;
  contributor_name: string;
  contributor_lastname: string;
  id_type: string;
  id_number: string;
  donation_amount: number;
  payment_type: string | null;
  date_approved: Date;
}

async function insertCertificate(trx: Trx, kind: 'donation' | 'annual', year: number, donations: Donation[], issuedBy: string) {
  const first = donations[0]!;
  const seq = await nextSeq(trx, year);
  const created = await trx
    .insertInto('giving.certificates')
    .values({
      number: certificateNumberOf(year, seq),
      kind,
      year,
      seq,
      contribution_reference: kind === 'donation' ? first.reference : null,
      donor_key: donorKeyOf(first.id_type, first.id_number),
      // The donor as the latest donation names them.
      donor_name: `${donations.at(-1)!.contributor_name} ${donations.at(-1)!.contributor_lastname}`,
      donor_id_type: first.id_type,
      donor_id_number: first.id_number,
      amount: donations.reduce((sum, d) => sum + d.donation_amount, 0),
      issued_by: issuedBy,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await trx
    .insertInto('giving.certificate_donations')
    .values(
      donations.map((d) => ({
        certificate_id: created.id,
        contribution_reference: d.reference,
        amount: d.donation_amount,
        approved_at: d.date_approved,
        payment_type: d.payment_type,
      })),
    )
    .execute();
  return created.id;
}

const donationColumns = [
  'reference',
  'contributor_name',
  'contributor_lastname',
  'id_type',
  'id_number',
  'donation_amount',
  'payment_type',
  'date_approved',
  'payment_status',
] as const;

/** Production issues no certificate while the foundation's data is incomplete; elsewhere it prints a specimen. */
function checkIssuable(ctx: ApiContext) {
  if (ctx.settings.production && !certificateFoundationData(site).complete)
    throw new ApiError(503, 'certificates_unavailable', certificateTexts.pendingData);
}

/** The donation's certificate, issued now if it has none yet. */
export async function issueDonationCertificate(db: SiteDb, reference: string, issuedBy: string): Promise<{ id: number; created: boolean }> {
  return db.transaction().execute(async (trx) => {
    const d = await trx
      .selectFrom('giving.contributions')
      .select(donationColumns)
      .where('reference', '=', reference)
      .forUpdate()
      .executeTakeFirst();
    if (!d) throw new ApiError(404, 'not_found', certificateTexts.notFound);
    const existing = await trx
      .selectFrom('giving.certificates')
      .select('id')
      .where('kind', '=', 'donation')
      .where('contribution_reference', '=', reference)
      .executeTakeFirst();
    if (existing) return { id: existing.id, created: false };
    if (d.payment_status !== 'approved' || !d.date_approved) throw new ApiError(409, 'conflict', certificateTexts.notApproved);
    if (!printableDonor(d)) throw unprintable();
    const approved = new Date(d.date_approved);
    const id = await insertCertificate(trx, 'donation', bogotaYear(approved), [{ ...d, date_approved: approved }], issuedBy);
    return { id, created: true };
  });
}

/** The approved donations of a donor (by document) in a Bogotá year, oldest first. */
async function donorYearDonations(trx: Trx, donorKey: string, year: number): Promise<Donation[]> {
  const [from, to] = yearBounds(year);
  const rows = await trx
    .selectFrom('giving.contributions')
    .select(donationColumns)
    .where('payment_status', '=', 'approved')
    .where('date_approved', '>=', from)
    .where('date_approved', '<', to)
    .where(donorKeySql, '=', donorKey)
    .orderBy('date_approved')
    .orderBy('id')
    // A refund of one of them waits for this certificate to commit, so its voiding (after the refund) sees it.
    .forShare()
    .execute();
  return rows.map((r) => ({ ...r, date_approved: new Date(r.date_approved!) }));
}

/** A name as certificates compare them: case, accents and spacing aside. */
const sameNameKey = (name: string) => name.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().replace(/\s+/g, ' ').trim();

type AnnualOutcome = { id: number; created: boolean } | { held: 'names' | 'unprintable' } | null;

/**
 * The consolidated certificate of one donor and finished year, issued now if missing (a voided one is replaced); null
 * without an approved donation. Donations under one document but different names are held for the team to review:
 * anyone can type someone else's document number on a donation, and a certificate must not mix two people's money.
 * So is a donor whose name is not one (`printableDonor`).
 */
async function issueAnnual(db: SiteDb, donorKey: string, year: number, issuedBy: string): Promise<AnnualOutcome> {
  return db.transaction().execute(async (trx) => {
    // One issuer at a time per year: the counter row's lock also keeps two batches from certifying a donor twice.
    await nextSeqLock(trx, year);
    const existing = await trx
      .selectFrom('giving.certificates')
      .select('id')
      .where('kind', '=', 'annual')
      .where('year', '=', year)
      .where('donor_key', '=', donorKey)
      .where('voided_at', 'is', null)
      .executeTakeFirst();
    if (existing) return { id: existing.id, created: false };
    const donations = await donorYearDonations(trx, donorKey, year);
    if (!donations.length) return null;
    const names = new Set(donations.map((d) => sameNameKey(`${d.contributor_name} ${d.contributor_lastname}`)));
    if (names.size > 1) return { held: 'names' };
    if (!printableDonor(donations.at(-1)!)) return { held: 'unprintable' };
    return { id: await insertCertificate(trx, 'annual', year, donations, issuedBy), created: true };
  });
}

/** Takes the year's counter row lock (creating the row at 0) without using a number. */
async function nextSeqLock(trx: Trx, year: number) {
  await sql`insert into giving.certificate_counters (year, last) values (${year}, 0) on conflict (year) do nothing`.execute(trx);
  await sql`select last from giving.certificate_counters where year = ${year} for update`.execute(trx);
}

function checkYearEnded(year: number, now: Date) {
  if (year >= bogotaYear(now)) throw new ApiError(409, 'conflict', certificateTexts.yearNotEnded);
}

interface CertificateRow {
  id: number;
  number: string;
  kind: 'donation' | 'annual';
  year: number;
  contribution_reference: string | null;
  donor_name: string;
  donor_id_type: string;
  donor_id_number: string;
  amount: string;
  issued_at: Date;
  issued_by: string;
  voided_at: Date | null;
  donations: number;
}

const certificateSelect = (db: SiteDb) =>
  db
    .selectFrom('giving.certificates as c')
    .select([
      'c.id',
      'c.number',
      'c.kind',
      'c.year',
      'c.contribution_reference',
      'c.donor_name',
      'c.donor_id_type',
      'c.donor_id_number',
      'c.amount',
      'c.issued_at',
      'c.issued_by',
      'c.voided_at',
      sql<number>`(select count(*)::int from giving.certificate_donations cd where cd.certificate_id = c.id)`.as('donations'),
    ]);

const answerOf = (c: CertificateRow): Certificate => ({
  number: c.number,
  kind: c.kind,
  year: c.year,
  reference: c.contribution_reference,
  donorName: c.donor_name,
  donorDocument: `${c.donor_id_type} ${c.donor_id_number}`,
  amount: Number(c.amount),
  donations: Number(c.donations),
  issuedAt: new Date(c.issued_at).toISOString(),
  issuedBy: c.issued_by,
  voidedAt: c.voided_at ? new Date(c.voided_at).toISOString() : null,
});

async function certificateById(db: SiteDb, id: number): Promise<CertificateRow> {
  return (await certificateSelect(db).where('c.id', '=', id).executeTakeFirstOrThrow()) as CertificateRow;
}

/** The certificate as a PDF; a voided one is not printed again. */
async function sendPdf(ctx: ApiContext, reply: FastifyReply, row: CertificateRow) {
  if (row.voided_at) throw new ApiError(410, 'voided', certificateTexts.voided);
  // A certificate issued before names had a rule is not printed again with a name that is not one.
  if (!isPrintableName(row.donor_name, 'person', fullNameMax(2))) throw unprintable();
  const donations = await ctx.db
    .selectFrom('giving.certificate_donations')
    .select(['contribution_reference', 'amount', 'approved_at', 'payment_type'])
    .where('certificate_id', '=', row.id)
    .orderBy('approved_at')
    .execute();
  const bytes = await donationCertificatePdf(site, {
    number: row.number,
    kind: row.kind,
    year: row.year,
    donorName: row.donor_name,
    idType: row.donor_id_type,
    idNumber: row.donor_id_number,
    donations: donations.map((d) => ({
      reference: d.contribution_reference,
      amount: Number(d.amount),
      approvedAt: new Date(d.approved_at),
      paymentType: d.payment_type,
    })),
    issuedAt: new Date(row.issued_at),
    specimen: !ctx.settings.production,
  });
  return reply
    .type('application/pdf')
    .header('cache-control', 'no-store')
    .header('x-robots-tag', 'noindex')
    .header('content-disposition', `attachment; filename="certificado-donacion-${row.number}.pdf"`)
    .send(Buffer.from(bytes));
}

const pdfResponse = {
  200: { description: 'PDF del certificado', content: { 'application/pdf': { schema: { type: 'string', format: 'binary' } } } },
};

export const certificateRoutes: FastifyPluginAsync<ApiContext> = async (app, ctx) => {
  // The donor's personal link from the receipt e-mail: any failure answers the same, so a link cannot be probed.
  app.get<{ Params: ReferenceParams; Querystring: CertificateLinkQuery }>(
    '/certificates/:reference',
    {
      // It issues a number the first time and renders a PDF every time: limited per client like a form.
      config: publicWrite(ctx.settings),
      schema: {
        tags: ['giving'],
        summary: 'El certificado de una donación, desde el enlace personal del correo del comprobante (PDF)',
        params: zodSchema(referenceParamsSchema),
        querystring: zodSchema(certificateLinkQuerySchema),
        response: pdfResponse,
      },
    },
    async (request, reply) => {
      const { reference } = request.params;
      // A person who clicked the e-mail's link gets the donation page with the reason, not an API error.
      const browser = /text\/html/.test(request.headers.accept ?? '');
      const token = request.query.token ?? '';
      const valid =
        certificateTokenPattern.test(token) &&
        (await ctx.db
          .selectFrom('giving.contributions')
          .select('reference')
          .where('reference', '=', reference)
          .where('certificate_token_hash', '=', sha256(token))
          .where('certificate_token_expires_at', '>', new Date())
          .executeTakeFirst());
      if (!valid) {
        if (browser) return reply.header('cache-control', 'no-store').redirect(CERTIFICATE_LINK_FAILED, 303);
        throw new ApiError(404, 'not_found', certificateTexts.linkInvalid);
      }
      checkIssuable(ctx);
      try {
        const { id } = await issueDonationCertificate(ctx.db, reference, DONOR_LINK);
        return await sendPdf(ctx, reply, await certificateById(ctx.db, id));
      } catch (err) {
        if (!(err instanceof ApiError && err.code === 'name_unprintable')) throw err;
        // The donor, not the team, reads this one: what to do, in their words.
        if (browser) return reply.header('cache-control', 'no-store').redirect(CERTIFICATE_NAME_REFUSED, 303);
        throw new ApiError(409, 'name_unprintable', certificateTexts.donorNameUnprintable(site.contact.email));
      }
    },
  );

  await registerStaffRoutes(app, ctx, { roles: ['finanzas'] }, async (staff) => {
    staff.addHook('onSend', async (_request, reply) => {
      reply.header('cache-control', 'no-store');
    });

    staff.get<{ Querystring: CertificateListQuery; Reply: CertificateListResponse }>(
      '/certificates',
      {
        config: staffRead<CertificateListResponse>({
          action: 'giving.certificate.read',
          entity: 'donation_certificate',
          count: (b) => b.certificates.length,
        }),
        schema: {
          tags: ['giving-staff'],
          summary: 'Certificados de donación de un año, del más reciente al más antiguo, y cuántos donantes no tienen el anual',
          querystring: zodSchema(certificateListQuerySchema),
          response: { 200: zodResponse(certificateListResponseSchema) },
        },
      },
      async (request) => {
        const year = request.query.anio;
        const [from, to] = yearBounds(year);
        const [rows, approved] = await Promise.all([
          certificateSelect(ctx.db).where('c.year', '=', year).orderBy('c.seq', 'desc').limit(1000).execute(),
          ctx.db
            .selectFrom('giving.contributions as t')
            .select([
              sql<number>`count(*)::int`.as('donations'),
              sql<number>`count(distinct ${donorKeySql}) filter (where not exists (
                select 1 from giving.certificates c where c.kind = 'annual' and c.year = ${year} and c.donor_key = ${donorKeySql}))::int`.as(
                'without',
              ),
            ])
            .where('payment_status', '=', 'approved')
            .where('date_approved', '>=', from)
            .where('date_approved', '<', to)
            .executeTakeFirstOrThrow(),
        ]);
        return {
          year,
          certificates: (rows as CertificateRow[]).map(answerOf),
          approvedDonations: Number(approved.donations),
          donorsWithoutAnnual: Number(approved.without),
          dataComplete: certificateFoundationData(site).complete,
        };
      },
    );

    staff.get<{ Params: ReferenceParams; Reply: DonationCertificatesResponse }>(
      '/certificates/donacion/:reference',
      {
        config: staffRead<DonationCertificatesResponse>({
          action: 'giving.certificate.read',
          entity: 'donation',
          id: pathParam('reference'),
          count: (b) => b.certificates.length,
        }),
        schema: {
          tags: ['giving-staff'],
          summary: 'Los certificados que cubren una donación (el suyo y el anual de su donante)',
          params: zodSchema(referenceParamsSchema),
          response: { 200: zodResponse(donationCertificatesResponseSchema) },
        },
      },
      async (request) => {
        const rows = await certificateSelect(ctx.db)
          .where(
            'c.id',
            'in',
            ctx.db
              .selectFrom('giving.certificate_donations')
              .select('certificate_id')
              .where('contribution_reference', '=', request.params.reference),
          )
          .orderBy('c.id')
          .execute();
        return { certificates: (rows as CertificateRow[]).map(answerOf) };
      },
    );

    staff.post<{ Params: ReferenceParams; Reply: CertificateResponse }>(
      '/certificates/donacion/:reference',
      {
        schema: {
          tags: ['giving-staff'],
          summary: 'Expedir el certificado de una donación aprobada (si ya existe, el mismo); queda en la auditoría',
          params: zodSchema(referenceParamsSchema),
          response: { 200: zodResponse(certificateResponseSchema) },
        },
      },
      async (request) => {
        checkIssuable(ctx);
        const who = staffOf(request);
        const { id, created } = await issueDonationCertificate(ctx.db, request.params.reference, who.email);
        const row = await certificateById(ctx.db, id);
        if (created)
          await recordAudit(ctx.db, who, {
            action: 'giving.certificate.issue',
            entity: 'certificate',
            entityId: row.number,
            detail: { tipo: 'donation', donacion: request.params.reference },
          });
        return { certificate: answerOf(row), created };
      },
    );

    staff.post<{ Params: ReferenceParams; Reply: CertificateResponse }>(
      '/certificates/anual/:reference',
      {
        schema: {
          tags: ['giving-staff'],
          summary: 'Expedir el certificado anual del donante de esta donación, por el año de la donación ya terminado',
          params: zodSchema(referenceParamsSchema),
          response: { 200: zodResponse(certificateResponseSchema) },
        },
      },
      async (request) => {
        checkIssuable(ctx);
        const who = staffOf(request);
        const d = await ctx.db
          .selectFrom('giving.contributions')
          .select(['id_type', 'id_number', 'date_approved', 'payment_status'])
          .where('reference', '=', request.params.reference)
          .executeTakeFirst();
        if (!d) throw new ApiError(404, 'not_found', certificateTexts.notFound);
        if (d.payment_status !== 'approved' || !d.date_approved) throw new ApiError(409, 'conflict', certificateTexts.notApproved);
        const year = bogotaYear(new Date(d.date_approved));
        checkYearEnded(year, new Date());
        const issued = await issueAnnual(ctx.db, donorKeyOf(d.id_type, d.id_number), year, who.email);
        if (!issued) throw new ApiError(409, 'conflict', certificateTexts.notApproved);
        if ('held' in issued) {
          if (issued.held === 'unprintable') throw unprintable();
          throw new ApiError(409, 'conflict', certificateTexts.namesDiffer);
        }
        const row = await certificateById(ctx.db, issued.id);
        if (issued.created)
          await recordAudit(ctx.db, who, {
            action: 'giving.certificate.issue',
            entity: 'certificate',
            entityId: row.number,
            detail: { tipo: 'annual', anio: year },
          });
        return { certificate: answerOf(row), created: issued.created };
      },
    );

    staff.post<{ Body: CertificateBatchRequest; Reply: CertificateBatchResponse }>(
      '/certificates/lote',
      {
        schema: {
          tags: ['giving-staff'],
          summary: 'Expedir los certificados anuales de todos los donantes de un año terminado; queda en la auditoría',
          body: zodSchema(certificateBatchRequestSchema),
          response: { 200: zodResponse(certificateBatchResponseSchema) },
        },
      },
      async (request) => {
        checkIssuable(ctx);
        const who = staffOf(request);
        const year = request.body.anio;
        checkYearEnded(year, new Date());
        const [from, to] = yearBounds(year);
        const donors = await ctx.db
          .selectFrom('giving.contributions')
          .select(donorKeySql.as('donor_key'))
          .distinct()
          .where('payment_status', '=', 'approved')
          .where('date_approved', '>=', from)
          .where('date_approved', '<', to)
          .execute();
        let issued = 0;
        let existing = 0;
        let held = 0;
        for (const { donor_key } of donors) {
          const result = await issueAnnual(ctx.db, donor_key, year, who.email);
          if (!result) continue;
          if ('held' in result) held++;
          else if (result.created) issued++;
          else existing++;
        }
        await recordAudit(ctx.db, who, {
          action: 'giving.certificate.batch',
          entity: 'certificate',
          entityId: String(year),
          detail: { anio: year, expedidos: issued, yaExistian: existing, enRevision: held },
        });
        return { year, issued, existing, held };
      },
    );

    staff.get<{ Params: CertificateParams }>(
      '/certificates/:number/pdf',
      {
        config: staffRead({ action: 'giving.certificate.read', entity: 'donation_certificate', id: pathParam('number') }),
        schema: {
          tags: ['giving-staff'],
          summary: 'El PDF de un certificado expedido',
          params: zodSchema(certificateParamsSchema),
          response: pdfResponse,
        },
      },
      async (request, reply) => {
        const row = await certificateSelect(ctx.db).where('c.number', '=', request.params.number).executeTakeFirst();
        if (!row) throw new ApiError(404, 'not_found', certificateTexts.notFound);
        return sendPdf(ctx, reply, row as CertificateRow);
      },
    );
  });
};
