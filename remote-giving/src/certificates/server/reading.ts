/**
 * Reading issued certificates (#14): the row the panel lists, its answer shape, and the PDF a certificate is served as
 * (to the team and through the donor's link).
 */
import type { FastifyReply } from 'fastify';
import { sql } from 'kysely';
import { site } from 'shared/foundation/site';
import { fullNameMax, isPrintableName } from 'shared/schemas/common';
import { certificateTexts, type Certificate } from '../schemas';
import type { ApiContext } from 'shared/server/api-contract';
import type { SiteDb } from 'shared/server/database';
import { ApiError } from 'shared/server/http';
import { donationCertificatePdf } from './pdf';
import { unprintable } from './rules';

export interface CertificateRow {
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

export const certificateSelect = (db: SiteDb) =>
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

export const answerOf = (c: CertificateRow): Certificate => ({
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

export async function certificateById(db: SiteDb, id: number): Promise<CertificateRow> {
  return (await certificateSelect(db).where('c.id', '=', id).executeTakeFirstOrThrow()) as CertificateRow;
}

/** The certificate as a PDF; a voided one is not printed again. */
export async function sendPdf(ctx: ApiContext, reply: FastifyReply, row: CertificateRow) {
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

export const pdfResponse = {
  200: { description: 'PDF del certificado', content: { 'application/pdf': { schema: { type: 'string', format: 'binary' } } } },
};
