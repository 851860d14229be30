import { sql, type RawBuilder } from 'kysely';
import type { SiteDb } from '../database';
import { bogotaDay, runOnce, scheduleDaily } from '../jobs';
import { erasePass, summarise } from './erase';
import type { RetentionRule, SitePersonalData, TableSpec } from './registry';
import { defaultRetention, type RetentionSettings } from './retention-settings';
import { readColumns } from './schema-info';
import type { Scope } from './selection';

export type { RetentionRule, SitePersonalData } from './registry';

/**
 * Retention (#15): once a day the records whose time is up are deleted or anonymised, by the same registry and the same
 * erasure as a data subject's request (a deleted record takes its notes, marks and payment history with it; an
 * anonymised one keeps what it keeps). Each rule is one transaction; the day's run happens once across every instance.
 */

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

/** `column < cutoff`: the usual test of a rule (alias `t`). */
export const before = (column: RawBuilder<unknown>, cutoff: Date) => sql<boolean>`${column} < ${cutoff}`;

/**
 * The rules of shared plumbing's own tables (the mail outbox). Each domain declares the rules of its tables, and of the
 * consent proofs of its forms, in its manifest (`remote-<domain>/manifest/server.ts`); `composeDomains` (../domains.ts)
 * puts them together.
 */
export const siteRetention: readonly RetentionRule[] = [
  {
    setting: 'sentMailDays',
    table: 'mail.outbox',
    // A message still being delivered is never cut short; one delivered or given up on goes.
    expired: (c) => sql<boolean>`t.status in ('sent', 'failed') and ${before(sql`t.created_at`, c)}`,
    treatment: 'delete',
  },
];

/**
 * The rule of a form's consent proofs (#15): they keep the address as long as the record they came with keeps its own;
 * then only the proof stays (form, version, text digest, date), which is what shows that the earlier processing was
 * authorised. `expired` says when, given the cutoff (alias `t`); by default, once granted before it.
 */
export function consentProofRule(
  setting: keyof RetentionSettings,
  forms: readonly string[],
  expired: (cutoff: Date) => RawBuilder<boolean> = (c) => before(sql`t.granted_at`, c),
): RetentionRule {
  return {
    setting,
    table: 'privacy.consents',
    expired: (c) => sql<boolean>`t.subject_email is not null and t.form in (${sql.join(forms.map((f) => sql.lit(f)))}) and ${expired(c)}`,
    treatment: 'own',
  };
}

/**
 * The site's rules in the order they run: the records' rules before the consent proofs' (a proof's rule may ask whether
 * its record is gone), each group in the manifests' order.
 */
export const orderRetention = (rules: readonly RetentionRule[]): RetentionRule[] => [
  ...rules.filter((r) => r.table !== 'privacy.consents'),
  ...rules.filter((r) => r.table === 'privacy.consents'),
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
  options: { at: Date; settings?: RetentionSettings; personalData: SitePersonalData },
): Promise<Record<string, number>> {
  const settings = options.settings ?? defaultRetention;
  const { registry, retention } = options.personalData;
  const tables = await readColumns(db);
  const summary: Record<string, number> = {};
  for (const rule of retention) {
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
  /** The site's composition (`ctx.domains`): whose tables, by which rules. */
  domains: { personalData: SitePersonalData };
}

/** Today's run now, unless today's already ran (tests, or by hand with `force`). */
export async function runRetention(ctx: RetentionContext, options: { now?: () => Date; force?: boolean } = {}) {
  const at = (options.now ?? (() => new Date()))();
  await ctx.migrated;
  return runOnce(
    ctx.db,
    RETENTION_JOB,
    bogotaDay(at),
    () => applyRetention(ctx.db, { at, settings: ctx.settings.retention, personalData: ctx.domains.personalData }),
    {
      force: options.force,
    },
  );
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
        const summary = await applyRetention(ctx.db, {
          at: now(),
          settings: ctx.settings.retention,
          personalData: ctx.domains.personalData,
        });
        // Counts per kind of record only: never anyone's data.
        options.log?.info({ job: RETENTION_JOB, summary }, 'personal data retention applied');
        return summary;
      },
    },
    { now, onError: (err) => options.log?.error({ err, job: RETENTION_JOB }, 'personal data retention failed') },
  );
}
