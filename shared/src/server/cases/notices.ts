import type { IsoDate } from '../../format/business-days';
import { formatColombianDateTime, formatLongDate } from '../../format/dates';
import type { StaffRole } from '../../staff-roles';
import type { ApiContext } from '../api-contract';
import { renderMail } from '../mail-template';
import type { OutgoingMail } from '../mailer';
import { staffToTellOfNewCases } from '../staff-directory';

/**
 * The e-mail a legal case's team gets when a new one is filed (#28), besides the daily digest: to every enabled member
 * with the kind's role who left the choice on (staff.members.notify_new_cases, set on "Hoy"). It names the case only
 * by its type, radicado, filing date and legal due date, with a button to the case in the panel: nothing the person
 * wrote or gave (name, address, document, text) goes to a mailbox — the panel shows that to whoever may see it.
 *
 * The filing comes first: a directory or outbox that fails is logged and the filing answered all the same, and one
 * that is slow holds the answer at most NEW_CASE_NOTICE_WAIT_MS (the notices carry on behind it).
 */

/** The longest a filing's answer waits for its team's notices (the directory asks the identity provider per member). */
export const NEW_CASE_NOTICE_WAIT_MS = 2_000;

/**
 * At most this many notices of one kind per hour and process: the filing forms are public, and a flood of filings must
 * not become a flood in the team's mailboxes. Past it the cases still show on "Hoy", in the inbox and the digest, and
 * the next notice says how many arrived without one.
 */
export const NEW_CASE_NOTICES_PER_HOUR = 12;
const HOUR_MS = 3_600_000;

export type NewCaseContext = Pick<ApiContext, 'mailer' | 'staff' | 'settings'>;
export type NewCaseLog = { warn(obj: object, msg: string): void };

export const newCaseNoticeTexts = {
  greeting: 'Hola:',
  typeLabel: 'Tipo',
  radicadoLabel: 'Radicado',
  filedLabel: 'Radicada el',
  dueLabel: 'Fecha límite de respuesta',
  due: (date: IsoDate, days: number) => `${formatLongDate(date)} (${days} ${days === 1 ? 'día hábil' : 'días hábiles'})`,
  privacy: 'Por privacidad este correo no trae los datos de quien la radicó: los ves en el panel.',
  unnoticed: (n: number) =>
    `Además, ${n === 1 ? 'llegó 1 caso' : `llegaron ${n} casos`} de este tipo sin aviso por correo (se envían como máximo ${NEW_CASE_NOTICES_PER_HOUR} por hora): revísalos en el panel.`,
  optOut: 'Recibes este aviso porque lo tienes activado en "Hoy", en el panel; allí puedes desactivarlo. El resumen diario sigue llegando.',
} as const;

/** The new case as its kind describes it: fixed words, generated numbers and the server's dates only. */
export interface NewCase {
  /** Who is told, and the addresses the kind writes to (the digest's `team`). */
  team: { role: StaffRole; accepts: (address: string) => boolean; label: string };
  /** "Nueva PQRSF 1234… (Petición)". */
  subject: string;
  /** The first paragraph: what arrived and under which law. */
  intro: string;
  /** The type in the kind's words ("Petición", "Acceso a mis datos (consulta)"). */
  type: string;
  radicado: string;
  filedAt: Date;
  dueDate: IsoDate;
  termDays: number;
  /** The button: its label and the case's page in the panel (a path on the site's public origin). */
  action: { label: string; path: string };
}

/** The notice for one member (`unnoticed`: cases of the kind that arrived without a notice since the last one). */
export function newCaseMail(publicOrigin: string, to: string, c: NewCase, unnoticed = 0): OutgoingMail {
  const t = newCaseNoticeTexts;
  return renderMail({
    to,
    subject: c.subject,
    greeting: t.greeting,
    paragraphs: [c.intro, ...(unnoticed ? [t.unnoticed(unnoticed)] : []), t.privacy, t.optOut],
    details: [
      [t.typeLabel, c.type],
      [t.radicadoLabel, c.radicado],
      [t.filedLabel, formatColombianDateTime(c.filedAt)],
      [t.dueLabel, t.due(c.dueDate, c.termDays)],
    ],
    // The panel asks for a sign-in: the link opens nothing by itself.
    action: { label: c.action.label, url: `${publicOrigin}${c.action.path}`, public: true },
  });
}

/** What the notices did: members written to, and those whose notice could not be queued. */
export interface NewCaseOutcome {
  recipients: number;
  failed: number;
}

/**
 * Per process and outbox: each kind's notices of the last hour and the cases since left without one. A capped case
 * returns before the team is read, so the directory (which asks the identity provider once per member) is read at most
 * NEW_CASE_NOTICES_PER_HOUR times an hour per kind, however many filings arrive.
 */
const kinds = new WeakMap<object, Map<string, { sent: number[]; unnoticed: number }>>();

function kindState(ctx: NewCaseContext, label: string) {
  let byKind = kinds.get(ctx.mailer);
  if (!byKind) kinds.set(ctx.mailer, (byKind = new Map()));
  let state = byKind.get(label);
  if (!state) byKind.set(label, (state = { sent: [], unnoticed: 0 }));
  return state;
}

async function tellAll(ctx: NewCaseContext, c: NewCase, log: NewCaseLog | undefined, now: () => number): Promise<NewCaseOutcome> {
  const outcome: NewCaseOutcome = { recipients: 0, failed: 0 };
  const state = kindState(ctx, c.team.label);
  const at = now();
  state.sent = state.sent.filter((t) => at - t < HOUR_MS);
  if (state.sent.length >= (ctx.settings.newCaseNoticesPerHour ?? NEW_CASE_NOTICES_PER_HOUR)) {
    state.unnoticed += 1;
    return outcome;
  }
  state.sent.push(at);
  const unnoticed = state.unnoticed;
  state.unnoticed = 0;
  const members = (await staffToTellOfNewCases(ctx.staff, c.team.role)).filter((m) => c.team.accepts(m.email));
  for (const m of members) {
    try {
      await ctx.mailer.send(newCaseMail(ctx.settings.publicOrigin, m.email, c, unnoticed));
      outcome.recipients += 1;
    } catch (err) {
      // One member's notice lost is no reason to lose the others'; the log names the kind, never the case or address.
      outcome.failed += 1;
      log?.warn({ notice: c.team.label, err: String(err) }, 'new case notice not queued');
    }
  }
  return outcome;
}

/**
 * Tells the kind's team of a case just filed, after it is stored. Never rejects, and resolves within
 * NEW_CASE_NOTICE_WAIT_MS whatever the directory or the outbox do: `'late'` when it stopped waiting (the notices go on).
 */
export async function tellRoleOfNewCase(
  ctx: NewCaseContext,
  c: NewCase,
  log?: NewCaseLog,
  waitMs: number = NEW_CASE_NOTICE_WAIT_MS,
  now: () => number = Date.now,
): Promise<NewCaseOutcome | 'late' | 'failed'> {
  const sending = tellAll(ctx, c, log, now).catch((err: unknown) => {
    log?.warn({ notice: c.team.label, err: String(err) }, 'new case notices failed');
    return 'failed' as const;
  });
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<'late'>((resolve) => {
    timer = setTimeout(() => resolve('late'), waitMs);
  });
  try {
    return await Promise.race([sending, late]);
  } finally {
    clearTimeout(timer);
  }
}
