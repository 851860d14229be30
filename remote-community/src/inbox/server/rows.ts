/**
 * The community inbox's reading: the five tables as one source each, the keyset cursor, the queries a page, a count
 * and a record are read with, and the answers built from their rows. The routes are in inbox.ts, the export
 * in export.ts, the contact mark in marks.ts.
 *
 * The five tables share `id`, `created_at` and `inbox_search` (migration 004) and differ in their other columns, which
 * come from `inboxFieldLabels`; queries are built from those constant names, never from a request's text.
 */
import { sql, type RawBuilder } from 'kysely';
import {
  communityInboxKinds,
  inboxFieldLabels,
  inboxRecordSchemas,
  inboxTexts,
  inboxValueText,
  type CommunityInboxKind,
  type ContactState,
  type HistoryEntry,
  type InboxFilter,
  type InboxListItem,
  type InboxRecordResponse,
  type RecordActions,
} from '../schemas';
import type { SiteDb } from 'shared/server/database';
import { ApiError } from 'shared/server/http';
import { searchPatterns } from 'shared/server/ledger-search';

type InboxTable = 'volunteers' | 'allies' | 'workshop_inquiries' | 'software_requests' | 'newsletter_subscriptions';

/** A row as the queries below read it: the record's columns, its date, the keyset position and its contacts. */
export type Row = Record<string, string | number | null> & {
  id: number;
  created_at: Date;
  cursor_at: string;
  /** The latest contact or reply in the history, and how many there are (0: pending). */
  contacted_at: Date | null;
  contacts: number;
};

interface InboxSource {
  /** The table in schema `community`; also the history's `kind` and the audit's `entity`. */
  table: InboxTable;
  /** Who filed it, as the list shows it (null: subscribers, who give only an e-mail). */
  name(row: Row): string | null;
  /** The list's extra column (`inboxListColumns`). */
  extra(row: Row): string | null;
}

export const str = (v: string | number | null | undefined) => (v === null || v === undefined ? '' : String(v));
const joined = (...parts: Array<string | number | null | undefined>) => parts.map(str).filter(Boolean).join(' ');

export const sources: Record<CommunityInboxKind, InboxSource> = {
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

export const kindList = Object.keys(communityInboxKinds) as CommunityInboxKind[];

/** The record's own columns (what the visitor filed), in display order. */
export const recordColumns = (kind: CommunityInboxKind): string[] => Object.keys(inboxFieldLabels[kind]);

// ── Keyset cursor ────────────────────────────────────────────────────────────────────────────────────────────────
// The position after a page's last row: its created_at to the microsecond (a JS Date would drop them, and rows
// within the same millisecond would be skipped or repeated) and its id, which breaks ties between equal dates.

const CURSOR_AT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/;

export interface Cursor {
  at: string;
  id: number;
}

export function encodeCursor(row: Row): string {
  return Buffer.from(JSON.stringify([row.cursor_at, row.id]), 'utf8').toString('base64url');
}

export function decodeCursor(text: string): Cursor {
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
export function conditions(
  kind: CommunityInboxKind,
  filter: InboxFilter,
  bound?: { cursor: Cursor; inclusive: boolean },
): RawBuilder<unknown> {
  const where: RawBuilder<unknown>[] = [sql`true`];
  for (const pattern of searchPatterns(filter.q)) where.push(sql`t.inbox_search like ${pattern}`);
  if (filter.estado !== 'todos' && kind === 'boletin')
    throw new ApiError(400, 'validation_error', 'Revisa los datos enviados: hay campos con errores.', {
      estado: inboxTexts.statusOnlyContacts,
    });
  if (filter.estado === 'pendientes') where.push(sql`m.contacts = 0`);
  if (filter.estado === 'contactados') where.push(sql`m.contacts > 0`);
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

/** The events that reach the person: a record with one of them is 'Contactado'. */
export const CONTACT_EVENTS = ['contacto', 'respuesta'] as const;

/** A kind's table with its contacts counted from the history (`m.contacts`, `m.contacted_at`). */
export const fromTable = (kind: CommunityInboxKind) => {
  const table = sources[kind].table;
  return sql`${sql.table(`community.${table}`)} as t
    cross join lateral (
      select count(*)::int as contacts, max(h.at) as contacted_at from community.record_history h
      where h.kind = ${table} and h.record_id = t.id and h.event in ('contacto', 'respuesta')
    ) as m`;
};

/** A page of rows, newest first, after `bound`. */
export async function readPage(
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
      m.contacted_at, m.contacts
    from ${fromTable(kind)}
    where ${conditions(kind, filter, bound)}
    order by t.created_at desc, t.id desc
    limit ${limit}`.execute(db);
  return result.rows;
}

export async function countRows(db: SiteDb, kind: CommunityInboxKind, filter: InboxFilter, bound?: { cursor: Cursor; inclusive: boolean }) {
  const result = await sql<{ n: number }>`
    select count(*)::int as n from ${fromTable(kind)} where ${conditions(kind, filter, bound)}`.execute(db);
  return Number(result.rows[0]?.n ?? 0);
}

export async function readOne(db: SiteDb, kind: CommunityInboxKind, id: number): Promise<Row | undefined> {
  const columns = sql.join(recordColumns(kind).map((c) => sql.ref(`t.${c}`)));
  const result = await sql<Row>`
    select t.id, t.created_at, ${columns}, '' as cursor_at, m.contacted_at, m.contacts
    from ${fromTable(kind)} where t.id = ${id}`.execute(db);
  return result.rows[0];
}

// ── Answers ──────────────────────────────────────────────────────────────────────────────────────────────────────

const iso = (d: Date | string) => new Date(d).toISOString();

/** Contacted or pending, from the history; subscribers have no such state. */
export function contactOf(kind: CommunityInboxKind, row: Row): ContactState | null {
  if (kind === 'boletin') return null;
  const count = Number(row.contacts ?? 0);
  return { contacted: count > 0, lastAt: row.contacted_at ? iso(row.contacted_at) : null, count };
}

export function listItem(kind: CommunityInboxKind, row: Row): InboxListItem {
  const source = sources[kind];
  return {
    id: String(row.id),
    createdAt: iso(row.created_at),
    name: source.name(row),
    email: str(row.email),
    extra: source.extra(row),
    contact: contactOf(kind, row),
  };
}

export function recordAnswer(kind: CommunityInboxKind, row: Row, history: HistoryEntry[], actions: RecordActions): InboxRecordResponse {
  const record: Record<string, unknown> = {};
  for (const column of recordColumns(kind)) record[column] = row[column] ?? null;
  return {
    kind,
    id: String(row.id),
    createdAt: iso(row.created_at),
    // Parsed by the kind's schema: what the table holds must be what the contract says, or this fails loudly.
    record: inboxRecordSchemas[kind].parse(record),
    contact: contactOf(kind, row),
    history,
    actions,
  } as InboxRecordResponse;
}

/** A record that is not there, or not of that kind. */
export const notFound = () => new ApiError(404, 'not_found', inboxTexts.notFound);
