/**
 * Donation certificates (#14): issued once per approved donation and once per donor and finished year, numbered in
 * sequence within the donation year without gaps, voided when the payment is reversed. The team issues and prints them
 * from the panel; the donor gets a personal link (a random token, stored as its digest, expiring) in the receipt
 * e-mail, which issues and serves only that donation's certificate. Nobody gets one by typing a document number.
 *
 * This module holds the routes; the rules are in rules.ts, issuing in issuing.ts and annual.ts, reading and the PDF in
 * reading.ts (pdf.ts draws it).
 */
import type { FastifyPluginAsync } from 'fastify';
import { sql } from 'kysely';
import { site } from 'shared/foundation/site';
import {
  certificateLinkQuerySchema,
  certificateTexts,
  certificateTokenPattern,
  referenceParamsSchema,
  type CertificateLinkQuery,
  type CertificateListResponse,
  type DonationCertificatesResponse,
} from '../schemas';
import type { ReferenceParams } from 'shared/payments/ledger';
import type { ApiContext } from 'shared/server/api-contract';
import { recordAudit } from 'shared/server/audit';
import { ApiError, zodSchema } from 'shared/server/http';
import { publicWrite } from 'shared/server/api-module';
import { registerStaffRoutes, staffOf, staffRead, pathParam } from 'shared/server/staff-guard';
import { route } from 'shared/server/operation-routes';
import { certificateStaffOperations as ops } from '../operations';
import { certificateFoundationData } from './pdf';
import { issueAnnual } from './annual';
import { issueDonationCertificate } from './issuing';
import { answerOf, certificateById, certificateSelect, pdfResponse, sendPdf, type CertificateRow } from './reading';
import { bogotaYear, checkIssuable, checkYearEnded, donorKeyOf, donorKeySql, sha256, unprintable, yearBounds } from './rules';

/** Who issued a certificate through the donor's own link (the audit has the team's). */
export const DONOR_LINK = 'enlace del donante';
/** Where a browser that followed a broken or expired certificate link is sent (the page says why and what to do). */
export const CERTIFICATE_LINK_FAILED = '/contribuciones?certificado=invalido';
/** Where it is sent when the donation's name cannot be printed (the page says to write to the foundation). */
export const CERTIFICATE_NAME_REFUSED = '/contribuciones?certificado=nombre';

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

    route(
      staff,
      ops.certificates,
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
      {
        config: staffRead<CertificateListResponse>({
          action: 'giving.certificate.read',
          entity: 'donation_certificate',
          count: (b) => b.certificates.length,
        }),
      },
    );

    route(
      staff,
      ops.donationCertificates,
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
      {
        config: staffRead<DonationCertificatesResponse>({
          action: 'giving.certificate.read',
          entity: 'donation',
          id: pathParam('reference'),
          count: (b) => b.certificates.length,
        }),
      },
    );

    route(staff, ops.issueDonationCertificate, async (request) => {
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
    });

    route(staff, ops.issueAnnualCertificate, async (request) => {
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
    });

    route(staff, ops.issueCertificateBatch, async (request) => {
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
    });

    route(
      staff,
      ops.certificatePdf,
      async (request, reply) => {
        const row = await certificateSelect(ctx.db).where('c.number', '=', request.params.number).executeTakeFirst();
        if (!row) throw new ApiError(404, 'not_found', certificateTexts.notFound);
        return sendPdf(ctx, reply, row as CertificateRow);
      },
      { config: staffRead({ action: 'giving.certificate.read', entity: 'donation_certificate', id: pathParam('number') }) },
    );
  });
};
