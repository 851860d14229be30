import { createHash } from 'node:crypto';
import { sql, type Generated, type Insertable, type RawBuilder } from 'kysely';
import type { ConsentChannel } from '../legal/consent-channels';
import { consentTexts, currentPrivacyPolicy, privacyVersionOf, type ConsentFormDeclaration } from '../legal/privacy-policy';
import type { DomainMigrations } from './db';
import type { CreatedTimestamp, SiteDb } from './database';
import { ApiError } from './http';

/**
 * `privacy.consents`: the proof of each authorization (Decreto 1377 de 2013 art. 7, compiled in Decreto 1074 de 2015:
 * the controller keeps proof of the authorization and can show it later). One row per submission of a form that
 * collects personal data: which form, which record it produced, whose address, which policy version, the SHA-256 of the
 * exact authorization text that version shows on that form, on which basis (an express authorization, or a notice where
 * the law needs none), and when. No network address. Erasure blanks the address and keeps the proof
 * (personal-data/site-tables.ts).
 */
export interface ConsentsTable {
  id: Generated<string>;
  form: string;
  /** The record it came with: `<schema.table>` and its id or radicado. */
  record_table: string;
  record_ref: string;
  subject_email: string | null;
  policy_version: string;
  text_sha256: string;
  /** 'consent' (a ticked box) or 'legal_duty' (a notice: a PQRSF). */
  basis: string;
  /**
   * How it was given: 'site' (on the site's form, the person's own click), or collected by the team outside the site and
   * entered in the panel (a manual enrolment): 'written' (a signed form), 'email' (the person's e-mail), 'recorded_call'.
   */
  channel: Generated<ConsentChannel>;
  granted_at: CreatedTimestamp;
}

declare module './database' {
  interface Database {
    'privacy.consents': ConsentsTable;
  }
}

