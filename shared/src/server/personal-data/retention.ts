import { sql, type RawBuilder } from 'kysely';
import type { Database, SiteDb } from '../database';
import { bogotaDay, runOnce, scheduleDaily } from '../jobs';
import { moneyMoved } from './domains/payable';
import { erasePass, summarise } from './erase';
import type { TableSpec } from './registry';
import { defaultRetention, type RetentionSettings } from './retention-settings';
import { readColumns } from './schema-info';
import type { Scope } from './selection';
import { siteRegistry, type PersonalDataRegistry } from './site-registry';

/**
 * Retention (#15): once a day the records whose time is up are deleted or anonymised, by the same registry and the same
 * erasure as a data subject's request (a deleted record takes its notes, marks and payment history with it; an
 * anonymised one keeps what it keeps). Each rule is one transaction; the day's run happens once across every instance.
 */

/** One kind of record and when its time is up. */
export interface RetentionRule {
  /** The setting that says how long (retention-settings.ts). */
  setting: keyof RetentionSettings;
  table: keyof Database;
  /** The rows whose time is up, given the oldest instant still kept (alias `t`). */
  expired: (cutoff: Date) => RawBuilder<boolean>;
  /** 'delete'; 'own': the table's erase rule; 'anonymise-all': every personal column, even what a kept record keeps. */
  treatment: 'delete' | 'own' | 'anonymise-all';
}

const unit = (setting: keyof RetentionSettings) => (setting.endsWith('Years') ? 'years' : setting.endsWith('Months') ? 'months' : 'days');

/** The oldest instant still kept: `at` minus the setting's years, months or days (calendar months, in UTC). */
export function cutoffOf(at: Date, setting: keyof RetentionSettings, settings: RetentionSettings): Date {
  const n = settings[setting];
  const d = new Date(at);
  const u = unit(setting);
  if (u === 'years') d.setUTCFullYear(d.getUTCFullYear() - n);
  else if (u === 'months') d.setUTCMonth(d.getUTCMonth() - n);
  else d.setUTCDate(d.getUTCDate() - n);
  return d;
}

const before = (column: RawBuilder<unknown>, cutoff: Date) => sql<boolean>`${column} < ${cutoff}`;

