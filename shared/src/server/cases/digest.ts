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
  action: { label: string; url: string };
}

/** The digest e-mail for one member of the team. */
export function caseDigestMail<L extends { dueDate: IsoDate }>(
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
    action: { ...words.action, public: true },
  });
}

/**
 * E-mails the digest to every enabled member with the kind's role whose address the kind accepts; warns when nobody
 * can receive it. Returns how many were written to.
 */
export async function mailTheTeam(
  ctx: DigestContext,
  team: { role: StaffRole; accepts: (address: string) => boolean; job: string; label: string },
  mailTo: (to: string) => OutgoingMail,
  log: DigestLog | undefined,
): Promise<number> {
  const members = (await staffWithRole(ctx.staff, team.role)).filter((m) => team.accepts(m.email));
  for (const m of members) await ctx.mailer.send(mailTo(m.email));
  if (!members.length) log?.warn({ job: team.job }, `${team.label} digest: the team has no member to write to`);
  return members.length;
}

/** Starts the daily check of a kind's digest; returns the function that stops it (the plugin calls it on close). */
export function scheduleCaseDigest(
  db: SiteDb,
  job: { name: string; label: string; run: (at: Date) => Promise<unknown> },
  options: { now?: () => Date; log?: DigestLog; everyMs?: number } = {},
): () => void {
  const now = options.now ?? (() => new Date());
  return scheduleDaily(
    db,
    // scheduleDaily claims the day's run itself (the same job and period as by hand), then sends.
    { name: job.name, hour: CASE_DIGEST_HOUR, run: () => job.run(now()) },
    {
      ...(options.everyMs ? { everyMs: options.everyMs } : {}),
      now,
      onError: (err) => options.log?.warn({ job: job.name, err: String(err) }, `${job.label} digest failed`),
    },
  );
}