/** Migrated by every process that serves an API, like the mail outbox and the audit log. */
export const privacyMigrations: DomainMigrations = {
  schema: 'privacy',
  migrations: {
    '001_consents': {
      async up(db) {
        await db.schema
          .withSchema('privacy')
          .createTable('consents')
          .addColumn('id', 'bigserial', (c) => c.primaryKey())
          .addColumn('form', 'text', (c) => c.notNull())
          .addColumn('record_table', 'text', (c) => c.notNull())
          .addColumn('record_ref', 'text', (c) => c.notNull())
          .addColumn('subject_email', 'text')
          .addColumn('policy_version', 'text', (c) => c.notNull())
          .addColumn('text_sha256', 'text', (c) => c.notNull())
          .addColumn('basis', 'text', (c) => c.notNull())
          .addColumn('granted_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
          .execute();
        await db.schema
          .withSchema('privacy')
          .createIndex('consents_record')
          .on('consents')
          .columns(['record_table', 'record_ref'])
          .execute();
        await sql`create index consents_subject on privacy.consents (lower(subject_email))`.execute(db);
      },
    },
    // An authorization the team collected outside the site (a manual enrolment) says how; every earlier proof was a click.
    '002_consent_channel': {
      async up(db) {
        await sql`alter table privacy.consents add column channel text not null default 'site'`.execute(db);
      },
    },
  },
};

/**
 * Hashes already computed, per form declaration and text: a version's text changes only with the foundation's published
 * name (#28), so each public write need not hash the same text again.
 */
const knownHashes = new WeakMap<ConsentFormDeclaration, Map<string, string>>();

/** The SHA-256 (hex) of the authorization text `version` shows on `form` now; undefined for a version that does not exist. */
export function authorizationHash(form: ConsentFormDeclaration, version: string): string | undefined {
  const policy = privacyVersionOf(version);
  // Unknown versions are never kept: a stream of made-up versions cannot grow the map.
  if (!policy) return undefined;
  const text = policy.authorization(form);
  let byText = knownHashes.get(form);
  if (!byText) knownHashes.set(form, (byText = new Map()));
  let hash = byText.get(text);
  if (!hash) {
    hash = createHash('sha256').update(text, 'utf8').digest('hex');
    // A renamed foundation leaves one stale entry per form; a bounded map all the same.
    if (byText.size > 8) byText.clear();
    byText.set(text, hash);
  }
  return hash;
}

export interface ConsentProof {
  /** The form, as its domain declares it (remote-<domain>/manifest/consent.ts): the proof stores its name and basis. */
  form: ConsentFormDeclaration;
  /** Version the form showed (the submission's `privacy_policy_version`). */
  version: string;
  recordTable: string;
  recordRef: string;
  email: string | null;
  /** Collected by the team outside the site (the member is named by the record's audit row); the site's own by default. */
  channel?: Exclude<ConsentChannel, 'site'>;
}

/**
 * Stores the proof of a submission's authorization; call it in the transaction that stores the record, so a record
 * never exists without its proof. The schemas already refused a missing box or an unknown version (400); this refuses
 * an unknown version again rather than store a proof of a text nobody was shown.
 */
export async function recordConsent(db: SiteDb, proof: ConsentProof): Promise<void> {
  await db
    .insertInto('privacy.consents')
    .values({ ...consentValues(proof), record_ref: proof.recordRef })
    .execute();
}

/**
 * The row `recordConsent` stores, but its `record_ref`: for a caller that writes the proof in the statement that
 * produces the record (one round trip less), so the record's id is known only in SQL. Refuses an unknown version as
 * `recordConsent` does.
 */
export function consentValues(proof: Omit<ConsentProof, 'recordRef'>): Omit<Insertable<ConsentsTable>, 'record_ref'> {
  const hash = authorizationHash(proof.form, proof.version);
  if (!hash)
    throw new ApiError(400, 'validation_error', consentTexts.versionUnknown, { privacy_policy_version: consentTexts.versionUnknown });
  return {
    form: proof.form.form,
    record_table: proof.recordTable,
    subject_email: proof.email?.trim().toLowerCase() || null,
    policy_version: proof.version,
    text_sha256: hash,
    basis: proof.form.basis,
    ...(proof.channel ? { channel: proof.channel } : {}),
  };
}

/** The columns of a proof written by `consentSelection`, in its order (for `insertInto('privacy.consents').columns(…)`). */
export const CONSENT_COLUMNS = ['form', 'record_table', 'record_ref', 'subject_email', 'policy_version', 'text_sha256', 'basis'] as const;

/**
 * The proof as a select list, for the statement that stores its record (a data-modifying CTE): one round trip for the
 * record and its proof, and, being one statement, both or neither without a transaction. `ref` is the record's
 * reference in SQL (`sql<string>\`rec.id::text\``). Refuses an unknown version as `recordConsent` does, before anything
 * is written. For the site's own forms only: the proof's channel is the column's default, 'site'.
 */
export function consentSelection(proof: Omit<ConsentProof, 'recordRef' | 'channel'>, ref: RawBuilder<string>) {
  const v = consentValues(proof);
  return [
    sql.val(v.form).as('form'),
    sql.val(v.record_table).as('record_table'),
    ref.as('record_ref'),
    sql.val(v.subject_email ?? null).as('subject_email'),
    sql.val(v.policy_version).as('policy_version'),
    sql.val(v.text_sha256).as('text_sha256'),
    sql.val(v.basis).as('basis'),
  ] as const;
}

/** A submission's own fields apart from its authorization's (which go to the proof, not to the record's table). */
export function withoutConsent<T extends { privacy_policy_version?: string | undefined; data_authorization?: boolean }>(
  body: T,
): { record: Omit<T, 'privacy_policy_version' | 'data_authorization'>; version: string } {
  const { privacy_policy_version: version, data_authorization: _ticked, ...record } = body;
  void _ticked;
  return { record, version: version ?? currentPrivacyPolicy.id };
}
