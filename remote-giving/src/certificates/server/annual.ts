/**
 * The consolidated annual certificate (#14): one per donor (by document) and finished Bogotá year, covering all their
 * approved donations of that year; held for the team when the names differ or cannot be printed.
 */
import { sql } from 'kysely';
import type { SiteDb } from 'shared/server/database';
import { donationColumns, insertCertificate, type Donation, type Trx } from './issuing';
import { donorKeySql, printableDonor, yearBounds } from './rules';

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

export type AnnualOutcome = { id: number; created: boolean } | { held: 'names' | 'unprintable' } | null;

/**
 * The consolidated certificate of one donor and finished year, issued now if missing (a voided one is replaced); null
 * without an approved donation. Donations under one document but different names are held for the team to review:
 * anyone can type someone else's document number on a donation, and a certificate must not mix two people's money.
 * So is a donor whose name is not one (`printableDonor`).
 */
export async function issueAnnual(db: SiteDb, donorKey: string, year: number, issuedBy: string): Promise<AnnualOutcome> {
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
