import { sql } from 'kysely';
import { colombianDate } from 'shared/format/business-days';
import { formatColombianDateTime, formatLongDate } from 'shared/format/dates';
import type { WorkshopSlug } from '../schemas';
import { addressKey } from 'shared/server/address-keys';
import type { ApiContext } from 'shared/server/api-contract';
import type { SiteDb } from 'shared/server/database';
import { outboxValues, type Mailer, type OutgoingMail } from 'shared/server/mailer';
import { renderMail, type MailContent } from 'shared/server/mail-template';
import { acknowledgementTexts as texts } from './texts';

/**
 * Acknowledgements of the community forms. The address was typed by whoever filed the form and nobody verified it,
 * so an acknowledgement carries fixed text, the record number and server-computed dates only (never a submitted
 * name, company, comment or link), and one address receives at most `limit` of them per Bogotá calendar day across
 * every form. Over the limit the e-mail is skipped; the caller has already stored the record and answers as usual.
 */

/** What was filed; each kind selects its fixed subject and paragraphs in `texts.ts`. */
export type Acknowledgement =
  | { kind: 'volunteer' | 'ally' | 'software'; to: string; number: string; date: Date }
  // The workshop comes from the route, never from the body: it only picks one of our two fixed subjects.
  | { kind: 'inquiry'; workshop: WorkshopSlug; to: string; number: string; date: Date }
  | { kind: 'pqrsf'; to: string; number: string; date: Date; due: { date: string; businessDays: number } }
  | { kind: 'newsletter'; to: string; date: Date };

export type AcknowledgementKind = Acknowledgement['kind'];

export type AcknowledgementOutcome = 'queued' | 'over_limit' | 'not_plain_address' | 'failed';

export interface AcknowledgementLog {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
}

export interface AcknowledgerOptions {
  db: SiteDb;
  mailer: Mailer;
  /** Site origin without trailing slash: the one link an acknowledgement may carry is to our own lookup page. */
  publicOrigin: string;
  /** Acknowledgements per address per Bogotá calendar day, all forms together; 0 sends none. */
  perAddressPerDay: number;
  /** The clock (tests move it to another day). */
  now?: () => Date;
}

export type Acknowledge = (ack: Acknowledgement, log: AcknowledgementLog) => Promise<AcknowledgementOutcome>;

/** What the community routes receive: the site's context plus the one way to e-mail an address a visitor typed. */
export interface CommunityContext extends ApiContext {
  acknowledge: Acknowledge;
}

/** Default of ACKNOWLEDGEMENTS_PER_ADDRESS_PER_DAY: enough for a person who files a volunteer form and a PQRSF and subscribes. */
export const DEFAULT_ACKNOWLEDGEMENTS_PER_ADDRESS_PER_DAY = 3;

/** The per-address daily limit from the environment: a whole number ≥ 0 (0 turns acknowledgements off), else the default. */
export function readAcknowledgementLimit(env: NodeJS.ProcessEnv): number {
  const raw = env.ACKNOWLEDGEMENTS_PER_ADDRESS_PER_DAY?.trim();
  return raw && /^\d{1,6}$/.test(raw) ? Number(raw) : DEFAULT_ACKNOWLEDGEMENTS_PER_ADDRESS_PER_DAY;
}

// One bare addr-spec. The forms' e-mail check lets through `Banco_XYZ<victim@x.co>` or `a,victim@x.co`, which the
// mailer reads as a display name of the attacker's choosing, or as a list, and which would each count as a new address.
const plainChar = String.raw`[^\s@<>()[\]\\,;:"\p{Cc}]`;
const PLAIN_ADDRESS = new RegExp(`^${plainChar}+@${plainChar}+\\.${plainChar}+$`, 'u');

// The counter's key: a hash of the lower-cased address without its `+tag`, so the table never holds an address. It is
// not a secret: rows are kept only for the current day. Defined in shared/ so the personal-data engine finds them too.
export { addressKey };

const RECORD_NUMBER = /^\d{1,20}$/;

/** The lookup page with the radicado filled in (the page reads `radicado`; `#radicado` scrolls to its form). */
export const pqrsfLookupLink = (publicOrigin: string, radicado: string) =>
  `${publicOrigin}/consultar-solicitud?radicado=${encodeURIComponent(radicado)}#radicado`;
const CALENDAR_DATE = /^\d{4}-\d{2}-\d{2}$/;

