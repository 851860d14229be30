// The invoicing outbox (#30): nothing lost, nothing doubled. Every approved sale gets one row (kind, enrolment) — from
// the payment's first approval, and from a sweep that finds any approved sale without one — and every reversed sale
// with an invoice one credit-note row. Rows are issued one at a time per row (claimed with SKIP LOCKED, so concurrent
// webhooks, reconciliation and several servers never send the same row twice), under the row's own reference code, which
// the provider keeps unique: an attempt whose answer was lost is settled by asking the provider for that reference first.
// An outage or a slow DIAN reschedules with backoff; a rejection waits for the staff with DIAN's reasons in Spanish.
import { createHash, randomBytes } from 'node:crypto';
import { setTimeout as delay } from 'node:timers/promises';
import { sql, type Selectable } from 'kysely';
import type { ApiContext } from 'shared/server/api-contract';
import type { Database, SiteDb } from 'shared/server/database';
import { resolutionState, type InvoicingConfig, type ResolutionState } from './config';
import {
  billRequest,
  buyerOf,
  creditNoteReferenceCode,
  creditNoteRequest,
  invoiceReferenceCode,
  linesOf,
  type DocumentRow,
} from './documents';
import { InvoicingConflict, InvoicingRejected, isRejection, type InvoicingClient, type IssuedDocument } from './factus';
import { invoiceIssuedMail } from './mails';
import type { InvoiceBuyer, InvoiceLine } from '../schemas';

export type InvoiceRow = Selectable<Database['courses.invoices']>;

/** What the outbox works with: the site's context, the provider's client and the settings. */
export interface Invoicing {
  config: InvoicingConfig;
  client: InvoicingClient;
  /** Retries back off from this (doubling per attempt, up to an hour): INVOICING_RETRY_BASE_MS. */
  retryBaseMs: number;
  /** How long the sale's receipt waits for its invoice before it goes without (INVOICING_RECEIPT_WAIT_MS). */
  receiptWaitMs: number;
  /** Starts a round now (set by the schedule): a new sale or reversal need not wait for the next one. */
  nudge?: () => void;
  now?: () => Date;
  log?: (message: string, detail: Record<string, unknown>) => void;
}

/** How long an attempt owns its row: past it, a process that died mid-attempt leaves the row to another. */
const CLAIM_MS = 2 * 60_000;
const MAX_BACKOFF_MS = 60 * 60_000;

/** The invoicing of each database's site (set when the courses API registers; tests and payments find it here). */
const registry = new WeakMap<SiteDb, { invoicing: Invoicing; ctx: ApiContext }>();
export function registerInvoicing(ctx: ApiContext, invoicing: Invoicing): void {
  registry.set(ctx.db, { invoicing, ctx });
}
export const invoicingOf = (db: SiteDb) => registry.get(db);

const nowOf = (inv: Invoicing) => (inv.now ?? (() => new Date()))();

/** A row's buyer and lines, read back from JSON (jsonb comes back parsed, a text column would not). */
export function documentOf(row: InvoiceRow): DocumentRow {
  const parse = (v: unknown) => (typeof v === 'string' ? (JSON.parse(v) as unknown) : v);
  // Blanked by the retention job ten years after the sale: the invoice then names nobody here (DIAN keeps its own).
  const named = (parse(row.buyer) ?? { documentType: 'Cédula de ciudadanía', documentNumber: '', name: '' }) as Pick<
    InvoiceBuyer,
    'documentType' | 'documentNumber' | 'name'
  >;
  return {
    reference_code: row.reference_code,
    enrolment_reference: row.enrolment_reference,
    buyer: { ...named, email: row.buyer_email ?? '', phone: row.buyer_phone ?? '' },
    lines: parse(row.lines) as InvoiceLine[],
    payment_method: row.payment_method,
    reason: row.reason,
  };
}

/** A buyer as the row keeps them: name and document (the tax document's), contact apart (an erasure blanks it). */
export function buyerColumns(buyer: InvoiceBuyer) {
  const { email, phone, ...named } = buyer;
  return { buyer: JSON.stringify(named), buyer_email: email || null, buyer_phone: phone || null };
}