/** The site's rules: every kind of record with personal data that is not kept for as long as the relation lasts. */
export const retentionRules: readonly RetentionRule[] = [
  {
    setting: 'unpaidEnrolmentsMonths',
    table: 'courses.enrolments',
    expired: (c) => sql<boolean>`not ${moneyMoved} and ${before(sql`t.created_at`, c)}`,
    treatment: 'delete',
  },
  {
    setting: 'paymentRecordsYears',
    table: 'courses.enrolments',
    expired: (c) => sql<boolean>`${moneyMoved} and ${before(sql`coalesce(t.date_approved, t.payment_date, t.created_at)`, c)}`,
    treatment: 'anonymise-all',
  },
  {
    setting: 'paymentRecordsYears',
    table: 'account.payment_accounts',
    expired: (c) => before(sql`t.created_at`, c),
    treatment: 'own',
  },
  {
    setting: 'unpaidDonationsMonths',
    table: 'giving.contributions',
    expired: (c) => sql<boolean>`not ${moneyMoved} and ${before(sql`t.created_at`, c)}`,
    treatment: 'delete',
  },
  {
    setting: 'paymentRecordsYears',
    table: 'giving.contributions',
    expired: (c) => sql<boolean>`${moneyMoved} and ${before(sql`coalesce(t.date_approved, t.payment_date, t.created_at)`, c)}`,
    treatment: 'anonymise-all',
  },
  ...(['community.volunteers', 'community.allies', 'community.workshop_inquiries', 'community.software_requests'] as const).map(
    (table): RetentionRule => ({
      setting: 'communityFormsMonths',
      table,
      expired: (c) => before(sql`t.created_at`, c),
      treatment: 'delete',
    }),
  ),
  {
    setting: 'pqrsfMonths',
    table: 'community.pqrsf_requests',
    // Only finished ones, counted from when they finished: an open PQRSF is never touched.
    expired: (c) =>
      sql<boolean>`t.status not in ('En proceso', 'En trámite') and ${before(sql`coalesce(t.closed_at, t.responded_at, t.transferred_at, t.created_at)`, c)}`,
    treatment: 'own',
  },
  {
    setting: 'newsletterUnsubscribedMonths',
    table: 'community.newsletter_subscriptions',
    expired: (c) => sql<boolean>`t.status = 'unsubscribed' and ${before(sql`coalesce(t.unsubscribed_at, t.created_at)`, c)}`,
    treatment: 'delete',
  },
  {
    setting: 'newsletterUnconfirmedDays',
    table: 'community.newsletter_subscriptions',
    expired: (c) =>
      sql<boolean>`t.status = 'pending' and ${before(sql`greatest(t.subscribed_at, coalesce(t.confirmation_sent_at, t.subscribed_at))`, c)}`,
    treatment: 'delete',
  },
  {
    setting: 'sentMailDays',
    table: 'mail.outbox',
    // A message still being delivered is never cut short; one delivered or given up on goes.
    expired: (c) => sql<boolean>`t.status in ('sent', 'failed') and ${before(sql`t.created_at`, c)}`,
    treatment: 'delete',
  },
  {
    setting: 'dataRequestCodesDays',
    table: 'account.data_request_codes',
    expired: (c) => before(sql`t.created_at`, c),
    treatment: 'delete',
  },
  {
    setting: 'dataRequestCodesDays',
    table: 'account.data_request_code_misses',
    expired: (c) => before(sql`t.at`, c),
    treatment: 'delete',
  },
  // Consent proofs (#15) keep the address as long as the record they came with keeps its own; then only the proof stays
  // (form, version, text digest, date), which is what shows that the earlier processing was authorised.
  ...(
    [
      ['communityFormsMonths', ['community.volunteer', 'community.ally', 'community.workshop_inquiry', 'community.software_request']],
    ] as const
  ).map(([setting, forms]): RetentionRule => ({
    setting,
    table: 'privacy.consents',
    expired: (c) =>
      sql<boolean>`t.subject_email is not null and t.form in (${sql.join(forms.map((f) => sql.lit(f)))}) and ${before(sql`t.granted_at`, c)}`,
    treatment: 'own',
  })),
  ...(
    [
      ['courses.enrolment', sql`courses.enrolments`],
      ['giving.donation', sql`giving.contributions`],
    ] as const
  ).map(([form, records]): RetentionRule => ({
    setting: 'paymentRecordsYears',
    table: 'privacy.consents',
    // As long as the payment record keeps its data; a never-paid one's proof loses the address when that record goes.
    expired: (c) =>
      sql<boolean>`t.subject_email is not null and t.form = ${sql.lit(form)} and (${before(sql`t.granted_at`, c)} or not exists (select 1 from ${records} r where r.reference = t.record_ref))`,
    treatment: 'own',
  })),
  {
    setting: 'pqrsfMonths',
    table: 'privacy.consents',
    // A PQRSF's notice keeps the address while the PQRSF is open, like the PQRSF itself.
    expired: (c) =>
      sql<boolean>`t.subject_email is not null and t.form = 'community.pqrsf' and ${before(sql`t.granted_at`, c)} and not exists (select 1 from community.pqrsf_requests p where p.radicado = t.record_ref and p.status in ('En proceso', 'En trámite'))`,
    treatment: 'own',
  },
  {
    setting: 'newsletterUnconfirmedDays',
    table: 'privacy.consents',
    // A subscription's proof keeps the address while that address is subscribed (or waiting to confirm).
    expired: (c) =>
      sql<boolean>`t.subject_email is not null and t.form = 'community.newsletter' and ${before(sql`t.granted_at`, c)} and not exists (select 1 from community.newsletter_subscriptions s where s.email = t.subject_email)`,
    treatment: 'own',
  },
  { setting: 'rateLimitDays', table: 'community.newsletter_confirmation_log', expired: (c) => before(sql`t.at`, c), treatment: 'delete' },
  {
    setting: 'rateLimitDays',
    table: 'community.acknowledgement_counts',
    // `day` is the Bogotá calendar date (YYYY-MM-DD) the counter was for.
    expired: (c) => sql<boolean>`t.day < ${c.toISOString().slice(0, 10)}`,
    treatment: 'delete',
  },
];

