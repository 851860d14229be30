import nodemailer, { type Transporter } from 'nodemailer';
import { sql, type ColumnType } from 'kysely';
import type { SiteDb } from './database';
import type { DomainMigrations } from './db';
import { site } from '../foundation/site';

/** A message the site sends (receipts, acknowledgements, codes). */
export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  html: string;
  /**
   * Extra header fields (e.g. RFC 8058's List-Unsubscribe and List-Unsubscribe-Post). Names are letters, digits and
   * dashes; values one line; anything else is dropped when queued. Kept in the outbox and passed to the transport.
   */
  headers?: Record<string, string>;
  /**
   * What in this message opens something — a link with a token, a code, a temporary password. The stored copy keeps
   * them only while the message waits for delivery (retries need them); once an SMTP server accepted it, or delivery
   * was given up, each is replaced in the subject, bodies and headers by `REDACTED_LINK` / `REDACTED_SECRET`.
   * `renderMail` fills it (its action's URL unless marked public, and details or values marked secret); a sender that
   * adds more to a message (a header with a token) adds those values too. The local mailbox keeps them readable.
   */
  secrets?: string[];
  /**
   * Files sent with the message (a transferred PQRSF's PDF). Kept in the outbox as base64 while the message waits, so
   * a retry sends the same bytes, and dropped from the stored copy once an SMTP server accepted it (or delivery was
   * given up), like the secrets; the local mailbox keeps them. Names are one line, types `type/subtype`; a malformed
   * one is dropped when queued.
   */
  attachments?: MailAttachment[];
}

/** A file attached to a message: its name as the recipient sees it, its MIME type and its bytes (base64 when stored). */
export interface MailAttachment {
  filename: string;
  contentType: string;
  /** The bytes, or their base64 (as the outbox keeps them and the local mailbox lists them). */
  content: Uint8Array | string;
}

/** An attachment as the outbox keeps it and the local mailbox lists it: the bytes as base64. */
export interface StoredAttachment {
  filename: string;
  contentType: string;
  content: string;
}

export interface MailboxEntry extends Omit<OutgoingMail, 'secrets' | 'attachments'> {
  attachments?: StoredAttachment[];
  id: number;
  date: string;
  status: 'pending' | 'sending' | 'sent' | 'failed';
}

