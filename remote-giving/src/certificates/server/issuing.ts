/**
 * Issuing donation certificates (#14): the donor's personal link, numbering in sequence within the year under the
 * counter's lock, a donation's own certificate, and voiding every certificate that covers a reversed payment. The
 * consolidated annual one is in annual.ts.
 */
import { randomBytes } from 'node:crypto';
import { sql, type Transaction } from 'kysely';
import { certificateNumberOf, certificateTexts } from '../schemas';
import type { Database, SiteDb } from 'shared/server/database';
import { ApiError } from 'shared/server/http';
import { bogotaYear, donorKeyOf, printableDonor, sha256, unprintable } from './rules';

/** How long the receipt's certificate link works: past the next year's income-tax filing season. */
export const CERTIFICATE_LINK_DAYS = 400;

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

export type Trx = Transaction<Database>;

/** The next number of `year`, under that year's counter row lock (so two issuers never take the same one). */
async function nextSeq(trx: Trx, year: number): Promise<number> {
  const row = await sql<{ last: number }>`
    insert into giving.certificate_counters (year, last) values (${year}, 1)
    on conflict (year) do update set last = giving.certificate_counters.last + 1
    returning last`.execute(trx);
  return Number(row.rows[0]!.last);
}

export interface Donation {
  reference: string;
  contributor_name: string;
  contributor_lastname: string;
  id_type: string;
  id_number: string;
  donation_amount: number;
  payment_type: string | null;
  date_approved: Date;
}

export async function insertCertificate(trx: Trx, kind: 'donation' | 'annual', year: number, donations: Donation[], issuedBy: string) {
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

export const donationColumns = [
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
