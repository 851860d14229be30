/**
 * The community inbox's CSV export: the columns, the pages streamed one query at a time from the newest matching row
 * when it was asked for, and the route, audited with kind, filter and row count, never the rows' data.
 */
import type { FastifyInstance } from 'fastify';
import { colombianDate } from 'shared/format/business-days';
import { inboxFieldLabels, inboxValueText, type InboxExportQuery, type InboxFilter } from '../schemas';
import { recordAudit } from 'shared/server/audit';
import { csvDisposition, csvStream, type CsvColumn } from 'shared/server/csv';
import type { SiteDb } from 'shared/server/database';
import { route } from 'shared/server/operation-routes';
import { staffOf } from 'shared/server/staff-guard';
import type { CommunityInboxKind } from '../schemas';
import { communityInboxOperations as ops } from '../operations';
import type { CommunityContext } from '../../forms/server/acknowledge';
import { countRows, readPage, sources, type Cursor, type Row } from './rows';

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

/** GET /inbox/:kind/exportar, in the staff scope `communityInboxRoutes` opens. */
export function registerInboxExport(scope: FastifyInstance, ctx: CommunityContext) {
  route(scope, ops.exportCsv, async (request, reply) => {
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
  });
}
