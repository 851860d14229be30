import type { IsoDate } from 'shared/format/business-days';
import { formatLongDate } from 'shared/format/dates';
import { businessDaysBetween } from 'shared/format/business-days';
import type { StaffRole } from 'shared/staff-roles';
import type { ApiContext } from 'shared/server/api-contract';
import type { SiteDb } from 'shared/server/database';
import { scheduleDaily } from 'shared/server/jobs';
import { renderMail } from 'shared/server/mail-template';
import type { OutgoingMail } from 'shared/server/mailer';
import { staffWithRole } from 'shared/server/staff-directory';

/**
 * The daily deadline digest every kind of legal case sends its team: the open cases overdue and those due within 3
 * business days, most urgent first, named by radicado and the kind's own columns only (no person's data in mailboxes).
 * Once a Bogotá day across every instance from 7:00 (`scheduleDaily` and `runOnce` on `staff.job_runs`). The kind
 * collects its lists, writes its subject, intro and line, and decides what else the run does.
 */

/** From 7:00 Bogotá time the day's digest is due (the scheduler checks every few minutes). */
export const CASE_DIGEST_HOUR = 7;
/** Cases listed per section; the rest are counted and the panel lists them all. */
export const CASE_DIGEST_LISTED = 100;

export type DigestContext = Pick<ApiContext, 'db' | 'mailer' | 'staff' | 'settings'>;
export type DigestLog = { warn(obj: object, msg: string): void };

/** A case as a digest line names it: radicado, status and due date, and the kind's own columns (never the person's). */
export type CaseDigestLine<Own> = { radicado: string; status: string; dueDate: IsoDate } & Own;

/** A digest's two lists; the counts may exceed the lists (then "…y N más en el panel"). */
export interface CaseDigestLists<L extends { dueDate: IsoDate }> {
  today: IsoDate;
  overdue: L[];
  dueSoon: L[];
  overdueCount: number;
  dueSoonCount: number;
}

export const caseDigestTexts = {
  greeting: 'Hola, equipo:',
  overdueTitle: (n: number) => `Vencidas (${n}):`,
  soonTitle: (n: number) => `Vencen en 3 días hábiles o menos (${n}):`,
  more: (n: number) => `…y ${n} más en el panel.`,
  overdueBy: (due: string, days: number) =>
    days === 0 ? `venció el ${due}` : `venció el ${due} (hace ${days} ${days === 1 ? 'día hábil' : 'días hábiles'})`,
  dueIn: (due: string, days: number) =>
    days === 0 ? `vence hoy, ${due}` : `vence el ${due} (en ${days} ${days === 1 ? 'día hábil' : 'días hábiles'})`,
} as const;

/** The kind's words of its digest. */
export interface CaseDigestWords<L> {
  subject: (overdue: number, soon: number) => string;
  intro: (today: string) => string;
  /** One case: `• radicado · … · when`. */
  line: (l: L, when: string) => string;
  /** The button: its label and the panel page it opens (a path on the site's public origin). */
  action: { label: string; path: string };
}

/** Who receives a kind's digest, and how its job is named in `staff.job_runs` and in the logs. */
export interface CaseDigestTeam {
  role: StaffRole;
  /** The addresses the kind writes to (members with another shape are skipped). */
  accepts: (address: string) => boolean;
  job: string;
  label: string;
}

/** A kind's digest: who receives it and what it says. */
export interface CaseDigest<L> {
  team: CaseDigestTeam;
  words: CaseDigestWords<L>;
}

/** The digest e-mail for one member of the team. */
export function caseDigestMail<L extends { dueDate: IsoDate }>(
  publicOrigin: string,
  to: string,
  lists: CaseDigestLists<L>,
  words: CaseDigestWords<L>,
): OutgoingMail {
  const t = caseDigestTexts;
  const paragraphs = [words.intro(formatLongDate(lists.today))];
  const section = (title: string, count: number, items: L[], when: (l: L) => string) => {
    if (!count) return;
    paragraphs.push(title);
    for (const l of items) paragraphs.push(words.line(l, when(l)));
    if (count > items.length) paragraphs.push(t.more(count - items.length));
  };
  section(t.overdueTitle(lists.overdueCount), lists.overdueCount, lists.overdue, (l) =>
    t.overdueBy(formatLongDate(l.dueDate), businessDaysBetween(l.dueDate, lists.today)),
  );
  section(t.soonTitle(lists.dueSoonCount), lists.dueSoonCount, lists.dueSoon, (l) =>
    t.dueIn(formatLongDate(l.dueDate), businessDaysBetween(lists.today, l.dueDate)),
  );
  return renderMail({
    to,
    subject: words.subject(lists.overdueCount, lists.dueSoonCount),
    greeting: t.greeting,
    paragraphs,
    action: { label: words.action.label, url: `${publicOrigin}${words.action.path}`, public: true },
  });
}

/**
 * E-mails the day's lists to every enabled member with the kind's role whose address the kind accepts (nothing when
 * there is nothing to report), and warns when nobody can receive it. Says what it did.
 */
export async function mailDigest<L extends { dueDate: IsoDate }>(
  ctx: DigestContext,
  lists: CaseDigestLists<L>,
  digest: CaseDigest<L>,
  log: DigestLog | undefined,
): Promise<{ sent: boolean; recipients: number; overdue: number; dueSoon: number }> {
  const summary = { overdue: lists.overdueCount, dueSoon: lists.dueSoonCount };
  if (!summary.overdue && !summary.dueSoon) return { sent: false, recipients: 0, ...summary };
  const { team } = digest;
  const members = (await staffWithRole(ctx.staff, team.role)).filter((m) => team.accepts(m.email));
  for (const m of members) await ctx.mailer.send(caseDigestMail(ctx.settings.publicOrigin, m.email, lists, digest.words));
  if (!members.length) log?.warn({ job: team.job }, `${team.label} digest: the team has no member to write to`);
  return { sent: members.length > 0, recipients: members.length, ...summary };
}

/** Starts the daily check of a kind's digest; returns the function that stops it (the plugin calls it on close). */
export function scheduleCaseDigest(
  db: SiteDb,
  team: CaseDigestTeam,
  run: (at: Date) => Promise<unknown>,
  options: { now?: () => Date; log?: DigestLog; everyMs?: number } = {},
): () => void {
  const now = options.now ?? (() => new Date());
  return scheduleDaily(
    db,
    // scheduleDaily claims the day's run itself (the same job and period as by hand), then sends.
    { name: team.job, hour: CASE_DIGEST_HOUR, run: () => run(now()) },
    {
      ...(options.everyMs ? { everyMs: options.everyMs } : {}),
      now,
      onError: (err) => options.log?.warn({ job: team.job, err: String(err) }, `${team.label} digest failed`),
    },
  );
}