/** Puts an approved sale in the outbox (once: a second call, from any path, finds its row). */
export async function enqueueInvoice(db: SiteDb, config: InvoicingConfig, reference: string): Promise<void> {
  const e = await db.selectFrom('courses.enrolments').selectAll().where('reference', '=', reference).executeTakeFirst();
  if (!e || e.payment_status !== 'approved' || e.price <= 0) return;
  await db
    .insertInto('courses.invoices')
    .values({
      kind: 'invoice',
      enrolment_reference: e.reference,
      reference_code: invoiceReferenceCode(e.reference),
      ...buyerColumns(buyerOf(e)),
      lines: JSON.stringify(linesOf(e, config)),
      total: e.price,
      payment_method: e.payment_type ?? '',
    })
    .onConflict((oc) => oc.columns(['kind', 'enrolment_reference']).doNothing())
    .execute();
}

/** Puts a reversed sale's credit note in the outbox, when the sale has an invoice (issued now or later). */
export async function enqueueCreditNote(db: SiteDb, reference: string, reason: string): Promise<void> {
  await sql`
    insert into courses.invoices (kind, enrolment_reference, reference_code, invoice_id, buyer, buyer_email, buyer_phone, lines, total,
                                  payment_method, reason)
    select 'credit_note', i.enrolment_reference, ${creditNoteReferenceCode(reference)}, i.id, i.buyer, i.buyer_email, i.buyer_phone,
           i.lines, i.total, i.payment_method, ${reason}
      from courses.invoices i
     where i.kind = 'invoice' and i.enrolment_reference = ${reference}
    on conflict (kind, enrolment_reference) do nothing`.execute(db);
}

/** Reversed payments as a credit note names them. */
const reversalReason: Record<string, string> = {
  refunded: 'Anulación por devolución del pago del curso',
  charged_back: 'Anulación por contracargo del pago del curso',
};
export const creditNoteReason = (status: string) => reversalReason[status] ?? 'Anulación de la venta del curso';

/**
 * Finds what a lost step left behind: approved sales since invoicing began without an invoice, and reversed sales with
 * an invoice but no credit note. Cheap (both use the outbox's unique key), run with every round of the outbox.
 */
export async function sweep(db: SiteDb, config: InvoicingConfig): Promise<number> {
  const missing = await sql<{ reference: string }>`
    select e.reference from courses.enrolments e
     where e.payment_status = 'approved' and e.price > 0
       and coalesce(e.date_approved, e.payment_date, e.updated_at) >= (select since from courses.invoicing_since where id = 1)
       and not exists (select 1 from courses.invoices i where i.kind = 'invoice' and i.enrolment_reference = e.reference)
     order by e.id limit 100`.execute(db);
  for (const { reference } of missing.rows) await enqueueInvoice(db, config, reference);
  const reversed = await sql<{ reference: string; status: string }>`
    select e.reference, e.payment_status as status from courses.enrolments e
      join courses.invoices i on i.kind = 'invoice' and i.enrolment_reference = e.reference
     where e.payment_status in ('refunded', 'charged_back')
       and not exists (select 1 from courses.invoices n where n.kind = 'credit_note' and n.enrolment_reference = e.reference)
     limit 100`.execute(db);
  for (const { reference, status } of reversed.rows) await enqueueCreditNote(db, reference, creditNoteReason(status));
  return missing.rows.length + reversed.rows.length;
}

/**
 * Takes one due row for an attempt (or row `id` if it is due): new, pending and due, or issuing with a lapsed claim; a credit
 * note only once its invoice is issued. SKIP LOCKED: two takers never get the same row.
 */
export async function claimDue(db: SiteDb, now: Date, id?: number): Promise<InvoiceRow | undefined> {
  const result = await sql<InvoiceRow>`
    update courses.invoices set state = 'issuing', claimed_until = ${new Date(now.getTime() + CLAIM_MS)},
           attempts = attempts + 1, updated_at = now()
     where id = (
       select i.id from courses.invoices i
         left join courses.invoices inv on inv.id = i.invoice_id
        where ((i.state = 'pending' and (i.attempts = 0 or i.next_attempt_at <= ${now})) or (i.state = 'issuing' and i.claimed_until < ${now}))
          and (i.kind = 'invoice' or inv.state = 'issued')
          ${id === undefined ? sql`` : sql`and i.id = ${id}`}
        order by i.next_attempt_at, i.id
        limit 1
        for update of i skip locked)
    returning *`.execute(db);
  return result.rows[0];
}

