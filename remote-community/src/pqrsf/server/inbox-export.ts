import type { FastifyInstance } from 'fastify';
import { colombianDate, type IsoDate } from 'shared/format/business-days';
import { formatLongDate } from 'shared/format/dates';
import { recordAudit } from 'shared/server/audit';
import { csvDisposition, toCsv, type CsvColumn } from 'shared/server/csv';
import type { SiteDb } from 'shared/server/database';
import { route } from 'shared/server/operation-routes';
import { staffOf } from 'shared/server/staff-guard';
import { pqrsfStaffOperations as ops } from '../staff-operations';
import type { PqrsfExportQuery, PqrsfInboxItem } from '../staff-schemas';
import { caseTexts, deadlineWords } from '../staff-texts';
import { readInbox } from './staff-inbox';

/**
 * The PQRSF inbox's CSV (#32): every case the inbox's search and filters find, in the inbox's order (due date, then
 * id). It walks the inbox's own pages (`readInbox`, cursor after cursor), so it finds exactly what the screen finds,
 * with every filter the inbox has now or gains later; each page's rows are then read once more for the columns the
 * inbox does not show. The texts of the request and the answer stay out: they are read in each case.
 */

type ExportRow = PqrsfInboxItem & {
  first_names: string;
  lastname: string;
  id_type: string;
  id_number: string;
  email: string;
  phone_number: string;
  rol_type: string;
  responded_at: Date | null;
  transferred_to: string | null;
  transfer_email: string | null;
  closed_at: Date | null;
};

const f = caseTexts.fields;
const columns: CsvColumn<ExportRow>[] = [
  { header: 'Radicado', value: (r) => r.radicado },
  { header: 'Fecha de radicación', value: (r) => new Date(r.createdAt) },
  { header: f.request_type, value: (r) => r.requestType },
  { header: 'Estado', value: (r) => r.status },
  { header: 'Fecha límite de respuesta', value: (r) => formatLongDate(r.dueDate) },
  { header: 'Plazo ampliado', value: (r) => r.extended },
  { header: 'Situación del plazo', value: (r) => deadlineWords(r.urgency, r.businessDaysLeft) },
  { header: f.name, value: (r) => r.first_names },
  { header: f.lastname, value: (r) => r.lastname },
  { header: 'Tipo de documento', value: (r) => r.id_type },
  { header: 'Número de documento', value: (r) => r.id_number },
  { header: f.email, value: (r) => r.email },
  { header: f.phone_number, value: (r) => r.phone_number },
  { header: f.rol_type, value: (r) => r.rol_type },
  { header: 'Fecha de respuesta', value: (r) => r.responded_at },
  { header: 'Trasladada a', value: (r) => r.transferred_to },
  { header: 'Correo de la entidad', value: (r) => r.transfer_email },
  { header: 'Fecha de cierre', value: (r) => r.closed_at },
];

/** Every case the query finds, page after page of the inbox. */
export async function exportRows(db: SiteDb, query: PqrsfExportQuery, today: IsoDate): Promise<ExportRow[]> {
  const rows: ExportRow[] = [];
  let after: string | undefined;
  for (;;) {
    const page = await readInbox(db, { ...query, ...(after ? { after } : {}) }, today);
    if (page.items.length) {
      const more = await db
        .selectFrom('community.pqrsf_requests')
        .select([
          'radicado',
          'name as first_names',
          'lastname',
          'id_type',
          'id_number',
          'email',
          'phone_number',
          'rol_type',
          'responded_at',
          'transferred_to',
          'transfer_email',
          'closed_at',
        ])
        .where(
          'radicado',
          'in',
          page.items.map((i) => i.radicado),
        )
        .execute();
      const byRadicado = new Map(more.map((m) => [m.radicado, m]));
      for (const item of page.items) {
        const m = byRadicado.get(item.radicado);
        if (m) rows.push({ ...item, ...m });
      }
    }
    if (!page.nextCursor) return rows;
    after = page.nextCursor;
  }
}

/** What the audit keeps of an export's query: its filters, and whether there was a search — never the search itself. */
const auditedQuery = (q: PqrsfExportQuery) => ({
  estado: q.status,
  ...(q.type ? { tipo: q.type } : {}),
  ...(q.due ? { plazo: q.due } : {}),
  busqueda: Boolean(q.q?.trim()),
});

/** POST /staff/pqrsf/exportar, in the staff scope of the PQRSF routes (role atencion). */
export function registerInboxExport(scope: FastifyInstance, db: SiteDb, now: () => Date) {
  route(scope, ops.exportCsv, async (request, reply) => {
    const today = colombianDate(now());
    const rows = await exportRows(db, request.body, today);
    // Recorded before the file leaves: an export that is cut short was still an export of personal data.
    await recordAudit(db, staffOf(request), {
      action: 'community.export',
      entity: 'pqrsf',
      detail: { kind: 'pqrsf', filtro: auditedQuery(request.body), filas: rows.length },
    });
    return reply
      .type('text/csv; charset=utf-8')
      .header('content-disposition', csvDisposition(`pqrsf-${today}.csv`))
      .header('cache-control', 'no-store')
      .send(toCsv(columns, rows));
  });
}
