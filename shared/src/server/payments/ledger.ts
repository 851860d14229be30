import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { Discrepancy, PaymentEvent, referenceParamsSchema } from '../../payments/ledger';
import type { PaymentDiscrepanciesTableName, PaymentEventsTableName, SiteDb } from '../database';
import { ApiError } from '../http';
import type { z } from '../../schemas/zod';
import { searchPatterns } from '../ledger-search';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { recordAudit } from '../audit';
import { csvDisposition, csvStream, type CsvColumn } from '../csv';
import { pathParam, staffOf, staffRead } from '../staff-guard';
import type { FileAnswer, Operation } from '../../api/operation';
import { route } from '../operation-routes';

/**
 * What the staff's ledgers of enrolments and donations (#14) share: the payment part of a record, its history and
 * discrepancies, the search column and indexes a ledger's table gets, and the keyset page by id (newest first).
 */

const iso = (d: Date | string | null): string | null => (d === null ? null : new Date(d).toISOString());
const amount = (v: string | number | null): number | null => (v === null ? null : Number(v));

/** The payment as a record's page shows it. */
export function paymentOf(row: {
  payment_status: string;
  payment_id: string | null;
  status_detail: string | null;
  payment_type: string | null;
  date_approved: Date | string | null;
  receipt_sent_at: Date | string | null;
}) {
  return {
    status: row.payment_status,
    id: row.payment_id,
    detail: row.status_detail,
    type: row.payment_type,
    approvedAt: iso(row.date_approved),
    receiptSentAt: iso(row.receipt_sent_at),
  };
}

/** Every status the provider reported for the record, oldest first. */
export async function paymentHistory(db: SiteDb, table: PaymentEventsTableName, reference: string): Promise<PaymentEvent[]> {
  const rows = await db.selectFrom(table).selectAll().where('reference', '=', reference).orderBy('seen_at').orderBy('id').execute();
  return rows.map((e) => ({
    paymentId: e.payment_id,
    status: e.status,
    statusDetail: e.status_detail,
    amount: amount(e.amount),
    currency: e.currency,
    source: e.source,
    applied: e.applied,
    seenAt: iso(e.seen_at) ?? '',
  }));
}

/** The payments of the record the site refused to apply (amount or currency that did not match…), oldest first. */
export async function recordDiscrepancies(db: SiteDb, table: PaymentDiscrepanciesTableName, reference: string): Promise<Discrepancy[]> {
  const rows = await db.selectFrom(table).selectAll().where('reference', '=', reference).orderBy('detected_at').orderBy('id').execute();
  return rows.map((d) => ({
    paymentId: d.payment_id,
    kind: d.kind,
    expectedAmount: d.expected_amount,
    reportedAmount: amount(d.reported_amount),
    reportedCurrency: d.reported_currency,
    reportedStatus: d.reported_status,
    detectedAt: iso(d.detected_at) ?? '',
  }));
}

/**
 * Migration step of a ledger's table: a stored generated `ledger_search` column (the searched fields lower-cased and
 * without accents, like the community inbox's) with a trigram index where pg_trgm installs (PostgreSQL; the embedded
 * PGlite has no such extension and small tables), and (column, id) indexes for each filter so a filtered page is a
 * range scan newest first at 100,000 rows. `searched` is SQL over the table's columns; the accent lists are written
 * here, not imported, because a migration never changes.
 */
export async function addLedgerSearch(
  db: Kysely<unknown>,
  schema: string,
  table: string,
  searched: string,
  filterColumns: readonly string[],
): Promise<void> {
  const accented = 'ÁÀÂÄÃÉÈÊËÍÌÎÏÓÒÔÖÕÚÙÛÜÑÇáàâäãéèêëíìîïóòôöõúùûüñç';
  const plain = 'aaaaaeeeeiiiiooooouuuuncaaaaaeeeeiiiiooooouuuunc';
  await db.schema
    .withSchema(schema)
    .alterTable(table)
    .addColumn('ledger_search', 'text', (c) =>
      c
        .generatedAlwaysAs(sql.raw(`translate(lower(${searched}), '${accented}', '${plain}')`))
        .stored()
        .notNull(),
    )
    .execute();
  // A failure inside the block is rolled back to it, so the migration's own transaction goes on without pg_trgm.
  await sql`do $$ begin create extension if not exists pg_trgm; exception when others then null; end $$`.execute(db);
  const found = await sql<{ n: number }>`select count(*)::int as n from pg_extension where extname = 'pg_trgm'`.execute(db);
  if ((found.rows[0]?.n ?? 0) > 0)
    await sql.raw(`create index ${table}_ledger_search on ${schema}.${table} using gin (ledger_search gin_trgm_ops)`).execute(db);
  for (const column of filterColumns)
    await db.schema.withSchema(schema).createIndex(`${table}_ledger_${column}`).on(table).columns([column, 'id']).execute();
}