export const mailMigrations: DomainMigrations = {
  schema: 'mail',
  migrations: {
    '001_outbox': {
      async up(db) {
        await db.schema
          .withSchema('mail')
          .createTable('outbox')
          .addColumn('id', 'serial', (c) => c.primaryKey())
          .addColumn('to_address', 'text', (c) => c.notNull())
          .addColumn('subject', 'text', (c) => c.notNull())
          .addColumn('text_body', 'text', (c) => c.notNull())
          .addColumn('html_body', 'text', (c) => c.notNull())
          .addColumn('status', 'text', (c) => c.notNull().defaultTo('pending'))
          .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
          .addColumn('last_error', 'text')
          .addColumn('next_attempt_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
          .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
          .addColumn('sent_at', 'timestamptz')
          .execute();
        await db.schema.withSchema('mail').createIndex('outbox_pending').on('outbox').columns(['status', 'next_attempt_at']).execute();
      },
    },
    '002_headers': {
      // Extra header fields of a message as a JSON object (newsletter List-Unsubscribe, #15); null for none.
      async up(db) {
        await db.schema.withSchema('mail').alterTable('outbox').addColumn('headers', 'text').execute();
      },
    },
    '003_secrets': {
      // The message's secrets as a JSON array while it waits for delivery; null once they were redacted (or none).
      async up(db) {
        await db.schema.withSchema('mail').alterTable('outbox').addColumn('secrets', 'text').execute();
      },
    },
    '004_attachments': {
      // The message's files as a JSON array of {filename, contentType, content (base64)} (#32: a transferred PQRSF's
      // PDF); null for none. Kept after delivery like the bodies, until the sent-mail retention deletes the row.
      async up(db) {
        await db.schema.withSchema('mail').alterTable('outbox').addColumn('attachments', 'text').execute();
      },
    },
  },
};

interface OutboxRow {
  id: number;
  to_address: string;
  subject: string;
  text_body: string;
  html_body: string;
  headers: string | null;
  secrets: string | null;
  attachments: string | null;
  attempts: number;
}

declare module './database' {
  interface OutboxTable {
    /** JSON object of extra header fields (migration 002); null for none. */
    headers: ColumnType<string | null, string | null | undefined, string | null>;
    /** JSON array of the values to redact once delivered (migration 003); null for none or already redacted. */
    secrets: ColumnType<string | null, string | null | undefined, string | null>;
    /** JSON array of the message's files, their bytes as base64 (migration 004); null for none. */
    attachments: ColumnType<string | null, string | null | undefined, string | null>;
  }
}

/** What replaces a link, and any other secret (a code, a password), in the stored copy of a delivered message. */
export const REDACTED_LINK = '[enlace retirado después del envío]';
export const REDACTED_SECRET = '[dato retirado después del envío]';

/** HTML text escaping (the template's, and how a secret appears in the HTML body). */
export const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

/** A message's secrets worth looking for: distinct, and long enough that replacing them cannot garble other text. */
function secretsOf(mail: Pick<OutgoingMail, 'secrets'>): string[] {
  const kept = new Set((mail.secrets ?? []).filter((s) => typeof s === 'string' && s.trim().length >= 4));
  // Longest first: a link is replaced whole before the token inside it.
  return [...kept].sort((a, b) => b.length - a.length);
}

/** `text` with every secret replaced (as written, HTML-escaped or URL-encoded) by its placeholder. */
export function redactSecrets(text: string, secrets: readonly string[]): string {
  let out = text;
  for (const secret of secrets) {
    const placeholder = /^[a-z][a-z0-9+.-]*:\/\//i.test(secret) ? REDACTED_LINK : REDACTED_SECRET;
    for (const form of new Set([secret, escapeHtml(secret), encodeURIComponent(secret)])) out = out.split(form).join(placeholder);
  }
  return out;
}

function parseSecrets(text: string | null): string[] {
  if (!text) return [];
  try {
    const value: unknown = JSON.parse(text);
    return Array.isArray(value) ? secretsOf({ secrets: value.filter((v): v is string => typeof v === 'string') }) : [];
  } catch {
    return [];
  }
}

const HEADER_NAME = /^[A-Za-z][A-Za-z0-9-]{0,60}$/;
// Header names the transport sets itself: a caller never overrides them.
const RESERVED = new Set(['from', 'to', 'cc', 'bcc', 'subject', 'sender', 'reply-to', 'content-type', 'mime-version']);

/** The header fields that may be sent: well-formed names, one-line values (no CR/LF: no header injection). */
export function cleanHeaders(headers: Record<string, string> | undefined): Record<string, string> | null {
  if (!headers) return null;
  const kept: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (!HEADER_NAME.test(name) || RESERVED.has(name.toLowerCase())) continue;
    if (typeof value !== 'string' || /[\r\n\0]/.test(value) || value.length > 2000) continue;
    kept[name] = value;
  }
  return Object.keys(kept).length ? kept : null;
}

function parseHeaders(text: string | null): Record<string, string> | undefined {
  if (!text) return undefined;
  try {
    const value: unknown = JSON.parse(text);
    return cleanHeaders(value as Record<string, string>) ?? undefined;
  } catch {
    return undefined;
  }
}

