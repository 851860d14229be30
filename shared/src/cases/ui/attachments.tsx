import './attachments.css';
import { useId, useRef, useState } from 'react';
import type { AnyOperation, FileAnswer, InputArgs, Operation } from '../../api/operation';
import { isSessionEnded } from '../../api/staff-client';
import { useOperationCaller, useOperationDownload, useOperationUpload } from '../../api/use-operation';
import type { z } from '../../schemas/zod';
import { saveFile } from '../../ui/staff/csv-export';
import { messageOf } from '../../ui/staff/kit';
import { ATTACHMENT_ACCEPT, ATTACHMENT_LINK_DAYS, MAX_ATTACHMENTS, type CaseAttachment, type UploadedAttachment } from '../attachments';

/**
 * A legal case's attachments on its screen (#32), for every kind: the picker of an answer's or a note's files (each
 * uploaded as soon as it is chosen, listed with a button to take it out before sending), and the list of a sent answer's
 * or note's files with their downloads. The server reads each file's kind from its bytes and says why it refuses one.
 * The kind hands over its three operations (`caseAttachmentOperations`, or its own with `:radicado` and `:id`; a kind
 * keyed otherwise, as community records' `:kind/:id`, gives its `caseParams` and names the file's param).
 */

export interface CaseAttachmentOps {
  uploadAttachment: AnyOperation;
  removeAttachment: AnyOperation;
  attachment: Operation<string, z.ZodMiniType | undefined, z.ZodMiniType | undefined, z.ZodMiniType | undefined, FileAnswer>;
}

export const attachmentUiTexts = {
  label: 'Adjuntar archivos (opcional)',
  hint: `PDF, imágenes (PNG, JPEG, WebP) o documentos de Word, Excel o PowerPoint; hasta 10 MB cada uno y ${MAX_ATTACHMENTS} por envío.`,
  answerHint: `La persona los descarga desde el correo de la respuesta; los enlaces vencen en ${ATTACHMENT_LINK_DAYS} días.`,
  full: `Ya elegiste ${MAX_ATTACHMENTS} archivos, el máximo por envío.`,
  tooMany: (n: number) => `Solo caben ${n} archivo${n === 1 ? '' : 's'} más: no subimos el resto.`,
  uploading: (name: string) => `Subiendo ${name}…`,
  uploaded: (name: string) => `${name} quedó listo para enviar.`,
  chosen: 'Archivos para enviar',
  remove: (name: string) => `Quitar ${name}`,
  removed: (name: string) => `Quitamos ${name}.`,
  failedFile: (name: string, why: string) => `${name}: ${why}`,
  failed: 'No pudimos subir el archivo.',
  removeFailed: 'No pudimos quitar el archivo. Intenta de nuevo.',
  network: 'No hay conexión con el servidor. Revisa tu conexión e intenta de nuevo.',
  sessionEnded: 'Tu sesión terminó. Vuelve a ingresar al panel.',
  listTitle: 'Adjuntos',
  download: (name: string) => `Descargar ${name}`,
  downloading: 'Descargando…',
  downloadFailed: 'No pudimos descargar el archivo. Intenta de nuevo.',
  confirmCount: (n: number) => (n === 1 ? 'Se enviará con 1 archivo adjunto.' : `Se enviará con ${n} archivos adjuntos.`),
} as const;
const t = attachmentUiTexts;

/** "2,4 MB", "812 KB": the size as the list says it. */
export function sizeOf(bytes: number): string {
  const mb = bytes / (1024 * 1024);
  if (mb >= 1) return `${mb.toFixed(1).replace('.', ',')} MB`;
  return `${Math.max(1, Math.round(bytes / 1024))} KB`;
}

/** Where a case's attachments are: `{ radicado }` by default, or the kind's own path params and file param. */
export interface CaseAttachmentPlace {
  radicado?: string;
  /** The case's path params when not `:radicado` (community records: `{ kind, id }`). */
  caseParams?: Record<string, string>;
  /** The attachment's id param when not `:id` (community records: `adjunto`). */
  attachmentParam?: string;
}

const caseParamsOf = (p: CaseAttachmentPlace): Record<string, string> => p.caseParams ?? { radicado: p.radicado ?? '' };

/** An attachment's `…/adjuntos/:id` as any kind's removal or download takes it. */
const attachmentInput = <O extends AnyOperation>(p: CaseAttachmentPlace, id: string) =>
  // Every kind's attachment operations take exactly the case's path params and the file's (caseAttachmentOperations).
  [{ params: { ...caseParamsOf(p), [p.attachmentParam ?? 'id']: id } }] as unknown as InputArgs<O>;

/**
 * The files chosen for an answer or a note: a labelled file input (several at once), each file uploaded as it is
 * chosen, listed with its size and a "Quitar" button. What happened is said in a status line, refusals in an alert.
 * After a removal the focus goes back to the input.
 */