function content(ack: Acknowledgement, publicOrigin: string): MailContent {
  // Numbers and dates are the only values that vary; refuse anything else so a later caller cannot slip text in.
  if ('number' in ack && !RECORD_NUMBER.test(ack.number)) throw new TypeError('acknowledgement number must be digits');
  const kind = texts[ack.kind];
  const details: Array<[string, string]> = [];
  if ('number' in ack && kind.numberLabel) details.push([kind.numberLabel, ack.number]);
  details.push([kind.dateLabel, formatColombianDateTime(ack.date)]);
  const paragraphs: string[] = [...kind.paragraphs];
  const mail: MailContent = { to: ack.to, subject: kind.subject, greeting: texts.greeting, paragraphs, details };
  if (ack.kind === 'inquiry') mail.subject = texts.inquiry.subjects[ack.workshop];
  if (ack.kind === 'pqrsf') {
    const { date, businessDays } = ack.due;
    if (!CALENDAR_DATE.test(date) || !Number.isInteger(businessDays)) throw new TypeError('acknowledgement due date must be computed');
    // The radicado in the subject lets the requester find the message again; it is digits we generated.
    mail.subject = `${texts.pqrsf.subject} ${ack.number}`;
    paragraphs.push(texts.pqrsf.term(businessDays));
    details.push([texts.pqrsf.dueDateLabel, formatLongDate(date)]);
    // Our own fixed page with the radicado we generated (digits, checked above) written in; no submitted value, and
    // never the document: the page still asks for it, so the link alone shows nothing of the request.
    mail.action = { label: texts.pqrsf.lookupAction, url: pqrsfLookupLink(publicOrigin, ack.number), public: true };
  }
  paragraphs.push(texts.notYou);
  return mail;
}

/** The one way the community API e-mails an address a visitor typed. */
export function createAcknowledger(options: AcknowledgerOptions): Acknowledge {
  const { db, mailer, publicOrigin, perAddressPerDay: limit } = options;
  const now = options.now ?? (() => new Date());

  /**
   * The Bogotá day this process last dropped the counter's earlier days for. The counter only ever needs today, and
   * rows of an earlier day appear only until a day's first slot, so one purge per day per process is enough. Purging
   * at every address's first slot (as before #33's second cut) read the whole table each time: at a crowd of new
   * addresses every slot is an address's first, and the planner seq-scanned a table that had grown within seconds.
   */
  let purgedDay: string | null = null;

  /**
   * Takes one of today's slots for the address and queues the message with it, or reports none left. One statement:
   * under concurrent requests and several instances the database serialises the row, so no two requests both see the
   * last free slot; and the slot, the queued message and — at this process's first acknowledgement of the day — the
   * purge of earlier days are one round trip and one commit (#33: the write path's cost was mostly socket writes, one
   * per statement). The message exists exactly when its slot was taken.
   */
  async function takeSlotAndQueue(key: string, mail: OutgoingMail): Promise<boolean> {
    const day = colombianDate(now());
    const m = outboxValues(mail);
    // Concurrent first requests of a day may each purge; that is harmless. A failed statement leaves it for the next.
    const purge = purgedDay !== day;
    const purged = purge ? sql`, purged as (delete from community.acknowledgement_counts where day < ${day})` : sql``;
    const taken = await sql<{ sent: number }>`
      with slot as (
        insert into community.acknowledgement_counts as c (day, address_hash, sent) values (${day}, ${key}, 1)
        on conflict (day, address_hash) do update set sent = c.sent + 1 where c.sent < ${limit}
        returning sent
      )${purged},
      queued as (
        insert into mail.outbox (to_address, subject, text_body, html_body, headers, secrets)
        select ${m.to_address}, ${m.subject}, ${m.text_body}, ${m.html_body}, ${m.headers}, ${m.secrets} from slot
      )
      select sent from slot`.execute(db);
    if (purge) purgedDay = day;
    return taken.rows[0]?.sent !== undefined;
  }

  return async (ack, log) => {
    const mail = content(ack, publicOrigin);
    // Log lines name the form, never the address or the record (staff find the record by its form and time).
    if (!PLAIN_ADDRESS.test(ack.to)) {
      log.info({ acknowledgement: ack.kind }, 'acknowledgement skipped: not a plain e-mail address');
      return 'not_plain_address';
    }
    try {
      if (limit <= 0 || !(await takeSlotAndQueue(addressKey(ack.to), renderMail(mail)))) {
        log.info({ acknowledgement: ack.kind, perAddressPerDay: limit }, 'acknowledgement skipped: daily limit for the address reached');
        return 'over_limit';
      }
    } catch (err) {
      // Without the counter we cannot tell a flood from a first message: skip rather than risk mailing a victim.
      log.warn({ acknowledgement: ack.kind, err: String(err) }, 'acknowledgement skipped: counter unavailable');
      return 'failed';
    }
    // Queued in the slot's statement; the mailer delivers it now (and on its timer).
    void mailer.flush();
    return 'queued';
  };
}
