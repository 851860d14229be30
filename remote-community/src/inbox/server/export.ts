/**
 * The community inbox's CSV export: what the list shows (status, workshop and search), its columns, the pages streamed
 * one query at a time from the newest matching row when it was asked for, and the route, audited with kind, filter and
 * row count, never the rows' data nor the search's words.
 */
import type { FastifyInstance } from 'fastify';
import { colombianDate } from 'shared/format/business-days';
import { sql } from 'kysely';
import { inboxFieldLabels, inboxValueText, type workshopNames, type InboxExportQuery, type InboxFilter } from '../schemas';
import { recordAudit } from 'shared/server/audit';
import { csvDisposition, csvStream, type CsvColumn } from 'shared/server/csv';
import type { SiteDb } from 'shared/server/database';
import { route } from 'shared/server/operation-routes';
import { staffOf } from 'shared/server/staff-guard';
import type { CommunityInboxKind } from '../schemas';
import { communityInboxOperations as ops } from '../operations';
import type { CommunityContext } from '../../forms/server/acknowledge';
import { conditions, countRows, fromTable, readPage, sources, type Cursor, type Row } from './rows';

/**
 * Workshop inquiries come from two forms that ask different things: Arte de Amarte a full name and the guest's
 * interest, Vale Ser a first and last name, occupation, empowerment course and how they heard. Their columns side by
 * side left three or four always empty in a workshop's file: the name is one column here, and a form's own questions
 * are columns only when the file holds inquiries of that form.
 */
const workshopOnly: Record<string, keyof typeof workshopNames> = {
  guest_type: 'arte-de-amarte',
  occupation: 'vale-ser',
  empowerment_course: 'vale-ser',
  referral_source: 'vale-ser',
};
const workshopNameColumns = new Set(['full_name', 'first_name', 'last_name']);

const cellOf = (column: string) => (r: Row) => (typeof r[column] === 'number' ? r[column] : inboxValueText(column, r[column]));

function csvColumns(kind: CommunityInboxKind, workshops: ReadonlySet<string>): CsvColumn<Row>[] {
  const labels: Record<string, string> = inboxFieldLabels[kind];
  const fields: CsvColumn<Row>[] = [];
  for (const [column, header] of Object.entries(labels)) {
    if (kind === 'talleres' && workshopNameColumns.has(column)) {
      if (column === 'full_name') fields.push({ header: 'Nombre', value: (r) => sources.talleres.name(r) });
      continue;
    }
    const only = kind === 'talleres' ? workshopOnly[column] : undefined;
    if (only && !workshops.has(only)) continue;
    fields.push({ header, value: cellOf(column) });
  }
  // Subscribers wait for no contact: their file has their subscription state, not a contact state.
  const contact: CsvColumn<Row>[] =
    kind === 'boletin'
      ? []
      : [
          { header: 'Contactado', value: (r) => Number(r.contacts) > 0 },
          { header: 'Último contacto', value: (r) => (r.contacted_at ? new Date(r.contacted_at) : null) },
          { header: 'Contactos y respuestas', value: (r) => Number(r.contacts) },
        ];
  return [
    { header: 'Número', value: (r) => r.id },
    { header: 'Fecha de registro', value: (r) => new Date(r.created_at) },
    ...fields,
    ...contact,
  ];
}

/** The workshops the file's rows come from (a workshop's own columns are left out when none of its inquiries is in). */
async function workshopsIn(db: SiteDb, filter: InboxFilter, head: Cursor): Promise<Set<string>> {
  const result = await sql<{ workshop: string }>`
    select distinct t.workshop from ${fromTable('talleres')}
    where ${conditions('talleres', filter, { cursor: head, inclusive: true })}`.execute(db);
  return new Set(result.rows.map((r) => r.workshop));
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

/** What the audit keeps of an export's filter: whether there was a search, never its words (a name, a document). */
const auditedFilter = (filter: InboxExportQuery) => ({
  estado: filter.estado,
  ...(filter.taller ? { taller: filter.taller } : {}),
  ...(filter.q ? { busqueda: true } : {}),
});

/** POST /inbox/:kind/exportar, in the staff scope `communityInboxRoutes` opens. */
export function registerInboxExport(scope: FastifyInstance, ctx: CommunityContext) {
  route(scope, ops.exportCsv, async (request, reply) => {
    const { kind } = request.params;
    const filter = request.body;
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
    const workshops = kind === 'talleres' && head ? await workshopsIn(ctx.db, filter, headCursor) : new Set<string>();
    const pages = head ? exportPages(ctx.db, kind, filter, headCursor) : (async function* (): AsyncGenerator<Row[]> {})();
    const filename = `comunidad-${kind}-${colombianDate(new Date())}.csv`;
    return reply
      .type('text/csv; charset=utf-8')
      .header('content-disposition', csvDisposition(filename))
      .send(csvStream(csvColumns(kind, workshops), pages));
  });
}
