import nodemailer, { type Transporter } from 'nodemailer';
import { sql, type ColumnType } from 'kysely';
import type { SiteDb } from './database';
import type { DomainMigrations } from './db';
import { site } from '../config/site';

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
}

export interface MailboxEntry extends OutgoingMail {
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
  },
};

interface OutboxRow {
  id: number;
  to_address: string;
  subject: string;
  text_body: string;
  html_body: string;
  headers: string | null;
  attempts: number;
}

declare module './database' {
  interface OutboxTable {
    /** JSON object of extra header fields (migration 002); null for none. */
    headers: ColumnType<string | null, string | null | undefined, string | null>;
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

/** The outbox row of a message (its extra headers cleaned). */
export function outboxValues(mail: OutgoingMail) {
  const headers = cleanHeaders(mail.headers);
  return {
    to_address: mail.to,
    subject: mail.subject,
    text_body: mail.text,
    html_body: mail.html,
    headers: headers ? JSON.stringify(headers) : null,
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
  /** SMTP connection URL (smtp[s]://user:pass@host:port); without it messages stay in the local mailbox. */
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
  const from = options.from ?? `"${site.name}" <${site.contact.email}>`;
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

  async function deliverDue(): Promise<void> {
    const due = await claimDue();
    for (const row of due) {
      try {
        // An address object, never a string the transport would parse for display names or several recipients.
        await transport.sendMail({
          from,
          to: { name: '', address: row.to_address },
          subject: row.subject,
          text: row.text_body,
          html: row.html_body,
          ...(parseHeaders(row.headers) ? { headers: parseHeaders(row.headers) } : {}),
        });
        await db
          .updateTable('mail.outbox')
          .set({ status: 'sent', sent_at: new Date(), attempts: row.attempts + 1 })
          .where('id', '=', row.id)
          .execute();
      } catch (err) {
        const attempts = row.attempts + 1;
        const failed = attempts >= maxAttempts;
        options.log?.warn({ mailId: row.id, attempts }, failed ? 'mail delivery gave up' : 'mail delivery failed, will retry');
        await db
          .updateTable('mail.outbox')
          .set({
            attempts,
            status: failed ? 'failed' : 'pending',
            last_error: String((err as Error).message ?? err).slice(0, 500),
            next_attempt_at: new Date(Date.now() + retryBaseMs * 2 ** (attempts - 1)),
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
        options.log?.warn({ err: String(err) }, 'could not queue mail');
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
        status: r.status,
        date: new Date(r.created_at).toISOString(),
      }));
    },
    close() {
      clearInterval(timer);
    },
  };
}