export function CaseAttachmentPicker({
  ops,
  files,
  onChange,
  hint,
  disabled = false,
  ...place
}: CaseAttachmentPlace & {
  ops: CaseAttachmentOps;
  files: readonly UploadedAttachment[];
  onChange: (files: UploadedAttachment[]) => void;
  /** A line about where the files go (the answer's e-mail). */
  hint?: string;
  disabled?: boolean;
}) {
  const upload = useOperationUpload(ops.uploadAttachment);
  const call = useOperationCaller();
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);
  const [status, setStatus] = useState<string | null>(null);
  const [errors, setErrors] = useState<string[]>([]);
  const full = files.length >= MAX_ATTACHMENTS;

  const choose = async (chosen: File[]) => {
    if (!chosen.length) return;
    const room = MAX_ATTACHMENTS - files.length;
    const problems: string[] = chosen.length > room ? [t.tooMany(room)] : [];
    let kept = [...files];
    setBusy(true);
    for (const file of chosen.slice(0, room)) {
      setStatus(t.uploading(file.name));
      const result = await upload(file, caseParamsOf(place));
      if (result.kind === 'ok') {
        const done = result.data as UploadedAttachment;
        kept = [...kept, done];
        onChange(kept);
        setStatus(t.uploaded(done.name));
      } else {
        const why = isSessionEnded(result) ? t.sessionEnded : messageOf(result, t.network, t.failed);
        problems.push(t.failedFile(file.name, why));
        setStatus(null);
      }
    }
    setBusy(false);
    setErrors(problems);
  };

  const drop = async (file: UploadedAttachment) => {
    const result = await call(ops.removeAttachment, ...attachmentInput(place, file.id));
    if (result.kind !== 'ok') {
      setErrors([isSessionEnded(result) ? t.sessionEnded : messageOf(result, t.network, t.removeFailed)]);
      return;
    }
    onChange(files.filter((f) => f.id !== file.id));
    setErrors([]);
    setStatus(t.removed(file.name));
    input.current?.focus();
  };

  const hintId = `${id}-ayuda`;
  return (
    <div className="field case-attachments">
      <label htmlFor={id}>{t.label}</label>
      <p className="field-hint" id={hintId}>
        {full ? t.full : t.hint}
        {hint ? ` ${hint}` : ''}
      </p>
      <input
        ref={input}
        id={id}
        type="file"
        multiple
        accept={ATTACHMENT_ACCEPT}
        aria-describedby={hintId}
        disabled={disabled || busy || full}
        onChange={(e) => {
          const chosen = [...(e.currentTarget.files ?? [])];
          e.currentTarget.value = '';
          void choose(chosen);
        }}
      />
      {errors.length ? (
        // The alert wraps the list: a <ul> may not take the role itself (its items would stop being a list's).
        <div role="alert">
          <ul className="field-error case-attachments__errors">
            {errors.map((error, i) => (
              <li key={i}>{error}</li>
            ))}
          </ul>
        </div>
      ) : null}
      <p className="visually-hidden" role="status">
        {status ?? ''}
      </p>
      {files.length ? (
        <>
          <p className="case-attachments__title">{t.chosen}</p>
          <ul className="case-attachments__list">
            {files.map((f) => (
              <li key={f.id}>
                <span className="case-attachments__name">{f.name}</span> <span className="staff-muted">({sizeOf(f.size)})</span>{' '}
                <button type="button" className="btn btn--ghost case-attachments__button" disabled={disabled} onClick={() => void drop(f)}>
                  {t.remove(f.name)}
                </button>
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </div>
  );
}

/** The sent files of an answer or a note, each with its download (audited on the server). */
export function CaseAttachmentList({
  ops,
  items,
  ...place
}: CaseAttachmentPlace & {
  ops: Pick<CaseAttachmentOps, 'attachment'>;
  items: readonly CaseAttachment[];
}) {
  const download = useOperationDownload(ops.attachment);
  const [state, setState] = useState<{ id: string; kind: 'busy' | 'failed' } | null>(null);
  if (!items.length) return null;
  const get = async (a: CaseAttachment) => {
    setState({ id: a.id, kind: 'busy' });
    const blob = await download(...attachmentInput<typeof ops.attachment>(place, a.id));
    if (!blob) return setState({ id: a.id, kind: 'failed' });
    saveFile(blob, a.name);
    setState(null);
  };
  return (
    <div className="case-attachments">
      <p className="case-attachments__title">{t.listTitle}</p>
      <ul className="case-attachments__list">
        {items.map((a) => (
          <li key={a.id}>
            <button
              type="button"
              className="btn btn--ghost case-attachments__button"
              aria-busy={state?.id === a.id && state.kind === 'busy'}
              onClick={() => void get(a)}
            >
              {state?.id === a.id && state.kind === 'busy' ? t.downloading : t.download(a.name)}
            </button>{' '}
            <span className="staff-muted">({sizeOf(a.size)})</span>
            {state?.id === a.id && state.kind === 'failed' ? (
              <span className="field-error" role="alert">
                {' '}
                {t.downloadFailed}
              </span>
            ) : null}
          </li>
        ))}
      </ul>
    </div>
  );
}
