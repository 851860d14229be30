import { colombianDate } from 'shared/format/business-days';
import { useOperationDownload } from 'shared/api/use-operation';
import { CsvExport, exportUiTexts } from 'shared/ui/staff/csv-export';
import type { PqrsfInboxRequest } from './staff-schemas';
import { pqrsfStaffOperations as ops } from './staff-operations';

export const inboxExportTexts = {
  ...exportUiTexts,
  hint: (searched: boolean) =>
    searched
      ? 'El archivo trae todas las solicitudes que encuentran la búsqueda y los filtros aplicados, no solo las que se ven en pantalla.'
      : 'El archivo trae todas las solicitudes que encuentran los filtros aplicados, no solo las que se ven en pantalla.',
} as const;

/**
 * The PQRSF inbox's CSV (#32): what the applied search and filters find, asked for with the inbox's own body (a POST:
 * the search never goes in a URL). The server records the export in the audit log.
 */
export function InboxExport({ body }: { body: PqrsfInboxRequest }) {
  const download = useOperationDownload(ops.exportCsv);
  const { after: _after, ...query } = body;
  return (
    <CsvExport
      hint={inboxExportTexts.hint(Boolean(query.q))}
      filename={`pqrsf-${colombianDate(new Date())}.csv`}
      texts={inboxExportTexts}
      frame={{ id: 'pqrsf-exportar', level: 'h2', className: 'staff-export', notice: 'staff-notice', hint: 'staff-screen__intro' }}
      file={() => download({ body: query })}
    />
  );
}