/** The WHERE part of a typed search: every word must appear in `ledger_search` (accent- and case-blind). */
export function ledgerSearchConditions(q: string | undefined, column = 't.ledger_search'): RawBuilder<unknown>[] {
  return searchPatterns(q).map((pattern) => sql`${sql.raw(column)} like ${pattern}`);
}

/** The ledgers' keyset: the last row's id as text (ids only grow, so newest first is id descending). */
export const ledgerCursorOf = (id: number): string => String(id);

/** Thrown when the staff action does not apply to the record as it stands (409, Spanish message). */
export const ledgerConflict = (message: string): ApiError => new ApiError(409, 'conflict', message);

/** Rows per query while exporting: one page in memory at a time. */
const EXPORT_PAGE = 1000;

/**
 * The pages of an export, newest first from `upTo` (the newest row when the export was asked for: rows filed while it
 * streams are not in the file), each read with `readPage(limit, before)`.
 */
export async function* ledgerExportPages<R extends { id: number }>(
  readPage: (limit: number, before: number) => Promise<R[]>,
  upTo: number,
): AsyncGenerator<R[]> {
  let before = upTo + 1;
  for (;;) {
    const page = await readPage(EXPORT_PAGE, before);
    if (page.length) yield page;
    if (page.length < EXPORT_PAGE) return;
    before = page[page.length - 1]!.id;
  }
}

/**
 * A ledger's CSV answer: the rows matching when it was asked for (newest first from the newest one then), recorded in
 * the audit log with its filter and row count before the first byte leaves — an export cut short was still an export
 * of personal data — and streamed one page at a time.
 */
export async function sendLedgerExport<R extends { id: number }>(
  db: SiteDb,
  request: FastifyRequest,
  reply: FastifyReply,
  ledger: {
    action: `${string}.export`;
    entity: string;
    filter: Record<string, unknown>;
    filename: string;
    columns: readonly CsvColumn<R>[];
    readPage: (limit: number, before?: number) => Promise<R[]>;
    count: () => Promise<number>;
  },
) {
  const [head] = await ledger.readPage(1);
  const rows = head ? await ledger.count() : 0;
  await recordAudit(db, staffOf(request), {
    action: ledger.action,
    entity: ledger.entity,
    detail: { filtro: { ...ledger.filter }, filas: rows },
  });
  const pages = head
    ? ledgerExportPages((limit, before) => ledger.readPage(limit, before), head.id)
    : (async function* (): AsyncGenerator<R[]> {})();
  return reply
    .type('text/csv; charset=utf-8')
    .header('content-disposition', csvDisposition(ledger.filename))
    .send(csvStream(ledger.columns, pages));
}

/**
 * A payable's ledger as the shared list, count and export read it (#27): its table, the columns its list shows and
 * the conditions of its own filters; the search and the keyset cursor are the kit's. A new payable (monthly-giving
 * subscriptions) describes these and gets the list page, the count and the export's pages.
 */
export interface LedgerSource<F extends { q?: string | undefined }> {
  /** `schema.table`, a constant: never a request's text. */
  table: string;
  /** The list's columns, SQL over the alias `t`, a constant. */
  columns: string;
  /** The filter's own conditions over `t`: constant column names, the request's values bound. */
  where: (filter: F) => RawBuilder<unknown>[];
}

/** The WHERE clause of a filter: its conditions, every searched word, and rows older than the cursor when there is one. */
export function ledgerConditions<F extends { q?: string | undefined }>(
  source: LedgerSource<F>,
  filter: F,
  before?: number,
): RawBuilder<unknown> {
  const where: RawBuilder<unknown>[] = [sql`true`, ...ledgerSearchConditions(filter.q), ...source.where(filter)];
  if (before) where.push(sql`t.id < ${before}`);
  return sql.join(where, sql` and `);
}

/** Up to `limit` rows of the filter, newest first, older than `before` when given. */
export async function readLedgerRows<R, F extends { q?: string | undefined }>(
  db: SiteDb,
  source: LedgerSource<F>,
  filter: F,
  limit: number,
  before?: number,
): Promise<R[]> {
  const result = await sql<R>`
    select ${sql.raw(source.columns)} from ${sql.raw(source.table)} as t
    where ${ledgerConditions(source, filter, before)}
    order by t.id desc
    limit ${limit}`.execute(db);
  return result.rows;
}

