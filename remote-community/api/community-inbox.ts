import type { FastifyPluginAsync } from 'fastify';
import { sql, type RawBuilder } from 'kysely';
import { colombianDate } from 'shared/format/business-days';
import {
  contactMarkRequestSchema,
  inboxFieldLabels,
  inboxExportQuerySchema,
  inboxKindParamsSchema,
  inboxListRequestSchema,
  inboxListResponseSchema,
  inboxRecordParamsSchema,
  inboxRecordResponseSchema,
  inboxRecordSchemas,
  inboxSummaryResponseSchema,
  inboxTexts,
  inboxValueText,
  INBOX_PAGE_SIZE,
  type ContactMark,
  type InboxExportQuery,
  type InboxFilter,
  type InboxKindParams,
  type InboxListItem,
  type InboxListQuery,
  type InboxListResponse,
  type InboxRecordParams,
  type InboxRecordResponse,
  type InboxSummaryResponse,
} from 'shared/schemas/community-inbox-api';
import type { z } from 'shared/schemas/zod';
import { recordAudit } from 'shared/server/audit';
import { csvDisposition, csvStream, type CsvColumn } from 'shared/server/csv';
import type { SiteDb } from 'shared/server/database';
import { ApiError, zodResponse, zodSchema } from 'shared/server/http';
import { registerStaffRoutes, staffOf, staffRead } from 'shared/server/staff-guard';
import { communityInboxKinds, type CommunityInboxKind } from 'shared/staff-routes';
import type { CommunityContext } from './acknowledge';
import { searchPatterns } from 'shared/server/ledger-search';

/**
 * The staff's community inbox, under /api/community/staff/inbox/… (every route passes the staff guard): counts per
 * kind, a keyset-paginated list with search, a record with every field as filed, the 'Contactado' mark (set, change,
 * undo; audited) and a streamed CSV export (audited with kind, filter and row count, never the rows' data).
 *
 * The five tables share `id`, `created_at` and `inbox_search` (migration 004) and differ in their other columns, which
 * come from `inboxFieldLabels`; queries are built from those constant names, never from a request's text.
 */

type InboxTable = 'volunteers' | 'allies' | 'workshop_inquiries' | 'software_requests' | 'newsletter_subscriptions';

/** A row as the queries below read it: the record's columns, its date, the keyset position and the mark. */
type Row = Record<string, string | number | null> & {
  id: number;
  created_at: Date;
  cursor_at: string;
  contacted_at: Date | null;
  contacted_by_email: string | null;
  contact_note: string | null;
};

interface InboxSource {
  /** The table in schema `community`; also the mark's `kind` and the audit's `entity`. */
  table: InboxTable;
  /** Who filed it, as the list shows it (null: subscribers, who give only an e-mail). */
  name(row: Row): string | null;
  /** The list's extra column (`inboxListColumns`). */
  extra(row: Row): string | null;
}

const str = (v: string | number | null | undefined) => (v === null || v === undefined ? '' : String(v));
const joined = (...parts: Array<string | number | null | undefined>) => parts.map(str).filter(Boolean).join(' ');

const sources: Record<CommunityInboxKind, InboxSource> = {
  voluntarios: {
    table: 'volunteers',
    name: (r) => joined(r.volunteer_name, r.volunteer_lastname),
    extra: (r) => joined(r.id_type, r.id_number),
  },
  aliados: {
    table: 'allies',
    name: (r) => joined(r.representative_name, r.representative_lastname),
    extra: (r) => str(r.corporation_name),
  },
  talleres: {
    table: 'workshop_inquiries',
    // Arte de Amarte asks for a full name, Vale Ser for first and last name.
    name: (r) => str(r.full_name) || joined(r.first_name, r.last_name),
    extra: (r) => inboxValueText('workshop', r.workshop),
  },
  software: { table: 'software_requests', name: (r) => str(r.full_name), extra: (r) => str(r.phone_number) },
  boletin: { table: 'newsletter_subscriptions', name: () => null, extra: (r) => inboxValueText('status', r.status) },
};

const kindList = Object.keys(communityInboxKinds) as CommunityInboxKind[];