const ATTACHMENT_NAME = /^[^\p{Cc}/\\]{1,120}$/u;
const CONTENT_TYPE = /^[a-z0-9][a-z0-9!#$&^_.+-]{0,63}\/[a-z0-9][a-z0-9!#$&^_.+-]{0,63}$/i;
const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

const base64Of = (content: Uint8Array | string) => (typeof content === 'string' ? content : Buffer.from(content).toString('base64'));

/** The attachments that may be sent: a one-line name without a path, a `type/subtype`, base64 bytes. */
export function cleanAttachments(attachments: readonly MailAttachment[] | undefined): StoredAttachment[] | null {
  const kept: StoredAttachment[] = [];
  for (const a of attachments ?? []) {
    if (typeof a?.filename !== 'string' || !ATTACHMENT_NAME.test(a.filename)) continue;
    if (typeof a.contentType !== 'string' || !CONTENT_TYPE.test(a.contentType)) continue;
    const content = base64Of(a.content);
    if (!content || !BASE64.test(content)) continue;
    kept.push({ filename: a.filename, contentType: a.contentType.toLowerCase(), content });
  }
  return kept.length ? kept : null;
}

function parseAttachments(text: string | null): StoredAttachment[] | undefined {
  if (!text) return undefined;
  try {
    const value: unknown = JSON.parse(text);
    return Array.isArray(value) ? (cleanAttachments(value as StoredAttachment[]) ?? undefined) : undefined;
  } catch {
    return undefined;
  }
}

/** The outbox row of a message (its extra headers cleaned, its secrets listed for redaction after delivery). */
export function outboxValues(mail: OutgoingMail) {
  const headers = cleanHeaders(mail.headers);
  const secrets = secretsOf(mail);
  const attachments = cleanAttachments(mail.attachments);
  return {
    to_address: mail.to,
    subject: mail.subject,
    text_body: mail.text,
    html_body: mail.html,
    headers: headers ? JSON.stringify(headers) : null,
    secrets: secrets.length ? JSON.stringify(secrets) : null,
    ...(attachments ? { attachments: JSON.stringify(attachments) } : {}),
  };
}

/**
 * The columns that replace a delivered (or given-up) message's copy: every secret redacted, and the list dropped. Null
 * when the row has nothing to redact.
 */
function redactedRow(row: OutboxRow) {
  const secrets = parseSecrets(row.secrets);
  if (!secrets.length) return row.secrets === null ? null : { secrets: null };
  const headers = parseHeaders(row.headers);
  const redactedHeaders = headers
    ? Object.fromEntries(Object.entries(headers).map(([name, value]) => [name, redactSecrets(value, secrets)]))
    : null;
  return {
    subject: redactSecrets(row.subject, secrets),
    text_body: redactSecrets(row.text_body, secrets),
    html_body: redactSecrets(row.html_body, secrets),
    headers: redactedHeaders ? JSON.stringify(redactedHeaders) : null,
    secrets: null,
  };
}

/**
 * Queues messages in the caller's transaction (so they exist exactly when the caller's rows do); call `mailer.flush()`
 * after the commit. The mailer's `send` is the usual way: this is for batches that must not lose or repeat a message.
 */
export async function queueMails(db: SiteDb, mails: OutgoingMail[]): Promise<void> {
  if (mails.length === 0) return;
  await db.insertInto('mail.outbox').values(mails.map(outboxValues)).execute();
}

export interface MailerOptions {
  db: SiteDb;
  /**
   * SMTP connection URL (smtp[s]://user:pass@host:port); without it messages stay in the local mailbox, whose copies
   * keep their links and codes (development and browser tests read them there). With it, or with `transport`, a
   * delivered message's stored copy has its secrets redacted.
   */
  smtpUrl?: string | undefined;
  /** A ready transport (tests); overrides smtpUrl. */
  transport?: Transporter;
  from?: string;
  maxAttempts?: number;
  /** Base delay of the exponential retry backoff. */
  retryBaseMs?: number;
  log?: { warn(obj: object, msg: string): void };
}

export interface Mailer {
  /** Queues a message; never throws to the caller and never waits for delivery. */
  send(mail: OutgoingMail): Promise<void>;
  /** Delivers what is due now (also runs on its own after each send and on a timer). */
  flush(): Promise<void>;
  /** Messages the site has sent, newest first (local mailbox for development and tests). */
  list(limit?: number): Promise<MailboxEntry[]>;
  readonly local: boolean;
  close(): void;
}

/** Creates the site's mailer: an outbox table in the database, delivered by SMTP or kept as a local mailbox. */
export function createMailer(options: MailerOptions): Mailer {
  const { db } = options;
  const local = !options.smtpUrl && !options.transport;
  const transport: Transporter =
    options.transport ?? (local ? nodemailer.createTransport({ jsonTransport: true }) : nodemailer.createTransport(options.smtpUrl));
  // The sender is the foundation's published name and mailbox at the time of sending (#28: staff may change them), as
  // an address object: nodemailer quotes the name, so a name with quotes or commas stays one display name.
  const from = () => options.from ?? { name: site.name, address: site.contact.email };
  const maxAttempts = options.maxAttempts ?? 8;
  const retryBaseMs = options.retryBaseMs ?? 30_000;
  let running: Promise<void> | null = null;
  let again = false;

  /**
   * Claims due messages in one statement (skipping rows another process holds), with a lease: a service that
   * dies mid-send leaves them 'sending' until the lease ends, then any service retries them. Several services
   * share one outbox, so a message is never sent twice at once.
   */
  async function claimDue() {
    const result = await sql<OutboxRow>`
      update mail.outbox set status = 'sending', next_attempt_at = now() + interval '5 minutes'
      where id in (
        select id from mail.outbox
        where status in ('pending', 'sending') and next_attempt_at <= now()
        order by id limit 20
        for update skip locked
      )
      returning *`.execute(db);
    return result.rows.sort((a, b) => a.id - b.id);
  }

  /**
   * Redaction of a delivered or given-up message: its secrets, and its files' bytes (personal data, like a transferred
   * petition's PDF, that nobody needs once sent: the sender's own records name the file). The local mailbox keeps its
   * copies as they were sent.
   */
  const redactionOf = (row: OutboxRow) => (local ? null : { ...redactedRow(row), ...(row.attachments ? { attachments: null } : {}) });

  async function deliverDue(): Promise<void> {
    const due = await claimDue();
    for (const row of due) {
      const secrets = parseSecrets(row.secrets);
      const attachments = parseAttachments(row.attachments);
      try {
        // An address object, never a string the transport would parse for display names or several recipients.
        await transport.sendMail({
          from: from(),
          to: { name: '', address: row.to_address },
          subject: row.subject,
          text: row.text_body,
          html: row.html_body,
          ...(parseHeaders(row.headers) ? { headers: parseHeaders(row.headers) } : {}),
          // The stored bytes on every attempt: a retry sends the same files.
          ...(attachments
            ? {
                attachments: attachments.map((a) => ({
                  filename: a.filename,
                  contentType: a.contentType,
                  content: a.content,
                  encoding: 'base64',
                })),
              }
            : {}),
        });
        // The SMTP server has it: the stored copy no longer needs what opens something.
        await db
          .updateTable('mail.outbox')
          .set({ status: 'sent', sent_at: new Date(), attempts: row.attempts + 1, ...redactionOf(row) })
          .where('id', '=', row.id)
          .execute();
      } catch (err) {
        const attempts = row.attempts + 1;
        const failed = attempts >= maxAttempts;
        // The log names the row, never the address, the text or the error (an SMTP reply may quote the message).
        options.log?.warn({ mailId: row.id, attempts }, failed ? 'mail delivery gave up' : 'mail delivery failed, will retry');
        await db
          .updateTable('mail.outbox')
          .set({
            attempts,
            status: failed ? 'failed' : 'pending',
            last_error: redactSecrets(String((err as Error).message ?? err), secrets).slice(0, 500),
            next_attempt_at: new Date(Date.now() + retryBaseMs * 2 ** (attempts - 1)),
            // Given up: nobody will send it again, so nothing in it needs to keep working.
            ...(failed ? redactionOf(row) : {}),
          })
          .where('id', '=', row.id)
          .execute();
      }
    }
  }

  function flush(): Promise<void> {
    if (running) {
      again = true;
      return running;
    }
    running = (async () => {
      do {
        again = false;
        try {
          await deliverDue();
        } catch (err) {
          options.log?.warn({ err: String(err) }, 'mail outbox unavailable');
        }
      } while (again);
    })().finally(() => (running = null));
    return running;
  }

  const timer = setInterval(() => void flush(), Math.min(retryBaseMs, 15_000));
  timer.unref();

  return {
    local,
    async send(mail) {
      try {
        await db.insertInto('mail.outbox').values(outboxValues(mail)).execute();
        setImmediate(() => void flush());
      } catch (err) {
        options.log?.warn({ err: redactSecrets(String(err), secretsOf(mail)) }, 'could not queue mail');
      }
    },
    flush,
    async list(limit = 50) {
      const rows = await db.selectFrom('mail.outbox').selectAll().orderBy('id', 'desc').limit(limit).execute();
      return rows.map((r) => ({
        id: r.id,
        to: r.to_address,
        subject: r.subject,
        text: r.text_body,
        html: r.html_body,
        ...(parseHeaders(r.headers) ? { headers: parseHeaders(r.headers) } : {}),
        ...(parseAttachments(r.attachments) ? { attachments: parseAttachments(r.attachments) } : {}),
        status: r.status,
        date: new Date(r.created_at).toISOString(),
      }));
    },
    close() {
      clearInterval(timer);
    },
  };
}