/** How many rows match the filter. */
export async function countLedgerRows<F extends { q?: string | undefined }>(
  db: SiteDb,
  source: LedgerSource<F>,
  filter: F,
): Promise<number> {
  const result = await sql<{ n: number }>`
    select count(*)::int as n from ${sql.raw(source.table)} as t where ${ledgerConditions(source, filter)}`.execute(db);
  return Number(result.rows[0]?.n ?? 0);
}

/**
 * One page of a ledger's list as its POST …/lista asks for it: the rows (one more is read to know whether there is a
 * next page), the cursor of that page, and what `summaryOf` counts for the filter (a total, counts per status) only
 * with the first page.
 */
export async function readLedgerList<R extends { id: number }, F extends { q?: string | undefined }, S>(
  db: SiteDb,
  source: LedgerSource<F>,
  body: F & { cursor?: number | undefined; limit?: number | undefined },
  pageSize: number,
  summaryOf: (filter: F) => Promise<S>,
): Promise<{ rows: R[]; nextCursor: string | null; summary: S | null }> {
  const { cursor, limit = pageSize, ...rest } = body;
  // The body without its paging is the filter.
  const filter = rest as unknown as F;
  const [rows, summary] = await Promise.all([
    readLedgerRows<R, F>(db, source, filter, limit + 1, cursor),
    cursor ? Promise.resolve(null) : summaryOf(filter),
  ]);
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return { rows: page, nextCursor: rows.length > limit && last ? ledgerCursorOf(last.id) : null, summary };
}

/** A record's payment trail in its domain: every status the provider reported and the payments not applied. */
export async function readPaymentTrail(
  db: SiteDb,
  tables: { events: PaymentEventsTableName; discrepancies: PaymentDiscrepanciesTableName },
  reference: string,
): Promise<{ history: PaymentEvent[]; discrepancies: Discrepancy[] }> {
  const [history, discrepancies] = await Promise.all([
    paymentHistory(db, tables.events, reference),
    recordDiscrepancies(db, tables.discrepancies, reference),
  ]);
  return { history, discrepancies };
}

/** The instant as the API sends it (ISO), or null. */
export const isoOf = iso;

/** A declared CSV export: a GET with a query and a file answer (`fileAnswer`), its roles the declaration's. */
export type LedgerFileOperation = Operation<string, undefined, z.ZodMiniType, undefined, FileAnswer>;

/**
 * GET <path>: a ledger's CSV of the filter in the query (never a search), audited — the route every payable's ledger
 * has, its declared operation (#27) registered through `route` (method, path, query schema, roles from the
 * declaration), described by its file name and columns. `check` refuses a filter the schema cannot (400).
 */
export function registerLedgerExport<F extends Record<string, unknown>, R extends { id: number }>(
  staff: FastifyInstance,
  db: SiteDb,
  ledger: {
    operation: LedgerFileOperation;
    check?: (filter: F) => void;
    action: `${string}.export`;
    entity: string;
    filename: () => string;
    columns: readonly CsvColumn<R>[];
    readPage: (filter: F, limit: number, before?: number) => Promise<R[]>;
    count: (filter: F) => Promise<number>;
  },
): void {
  const handler = async (request: FastifyRequest, reply: FastifyReply) => {
    // The query as the schema parsed it.
    const filter = request.query as F;
    ledger.check?.(filter);
    return sendLedgerExport(db, request, reply, {
      action: ledger.action,
      entity: ledger.entity,
      filter,
      filename: ledger.filename(),
      columns: ledger.columns,
      readPage: (limit, before) => ledger.readPage(filter, limit, before),
      count: () => ledger.count(filter),
    });
  };
  route(staff, ledger.operation, (request, reply) => handler(request, reply));
}

/** A declared record read: a GET of `…/:reference` answering the record (#27). */
export type LedgerRecordOperation = Operation<string, typeof referenceParamsSchema, undefined, undefined, z.ZodMiniType>;

/**
 * GET <path>/:reference: one record of a ledger with its payment trail, its read audited; a reference the ledger does
 * not have is the ledger's own 404. Its declared operation (#27) is registered through `route`.
 */
export function registerLedgerRecord<R>(
  staff: FastifyInstance,
  ledger: {
    operation: LedgerRecordOperation;
    /** The audited read: its action and entity (the reference is its id). */
    read: { action: string; entity: string };
    readRecord: (reference: string) => Promise<R | undefined>;
    notFound: () => ApiError;
  },
): void {
  const config = staffRead<R>({ ...ledger.read, id: pathParam('reference') });
  const read = async (reference: string) => {
    const record = await ledger.readRecord(reference);
    if (!record) throw ledger.notFound();
    return record;
  };
  route(staff, ledger.operation, async (request) => read(request.params.reference), { config });
}