/** The record's own columns (what the visitor filed), in display order. */
const recordColumns = (kind: CommunityInboxKind): string[] => Object.keys(inboxFieldLabels[kind]);

// ── Keyset cursor ────────────────────────────────────────────────────────────────────────────────────────────────
// The position after a page's last row: its created_at to the microsecond (a JS Date would drop them, and rows
// within the same millisecond would be skipped or repeated) and its id, which breaks ties between equal dates.

const CURSOR_AT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/;

interface Cursor {
  at: string;
  id: number;
}

function encodeCursor(row: Row): string {
  return Buffer.from(JSON.stringify([row.cursor_at, row.id]), 'utf8').toString('base64url');
}

function decodeCursor(text: string): Cursor {
  try {
    const value: unknown = JSON.parse(Buffer.from(text, 'base64url').toString('utf8'));
    if (Array.isArray(value) && value.length === 2) {
      const [at, id] = value as unknown[];
      // A shape is not enough: the instant must exist and the id fit `integer`, or the database (not we) would refuse it.
      const instant = typeof at === 'string' && CURSOR_AT.test(at) ? new Date(at) : null;
      const real =
        instant !== null && !Number.isNaN(instant.getTime()) && instant.toISOString().slice(0, 23) === (at as string).slice(0, 23);
      if (real && Number.isSafeInteger(id) && (id as number) > 0 && (id as number) <= 2_147_483_647)
        return { at: at as string, id: id as number };
    }
  } catch {
    // Falls through to the same answer as a well-formed but wrong cursor.
  }
  throw new ApiError(400, 'validation_error', 'Revisa los datos enviados: hay campos con errores.', { cursor: inboxTexts.cursorInvalid });
}

// ── Queries ──────────────────────────────────────────────────────────────────────────────────────────────────────

/** The WHERE conditions of a filter (search words, contact status, workshop) and, optionally, a keyset bound. */
function conditions(kind: CommunityInboxKind, filter: InboxFilter, bound?: { cursor: Cursor; inclusive: boolean }): RawBuilder<unknown> {
  const where: RawBuilder<unknown>[] = [sql`true`];
  for (const pattern of searchPatterns(filter.q)) where.push(sql`t.inbox_search like ${pattern}`);
  if (filter.estado === 'pendientes') where.push(sql`m.record_id is null`);
  if (filter.estado === 'contactados') where.push(sql`m.record_id is not null`);
  if (filter.taller) {
    if (kind !== 'talleres')
      throw new ApiError(400, 'validation_error', 'Revisa los datos enviados: hay campos con errores.', {
        taller: inboxTexts.workshopOnlyInquiries,
      });
    where.push(sql`t.workshop = ${filter.taller}`);
  }
  if (bound) {
    const position = sql`(${bound.cursor.at}::timestamptz, ${bound.cursor.id}::integer)`;
    where.push(bound.inclusive ? sql`(t.created_at, t.id) <= ${position}` : sql`(t.created_at, t.id) < ${position}`);
  }
  return sql.join(where, sql` and `);
}

const fromTable = (kind: CommunityInboxKind) => {
  const table = sources[kind].table;
  return sql`${sql.table(`community.${table}`)} as t
    left join community.contact_marks as m on m.kind = ${table} and m.record_id = t.id`;
};

/** A page of rows, newest first, after `bound`. */
async function readPage(
  db: SiteDb,
  kind: CommunityInboxKind,
  filter: InboxFilter,
  limit: number,
  bound?: { cursor: Cursor; inclusive: boolean },
): Promise<Row[]> {
  const columns = sql.join(recordColumns(kind).map((c) => sql.ref(`t.${c}`)));
  const result = await sql<Row>`
    select t.id, t.created_at, ${columns},
      to_char(t.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as cursor_at,
      m.contacted_at, m.contacted_by_email, m.note as contact_note
    from ${fromTable(kind)}
    where ${conditions(kind, filter, bound)}
    order by t.created_at desc, t.id desc
    limit ${limit}`.execute(db);
  return result.rows;
}