/** The pass of one rule: its table's expired rows (and, through them, their rows in other tables). */
function ruleScope(rule: RetentionRule, cutoff: Date): Scope {
  return {
    direct: (spec: TableSpec) => (spec.table === rule.table ? rule.expired(cutoff) : null),
    treatment: (spec: TableSpec) => (spec.table === rule.table ? rule.treatment : 'own'),
  };
}

/** Applies every rule as of `at`, one transaction each; answers what was deleted or anonymised, per kind (no personal data). */
export async function applyRetention(
  db: SiteDb,
  options: { at: Date; settings?: RetentionSettings; registry?: PersonalDataRegistry; rules?: readonly RetentionRule[] },
): Promise<Record<string, number>> {
  const settings = options.settings ?? defaultRetention;
  const registry = options.registry ?? siteRegistry;
  const tables = await readColumns(db);
  const summary: Record<string, number> = {};
  for (const rule of options.rules ?? retentionRules) {
    // A domain this database does not have (yet) has nothing to expire.
    if (!tables.has(rule.table)) continue;
    const cutoff = cutoffOf(options.at, rule.setting, settings);
    const outcomes = await db.transaction().execute((trx) => erasePass(trx, registry, tables, ruleScope(rule, cutoff)));
    for (const [kind, n] of Object.entries(summarise(outcomes))) summary[kind] = (summary[kind] ?? 0) + n;
  }
  return summary;
}

export const RETENTION_JOB = 'personal-data.retention';
/** The Bogotá hour from which the day's run is due: the quietest of the night. */
export const RETENTION_HOUR = 3;

export interface RetentionContext {
  db: SiteDb;
  settings: { retention?: RetentionSettings };
  /** Resolves once every domain's tables exist (the gateway migrates in the background). */
  migrated?: Promise<void>;
}

/** Today's run now, unless today's already ran (tests, or by hand with `force`). */
export async function runRetention(ctx: RetentionContext, options: { now?: () => Date; force?: boolean } = {}) {
  const at = (options.now ?? (() => new Date()))();
  await ctx.migrated;
  return runOnce(ctx.db, RETENTION_JOB, bogotaDay(at), () => applyRetention(ctx.db, { at, settings: ctx.settings.retention }), {
    force: options.force,
  });
}

/** The daily job (from 03:00 Bogotá time), once across every instance. Returns the stop function for `onClose`. */
export function scheduleRetention(
  ctx: RetentionContext,
  options: { now?: () => Date; log?: { info(obj: object, msg: string): void; error(obj: object, msg: string): void } } = {},
): () => void {
  const now = options.now ?? (() => new Date());
  return scheduleDaily(
    ctx.db,
    {
      name: RETENTION_JOB,
      hour: RETENTION_HOUR,
      run: async () => {
        await ctx.migrated;
        const summary = await applyRetention(ctx.db, { at: now(), settings: ctx.settings.retention });
        // Counts per kind of record only: never anyone's data.
        options.log?.info({ job: RETENTION_JOB, summary }, 'personal data retention applied');
        return summary;
      },
    },
    { now, onError: (err) => options.log?.error({ err, job: RETENTION_JOB }, 'personal data retention failed') },
  );
}