/** The wait before attempt `attempts + 1`: doubling from the base, at most an hour, never before what the provider asked. */
export function backoffMs(inv: Pick<Invoicing, 'retryBaseMs'>, attempts: number, retryAfterMs: number | null = null): number {
  const doubled = Math.min(MAX_BACKOFF_MS, inv.retryBaseMs * 2 ** Math.max(0, attempts - 1));
  return Math.max(doubled, retryAfterMs ?? 0);
}

async function reschedule(db: SiteDb, inv: Invoicing, row: InvoiceRow, error: string, retryAfterMs: number | null = null) {
  const at = new Date(nowOf(inv).getTime() + backoffMs(inv, row.attempts, retryAfterMs));
  inv.log?.('invoice attempt failed; rescheduled', {
    reference: row.reference_code,
    attempts: row.attempts,
    error,
    next: at.toISOString(),
  });
  return db
    .updateTable('courses.invoices')
    .set({ state: 'pending', claimed_until: null, next_attempt_at: at, last_error: error.slice(0, 500), updated_at: sql<Date>`now()` })
    .where('id', '=', row.id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

async function markRejected(db: SiteDb, inv: Invoicing, row: InvoiceRow, reasons: string[]) {
  inv.log?.('invoice rejected', { reference: row.reference_code, reasons });
  return db
    .updateTable('courses.invoices')
    .set({
      state: 'rejected',
      claimed_until: null,
      rejection: JSON.stringify(reasons.length ? reasons : ['El proveedor rechazó el documento sin dar un motivo.']),
      last_error: null,
      updated_at: sql<Date>`now()`,
    })
    .where('id', '=', row.id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

async function markIssued(ctx: ApiContext, inv: Invoicing, row: InvoiceRow, doc: IssuedDocument): Promise<InvoiceRow> {
  const issued = await ctx.db
    .updateTable('courses.invoices')
    .set({
      state: 'issued',
      claimed_until: null,
      number: doc.number,
      provider_id: doc.providerId,
      cufe: doc.cufe,
      qr_url: doc.qrUrl,
      issued_at: doc.validatedAt ?? nowOf(inv),
      rejection: null,
      last_error: null,
      updated_at: sql<Date>`now()`,
    })
    .where('id', '=', row.id)
    .returningAll()
    .executeTakeFirstOrThrow();
  // Its PDF is kept with the site's files as tax support, fetched apart so that the receipt waiting for this invoice does
  // not wait for it too; if the provider cannot hand it over now, the next round or the first download asks again.
  void storePdf(ctx, inv, issued).catch((err: unknown) =>
    inv.log?.('invoice PDF not stored yet', { reference: row.reference_code, error: String(err) }),
  );
  return issued;
}

/** The object-store key of an issued document's PDF. */
const pdfKey = (row: Pick<InvoiceRow, 'kind' | 'number'>) => `facturas/${row.kind === 'invoice' ? 'fv' : 'nc'}-${row.number ?? ''}.pdf`;

async function storePdf(ctx: ApiContext, inv: Invoicing, row: InvoiceRow): Promise<InvoiceRow> {
  if (!row.number) return row;
  const bytes = row.kind === 'invoice' ? await inv.client.billPdf(row.number) : await inv.client.creditNotePdf(row.number);
  const key = pdfKey(row);
  await ctx.objects.put(key, bytes, 'application/pdf', { document: row.number });
  return ctx.db
    .updateTable('courses.invoices')
    .set({ pdf_key: key, updated_at: sql<Date>`now()` })
    .where('id', '=', row.id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** An issued document's PDF: from the site's files, or fetched from the provider and kept. */
export async function invoicePdf(ctx: ApiContext, inv: Invoicing | undefined, row: InvoiceRow): Promise<Uint8Array | null> {
  if (row.state !== 'issued') return null;
  if (row.pdf_key) {
    const stored = await ctx.objects.get(row.pdf_key);
    if (stored) {
      const chunks: Buffer[] = [];
      for await (const chunk of stored.body) chunks.push(Buffer.from(chunk as Uint8Array));
      return Buffer.concat(chunks);
    }
  }
  if (!inv) return null;
  const updated = await storePdf(ctx, inv, row);
  return updated.pdf_key ? invoicePdf(ctx, undefined, updated) : null;
}

/** The provider's answer to the document under this row's reference, if an earlier attempt reached it. */
async function earlierAttempt(inv: Invoicing, row: InvoiceRow): Promise<IssuedDocument | null> {
  return row.kind === 'invoice' ? inv.client.findBill(row.reference_code) : inv.client.findCreditNote(row.reference_code);
}

async function discard(inv: Invoicing, row: InvoiceRow): Promise<void> {
  try {
    if (row.kind === 'invoice') await inv.client.deleteBill(row.reference_code);
    else await inv.client.deleteCreditNote(row.reference_code);
  } catch (err) {
    // The provider keeps a rejected document pending (and takes no other) until it is deleted; the next attempt at any
    // row finds it again through its own reference and deletes it then.
    inv.log?.('rejected document not deleted at the provider', { reference: row.reference_code, error: String(err) });
  }
}

/**
 * One attempt at a claimed row: issued, rejected (for the staff) or rescheduled. `mail: false` leaves the buyer's e-mail
 * to the caller (the receipt carries the invoice) or to the next round.
 */
export async function attempt(ctx: ApiContext, inv: Invoicing, row: InvoiceRow, options: { mail?: boolean } = {}): Promise<InvoiceRow> {
  const doc = documentOf(row);
  const issued = async (answer: IssuedDocument) => {
    const stored = await markIssued(ctx, inv, row, answer);
    return options.mail === false ? stored : afterIssue(ctx, inv, stored);
  };
  try {
    let answer: IssuedDocument | null = null;
    // An earlier attempt may have reached the provider and lost its answer (a timeout, a process that died): ask first.
    if (row.attempts > 1) {
      answer = await earlierAttempt(inv, row);
      if (answer && answer.status !== 1 && answer.errors.some(isRejection)) {
        await discard(inv, row);
        answer = null;
      } else if (answer && answer.status !== 1) answer = null; // DIAN was slow: the same request again settles it.
    }
    if (!answer) {
      if (row.kind === 'invoice') {
        const sale = await ctx.db
          .selectFrom('courses.enrolments')
          .select('payment_id')
          .where('reference', '=', row.enrolment_reference)
          .executeTakeFirst();
        answer = await inv.client.createBill(billRequest(doc, inv.config, sale?.payment_id ?? null));
      } else {
        const invoice = await ctx.db
          .selectFrom('courses.invoices')
          .select('provider_id')
          .where('id', '=', row.invoice_id ?? 0)
          .executeTakeFirst();
        if (!invoice?.provider_id) return await reschedule(ctx.db, inv, row, 'La factura de esta venta aún no está validada.');
        answer = await inv.client.createCreditNote(creditNoteRequest(doc, invoice.provider_id, inv.config));
      }
    }
    if (answer.status === 1) return await issued(answer);
    if (answer.errors.some(isRejection)) {
      await discard(inv, row);
      return await markRejected(ctx.db, inv, row, answer.errors.filter(isRejection));
    }
    return await reschedule(ctx.db, inv, row, 'La DIAN aún no valida el documento; se consultará de nuevo.');
  } catch (err) {
    if (err instanceof InvoicingRejected) {
      await discard(inv, row);
      return markRejected(ctx.db, inv, row, err.reasons);
    }
    if (err instanceof InvoicingConflict) {
      // Already validated under this reference (an answer that never reached us), or another document holds the
      // provider's one pending slot: the first is settled by asking, the second by waiting.
      const found = await earlierAttempt(inv, row).catch(() => null);
      if (found?.status === 1) return issued(found);
      return reschedule(ctx.db, inv, row, err.message);
    }
    const retryAfter = (err as { retryAfterMs?: number | null }).retryAfterMs ?? null;
    return reschedule(ctx.db, inv, row, err instanceof Error ? err.message : String(err), retryAfter);
  }
}

/** Digest of a buyer's link token (the token itself is only in the e-mail). */
export const linkDigest = (token: string) => createHash('sha256').update(token).digest('hex');

/**
 * Takes the right to send an issued document's link, once: a new random token whose digest replaces any earlier one.
 * Null when it was already sent (by the receipt or an earlier round).
 */
export async function takeLink(db: SiteDb, row: InvoiceRow, force = false): Promise<string | null> {
  const token = randomBytes(32).toString('base64url');
  const taken = await db
    .updateTable('courses.invoices')
    .set({ mailed_at: sql<Date>`now()`, link_hash: linkDigest(token) })
    .where('id', '=', row.id)
    .where('state', '=', 'issued')
    .$if(!force, (qb) => qb.where('mailed_at', 'is', null))
    .returning('id')
    .executeTakeFirst();
  return taken ? token : null;
}

/** The buyer's link to a document's PDF. */
export const invoiceLink = (ctx: Pick<ApiContext, 'settings'>, token: string) =>
  `${ctx.settings.publicOrigin}/api/courses/facturas/${token}`;

/**
 * After a document is issued: the buyer hears of it once. An invoice waits for the sale's receipt (which carries it when
 * it was issued in time, see `issueForReceipt`); a credit note is sent at once.
 */
async function afterIssue(ctx: ApiContext, inv: Invoicing, row: InvoiceRow): Promise<InvoiceRow> {
  if (row.mailed_at) return row;
  const sale = await ctx.db
    .selectFrom('courses.enrolments')
    .select(['email', 'course_title', 'module_name', 'receipt_sent_at'])
    .where('reference', '=', row.enrolment_reference)
    .executeTakeFirst();
  if (!sale || (row.kind === 'invoice' && !sale.receipt_sent_at)) return row;
  const token = await takeLink(ctx.db, row);
  if (!token) return row;
  let invoiceNumber: string | null = null;
  if (row.kind === 'credit_note' && row.invoice_id !== null)
    invoiceNumber =
      (await ctx.db.selectFrom('courses.invoices').select('number').where('id', '=', row.invoice_id).executeTakeFirst())?.number ?? null;
  await ctx.mailer.send(invoiceIssuedMail(ctx, sale, row, invoiceLink(ctx, token), invoiceNumber));
  return row;
}

/** Attempts row `id` now if it is due (the staff's "Reenviar"); false when another process holds it. */
export async function attemptNow(ctx: ApiContext, inv: Invoicing, id: number): Promise<boolean> {
  if (await haltedBy(ctx, inv)) return false;
  const row = await claimDue(ctx.db, nowOf(inv), id);
  if (!row) return false;
  await attempt(ctx, inv, row);
  return true;
}

/** Attempts every due row (up to `limit`), one after another; what the schedule and a nudge run. */
export async function runDue(ctx: ApiContext, inv: Invoicing, limit = 20): Promise<number> {
  let done = 0;
  while (done < limit) {
    const row = await claimDue(ctx.db, nowOf(inv));
    if (!row) break;
    await attempt(ctx, inv, row);
    done += 1;
  }
  return done;
}

/** Issued documents still without their e-mail or their kept PDF, oldest first, a round's worth. */
const issuedWithout = (db: SiteDb, column: 'mailed_at' | 'pdf_key') =>
  db.selectFrom('courses.invoices').selectAll().where('state', '=', 'issued').where(column, 'is', null).orderBy('id').limit(20).execute();

/** Issued invoices still owed their e-mail (their sale's receipt went out while they were pending). */
async function mailOwed(ctx: ApiContext, inv: Invoicing): Promise<void> {
  const owed = await issuedWithout(ctx.db, 'mailed_at');
  for (const row of owed) await afterIssue(ctx, inv, row);
}

/** Issued documents whose PDF the provider could not hand over when they were issued: asked for again. */
async function storeMissingPdfs(ctx: ApiContext, inv: Invoicing): Promise<void> {
  const missing = await issuedWithout(ctx.db, 'pdf_key');
  for (const row of missing) {
    try {
      await storePdf(ctx, inv, row);
    } catch (err) {
      inv.log?.('invoice PDF not stored yet', { reference: row.reference_code, error: String(err) });
      return;
    }
  }
}

/** The last invoice number used under the configured resolution (its prefix), or null. */
export async function lastNumberUsed(db: SiteDb, config: Pick<InvoicingConfig, 'resolution'>): Promise<number | null> {
  const { prefix } = config.resolution;
  const row = await sql<{ last: string | null }>`
    select max(substring(number from ${prefix.length + 1}::int)::bigint)::text as last from courses.invoices
     where kind = 'invoice' and number is not null and number like ${`${prefix}%`}
       and substring(number from ${prefix.length + 1}::int) ~ '^[0-9]+$'`.execute(db);
  const last = row.rows[0]?.last;
  return last ? Number(last) : null;
}

/** Where the configured resolution stands now, from the numbers the site used under it. */
export async function resolutionNow(db: SiteDb, config: Pick<InvoicingConfig, 'resolution'>, now: Date): Promise<ResolutionState> {
  return resolutionState(config.resolution, await lastNumberUsed(db, config), now);
}

/**
 * Why nothing may be issued now, or null: a resolution out of force or used up (production refuses to start on one;
 * one that ends or runs out while the site runs stops the issuing here, and the panel says why).
 */
async function haltedBy(ctx: ApiContext, inv: Invoicing): Promise<string | null> {
  const state = await resolutionNow(ctx.db, inv.config, nowOf(inv));
  if (!state.expired && !state.exhausted) return null;
  inv.log?.('invoicing halted', { reason: state.warning });
  return state.warning;
}

/** One round of the outbox: the sweep, every due row, the e-mails owed, the PDFs not kept yet. */
export async function invoicingRound(ctx: ApiContext, inv: Invoicing): Promise<void> {
  await sweep(ctx.db, inv.config);
  if (!(await haltedBy(ctx, inv))) await runDue(ctx, inv);
  await mailOwed(ctx, inv);
  await storeMissingPdfs(ctx, inv);
}

/**
 * For the sale's receipt: puts the sale in the outbox and tries to issue its invoice now, waiting at most `waitMs`, so
 * the receipt can carry it. Answers the issued invoice and its link (null when it was not issued in time, or its link
 * already went out); the outbox does the rest.
 */
export async function issueForReceipt(ctx: ApiContext, inv: Invoicing, reference: string, waitMs: number): Promise<ReceiptInvoice | null> {
  await enqueueInvoice(ctx.db, inv.config, reference);
  const row = await ctx.db
    .selectFrom('courses.invoices')
    .selectAll()
    .where('kind', '=', 'invoice')
    .where('enrolment_reference', '=', reference)
    .executeTakeFirst();
  if (!row || (await haltedBy(ctx, inv))) return null;
  const deadline = Date.now() + waitMs;
  let current: InvoiceRow | undefined = row;
  const claimed = await claimDue(ctx.db, nowOf(inv), row.id);
  if (claimed) {
    const outcome = await Promise.race([attempt(ctx, inv, claimed, { mail: false }), delay(waitMs, null, { ref: false })]);
    current = outcome ?? undefined;
  } else {
    // Another process holds it: wait for its answer a little.
    while (Date.now() < deadline && current?.state !== 'issued' && current?.state !== 'rejected') {
      await delay(100, undefined, { ref: false });
      current = await ctx.db.selectFrom('courses.invoices').selectAll().where('id', '=', row.id).executeTakeFirst();
    }
  }
  if (current?.state !== 'issued') return null;
  const token = await takeLink(ctx.db, current);
  return token ? { row: current, url: invoiceLink(ctx, token) } : null;
}

/** Starts the outbox's rounds (every INVOICING_EVERY_MS) and answers a nudge (a new sale) at once; returns the stop. */
export function scheduleInvoicing(
  ctx: ApiContext,
  inv: Invoicing,
  onError: (err: unknown) => void,
): { stop: () => void; nudge: () => void } {
  let running: Promise<void> | null = null;
  let again = false;
  const round = () => {
    if (running) {
      again = true;
      return;
    }
    running = invoicingRound(ctx, inv)
      .catch(onError)
      .finally(() => {
        running = null;
        if (again) {
          again = false;
          round();
        }
      });
  };
  const timer = setInterval(round, inv.config.everyMs);
  timer.unref();
  return { stop: () => clearInterval(timer), nudge: round };
}

/** What a receipt says of its sale's invoice: the issued one with a fresh link, or that it follows by e-mail. */
export type ReceiptInvoice = { row: InvoiceRow; url: string } | 'follows';

/**
 * For a receipt sent again (the staff's "Reenviar"): the sale's issued invoice with a new link (the earlier link stops
 * working: only the newest e-mail opens it), or that it follows.
 */
export async function invoiceForResend(ctx: ApiContext, reference: string): Promise<ReceiptInvoice | null> {
  if (!invoicingOf(ctx.db)) return null;
  const row = await ctx.db
    .selectFrom('courses.invoices')
    .selectAll()
    .where('kind', '=', 'invoice')
    .where('enrolment_reference', '=', reference)
    .executeTakeFirst();
  if (row?.state !== 'issued') return 'follows';
  const token = await takeLink(ctx.db, row, true);
  return token ? { row, url: invoiceLink(ctx, token) } : 'follows';
}