async function countRows(db: SiteDb, kind: CommunityInboxKind, filter: InboxFilter, bound?: { cursor: Cursor; inclusive: boolean }) {
  const result = await sql<{ n: number }>`
    select count(*)::int as n from ${fromTable(kind)} where ${conditions(kind, filter, bound)}`.execute(db);
  return Number(result.rows[0]?.n ?? 0);
}

async function readOne(db: SiteDb, kind: CommunityInboxKind, id: number): Promise<Row | undefined> {
  const columns = sql.join(recordColumns(kind).map((c) => sql.ref(`t.${c}`)));
  const result = await sql<Row>`
    select t.id, t.created_at, ${columns}, '' as cursor_at, m.contacted_at, m.contacted_by_email, m.note as contact_note
    from ${fromTable(kind)} where t.id = ${id}`.execute(db);
  return result.rows[0];
}

// ── Answers ──────────────────────────────────────────────────────────────────────────────────────────────────────

const iso = (d: Date | string) => new Date(d).toISOString();

function markOf(row: Row): ContactMark | null {
  if (!row.contacted_at) return null;
  return { at: iso(row.contacted_at), by: row.contacted_by_email ?? '', note: row.contact_note ?? '' };
}

function listItem(kind: CommunityInboxKind, row: Row): InboxListItem {
  const source = sources[kind];
  return {
    id: String(row.id),
    createdAt: iso(row.created_at),
    name: source.name(row),
    email: str(row.email),
    extra: source.extra(row),
    contacted: markOf(row),
  };
}

function recordAnswer(kind: CommunityInboxKind, row: Row): InboxRecordResponse {
  const record: Record<string, unknown> = {};
  for (const column of recordColumns(kind)) record[column] = row[column] ?? null;
  return {
    kind,
    id: String(row.id),
    createdAt: iso(row.created_at),
    // Parsed by the kind's schema: what the table holds must be what the contract says, or this fails loudly.
    record: inboxRecordSchemas[kind].parse(record),
    contacted: markOf(row),
  } as InboxRecordResponse;
}

// ── CSV ──────────────────────────────────────────────────────────────────────────────────────────────────────────

function csvColumns(kind: CommunityInboxKind): CsvColumn<Row>[] {
  const labels: Record<string, string> = inboxFieldLabels[kind];
  return [
    { header: 'Número', value: (r) => r.id },
    { header: 'Fecha de registro', value: (r) => new Date(r.created_at) },
    ...Object.entries(labels).map(([column, header]) => ({
      header,
      value: (r: Row) => (typeof r[column] === 'number' ? r[column] : inboxValueText(column, r[column])),
    })),
    { header: 'Contactado', value: (r) => Boolean(r.contacted_at) },
    { header: 'Fecha de contacto', value: (r) => (r.contacted_at ? new Date(r.contacted_at) : null) },
    { header: 'Contactado por', value: (r) => r.contacted_by_email },
    { header: 'Nota de contacto', value: (r) => r.contact_note },
  ];
}

/** Rows per query while exporting: one page in memory at a time. */
const EXPORT_PAGE = 1000;

async function* exportPages(db: SiteDb, kind: CommunityInboxKind, filter: InboxFilter, head: Cursor): AsyncGenerator<Row[]> {
  let bound = { cursor: head, inclusive: true };
  for (;;) {
    const page = await readPage(db, kind, filter, EXPORT_PAGE, bound);
    if (page.length) yield page;
    if (page.length < EXPORT_PAGE) return;
    const last = page[page.length - 1]!;
    bound = { cursor: { at: last.cursor_at, id: last.id }, inclusive: false };
  }
}

/** What the audit keeps of an export's filter (no search: exports have none, so no one's name ends up here). */
const auditedFilter = (filter: InboxExportQuery) => ({ estado: filter.estado, ...(filter.taller ? { taller: filter.taller } : {}) });

// ── Routes ───────────────────────────────────────────────────────────────────────────────────────────────────────

const notFound = () => new ApiError(404, 'not_found', inboxTexts.notFound);

