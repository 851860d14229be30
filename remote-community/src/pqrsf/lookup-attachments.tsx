import { useState } from 'react';
import { useOperationDownload } from 'shared/api/use-operation';
import { formatColombianDateTime } from 'shared/format/dates';
import { pqrsfOperations } from './operations';
import type { PqrsfLookupAttachment, PqrsfLookupInput } from './schemas';
import { lookupTexts } from './texts';

const t = lookupTexts.attachments;

/** "2,4 MB", "812 KB": a file's size in words. */
export function sizeInWords(bytes: number): string {
  const mb = bytes / (1024 * 1024);
  if (mb >= 1) return `${mb.toFixed(1).replace('.', ',')} MB`;
  return `${Math.max(1, Math.round(bytes / 1024))} KB`;
}

/** Hands a downloaded file to the browser under its name, as a link with `download` would. */
function save(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  // Some browsers read the file after click() returns.
  setTimeout(() => URL.revokeObjectURL(url), 30_000);
}

/**
 * The answer's files on the lookup (#32): name, kind and size, and a button that downloads each by POSTing the
 * radicado and document the lookup was made with (never an id in a URL). Past their 30 days they are listed as
 * "vencido", without a button, with the words the e-mail's expired link gives.
 */
export function LookupAttachments({ items, proof }: { items: readonly PqrsfLookupAttachment[]; proof: PqrsfLookupInput }) {
  const download = useOperationDownload(pqrsfOperations.lookupAttachment);
  const [state, setState] = useState<{ id: string; kind: 'busy' | 'failed' } | null>(null);
  if (!items.length) return null;
  const get = async (a: PqrsfLookupAttachment) => {
    setState({ id: a.id, kind: 'busy' });
    const blob = await download({ body: { ...proof, attachment: a.id } });
    if (!blob) return setState({ id: a.id, kind: 'failed' });
    save(blob, a.name);
    setState(null);
  };
  const anyExpired = items.some((a) => a.expired);
  return (
    <div className="lookup-attachments">
      <p className="lookup-attachments__title">{t.title}</p>
      <ul className="lookup-attachments__list">
        {items.map((a) => {
          const busy = state?.id === a.id && state.kind === 'busy';
          return (
            <li key={a.id}>
              {a.expired ? (
                <span className="lookup-attachments__name">{a.name}</span>
              ) : (
                <button type="button" className="btn btn--ghost" aria-busy={busy} disabled={busy} onClick={() => void get(a)}>
                  {busy ? t.downloading : t.download(a.name)}
                </button>
              )}{' '}
              <span className="lookup-attachments__facts">({t.facts(a.kind, sizeInWords(a.size))})</span>{' '}
              {a.expired ? (
                <span className="status-badge">{t.expired}</span>
              ) : (
                <span className="lookup-attachments__until">{t.until(formatColombianDateTime(a.expiresAt))}</span>
              )}
              {state?.id === a.id && state.kind === 'failed' ? (
                <span className="field-error" role="alert">
                  {' '}
                  {t.failed}
                </span>
              ) : null}
            </li>
          );
        })}
      </ul>
      {anyExpired ? <p className="lookup-attachments__expired">{t.expiredMessage}</p> : null}
    </div>
  );
}
