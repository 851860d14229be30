import { useState } from 'react';
import { Notice } from './kit';

/** Hands a downloaded file to the browser under a name, as a link with `download` would. */
export function saveFile(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  // Some browsers read the file after click() returns.
  setTimeout(() => URL.revokeObjectURL(url), 30_000);
}

export const exportUiTexts = {
  exportTitle: 'Exportar a Excel (CSV)',
  exportButton: 'Descargar CSV',
  exporting: 'Preparando el archivo…',
  exported: (filename: string) => `Descargamos ${filename}. Contiene datos personales: guárdalo solo donde la fundación lo permita.`,
  exportFailed: 'No pudimos generar el archivo. Intenta de nuevo.',
} as const;

/** What the download says: its heading, its button while idle and busy, and how it went. */
export interface ExportTexts {
  exportTitle: string;
  exportButton: string;
  exporting: string;
  exported: (filename: string) => string;
  exportFailed: string;
}
const exportTexts: ExportTexts = exportUiTexts;

type Download = { kind: 'idle' } | { kind: 'busy' } | { kind: 'done'; filename: string; n: number } | { kind: 'failed'; n: number };

/**
 * The CSV download of what the list shows (its filter, never its search: a name does not go in a URL). The server
 * records each export in the audit log; the line after it says so and where the file went.
 */
export function CsvExport({
  hint,
  filename,
  texts = exportTexts,
  frame = { id: 'registro-exportar', level: 'h2', className: 'staff-export', notice: 'staff-notice', hint: 'staff-screen__intro' },
  file: fetchFile,
}: {
  hint: string;
  filename: string;
  /** A screen's own words for the download (the community inbox's). */
  texts?: ExportTexts;
  /** Where it stands in the screen: its heading's id and level, and the screen's class names. */
  frame?: { id: string; level: 'h2' | 'h3'; className: string; notice: string; hint: string };
  /** The file through a declared operation (`useOperationDownload`, #27): null when it failed or the session ended. */
  file: () => Promise<Blob | null>;
}) {
  const [file, setFile] = useState<Download>({ kind: 'idle' });
  const run = async () => {
    const n = file.kind === 'done' || file.kind === 'failed' ? file.n + 1 : 0;
    setFile({ kind: 'busy' });
    const blob = await fetchFile();
    if (!blob) return setFile({ kind: 'failed', n });
    saveFile(blob, filename);
    setFile({ kind: 'done', filename, n });
  };
  const Heading = frame.level;
  return (
    <section className={frame.className} aria-labelledby={frame.id}>
      <Heading id={frame.id}>{texts.exportTitle}</Heading>
      <p className={frame.hint}>{hint}</p>
      <button type="button" className="btn btn--ghost" onClick={() => void run()} disabled={file.kind === 'busy'}>
        {file.kind === 'busy' ? texts.exporting : texts.exportButton}
      </button>
      {file.kind === 'done' ? <Notice key={`ok-${file.n}`} className={frame.notice} text={texts.exported(file.filename)} /> : null}
      {file.kind === 'failed' ? <Notice key={`error-${file.n}`} className={frame.notice} kind="error" text={texts.exportFailed} /> : null}
    </section>
  );
}