export const communityInboxRoutes: FastifyPluginAsync<CommunityContext> = async (app, ctx) => {
  await registerStaffRoutes(app, ctx, { roles: ['comunidad'] }, async (scope) => {
    scope.get<{ Reply: InboxSummaryResponse }>(
      '/inbox',
      {
        schema: {
          tags: ['community'],
          summary: 'Bandeja de la comunidad: cuántos registros hay de cada tipo y cuántos están sin contactar',
          response: { 200: zodResponse(inboxSummaryResponseSchema) },
        },
      },
      async () => {
        const kinds = [];
        for (const kind of kindList) {
          const result = await sql<{ total: number; pending: number }>`
            select count(*)::int as total, (count(*) filter (where m.record_id is null))::int as pending
            from ${fromTable(kind)}`.execute(ctx.db);
          const counts = result.rows[0];
          kinds.push({ kind, label: communityInboxKinds[kind], total: Number(counts?.total ?? 0), pending: Number(counts?.pending ?? 0) });
        }
        return { kinds };
      },
    );

    // POST: the search may be a name or a document number, which never go in a URL (logs, proxies, history).
    scope.post<{ Params: InboxKindParams; Body: InboxListQuery; Reply: InboxListResponse }>(
      '/inbox/:kind/lista',
      {
        config: staffRead<InboxListResponse>({ action: 'community.inbox.read', entity: 'community_record', count: (b) => b.items.length }),
        schema: {
          tags: ['community'],
          summary:
            'Lista de un tipo de registro, del más reciente al más antiguo, con búsqueda y paginación por cursor (POST: la búsqueda no va en la URL)',
          params: zodSchema(inboxKindParamsSchema),
          body: zodSchema(inboxListRequestSchema),
          response: { 200: zodResponse(inboxListResponseSchema) },
        },
      },
      async (request) => {
        const { kind } = request.params;
        const { cursor: cursorText, limit = INBOX_PAGE_SIZE, ...filter } = request.body;
        const cursor = cursorText ? decodeCursor(cursorText) : undefined;
        const bound = cursor ? { cursor, inclusive: false } : undefined;
        // One row more than asked tells whether there is a next page without counting.
        const rows = await readPage(ctx.db, kind, filter, limit + 1, bound);
        const page = rows.slice(0, limit);
        const last = page[page.length - 1];
        return {
          kind,
          items: page.map((row) => listItem(kind, row)),
          nextCursor: rows.length > limit && last ? encodeCursor(last) : null,
          total: cursor ? null : await countRows(ctx.db, kind, filter),
        };
      },
    );

    scope.get<{ Params: InboxKindParams; Querystring: InboxExportQuery }>(
      '/inbox/:kind/exportar',
      {
        schema: {
          tags: ['community'],
          summary: 'Exportar a CSV (Excel en español: UTF-8 con BOM, punto y coma, fechas de Bogotá); queda en la auditoría',
          params: zodSchema(inboxKindParamsSchema),
          querystring: zodSchema(inboxExportQuerySchema),
          response: {
            200: {
              description: 'Archivo CSV',
              content: { 'text/csv': { schema: { type: 'string' } } },
            },
          },
        },
      },
      async (request, reply) => {
        const { kind } = request.params;
        const filter = request.query;
        const staff = staffOf(request);
        // The export covers what matched when it was asked for: rows filed while it streams are not in it, so the
        // audited count is the file's.
        const [head] = await readPage(ctx.db, kind, filter, 1);
        const headCursor: Cursor = head ? { at: head.cursor_at, id: head.id } : { at: '0001-01-01T00:00:00.000000Z', id: 1 };
        const rows = head ? await countRows(ctx.db, kind, filter, { cursor: headCursor, inclusive: true }) : 0;
        // Recorded before the first byte leaves: an export that is cut short was still an export of personal data.
        await recordAudit(ctx.db, staff, {
          action: 'community.export',
          entity: sources[kind].table,
          detail: { kind, filtro: auditedFilter(filter), filas: rows },
        });
        const pages = head ? exportPages(ctx.db, kind, filter, headCursor) : (async function* (): AsyncGenerator<Row[]> {})();
        const filename = `comunidad-${kind}-${colombianDate(new Date())}.csv`;
        return reply
          .type('text/csv; charset=utf-8')
          .header('content-disposition', csvDisposition(filename))
          .send(csvStream(csvColumns(kind), pages));
      },
    );

    scope.get<{ Params: InboxRecordParams; Reply: InboxRecordResponse }>(
      '/inbox/:kind/:id',
      {
        config: staffRead<InboxRecordResponse>({
          action: 'community.inbox.read',
          entity: 'community_record',
          id: (r) => {
            const p = r.params as { kind?: string; id?: string };
            return `${p.kind ?? ''}/${p.id ?? ''}`;
          },
        }),
        schema: {
          tags: ['community'],
          summary: 'Un registro de la comunidad con todos sus campos y la marca de contacto',
          params: zodSchema(inboxRecordParamsSchema),
          response: { 200: zodResponse(inboxRecordResponseSchema) },
        },
      },
      async (request) => {
        const { kind, id } = request.params;
        const row = await readOne(ctx.db, kind, id);
        if (!row) throw notFound();
        return recordAnswer(kind, row);
      },
    );

    scope.put<{ Params: InboxRecordParams; Body: z.output<typeof contactMarkRequestSchema>; Reply: InboxRecordResponse }>(
      '/inbox/:kind/:id/contacto',
      {
        schema: {
          tags: ['community'],
          summary: "Marcar como 'Contactado' con una nota (otra vez: reemplaza la marca); queda en la auditoría",
          params: zodSchema(inboxRecordParamsSchema),
          body: zodSchema(contactMarkRequestSchema),
          response: { 200: zodResponse(inboxRecordResponseSchema) },
        },
      },
      async (request) => {
        const { kind, id } = request.params;
        const staff = staffOf(request);
        const table = sources[kind].table;
        const found = await ctx.db.transaction().execute(async (trx) => {
          const exists = await sql`select 1 from ${sql.table(`community.${table}`)} where id = ${id}`.execute(trx);
          if (!exists.rows.length) return false;
          const previous = await trx
            .selectFrom('community.contact_marks')
            .select('record_id')
            .where('kind', '=', table)
            .where('record_id', '=', id)
            .executeTakeFirst();
          await trx
            .insertInto('community.contact_marks')
            .values({ kind: table, record_id: id, contacted_by_sub: staff.sub, contacted_by_email: staff.email, note: request.body.note })
            .onConflict((oc) =>
              oc.columns(['kind', 'record_id']).doUpdateSet({
                contacted_at: sql`now()`,
                contacted_by_sub: staff.sub,
                contacted_by_email: staff.email,
                note: request.body.note,
              }),
            )
            .execute();
          // The note itself stays out of the audit: it may say anything about the person.
          await recordAudit(trx, staff, {
            action: 'community.inbox.contact',
            entity: table,
            entityId: String(id),
            detail: { kind, reemplaza: Boolean(previous), conNota: request.body.note.length > 0 },
          });
          return true;
        });
        if (!found) throw notFound();
        const row = await readOne(ctx.db, kind, id);
        if (!row) throw notFound();
        return recordAnswer(kind, row);
      },
    );

    scope.delete<{ Params: InboxRecordParams; Reply: InboxRecordResponse }>(
      '/inbox/:kind/:id/contacto',
      {
        schema: {
          tags: ['community'],
          summary: "Quitar la marca de 'Contactado'; queda en la auditoría",
          params: zodSchema(inboxRecordParamsSchema),
          response: { 200: zodResponse(inboxRecordResponseSchema) },
        },
      },
      async (request) => {
        const { kind, id } = request.params;
        const staff = staffOf(request);
        const table = sources[kind].table;
        await ctx.db.transaction().execute(async (trx) => {
          const removed = await trx
            .deleteFrom('community.contact_marks')
            .where('kind', '=', table)
            .where('record_id', '=', id)
            .returning('record_id')
            .executeTakeFirst();
          // Undoing what is not there changes nothing, so nothing is recorded.
          if (removed)
            await recordAudit(trx, staff, {
              action: 'community.inbox.contact.undo',
              entity: table,
              entityId: String(id),
              detail: { kind },
            });
        });
        const row = await readOne(ctx.db, kind, id);
        if (!row) throw notFound();
        return recordAnswer(kind, row);
      },
    );
  });
};
