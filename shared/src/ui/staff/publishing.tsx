import { useCallback, useEffect, useMemo, useRef, type ReactNode } from 'react';
import type { Schema } from 'shared/api/operation';
import type { ApiResult } from 'shared/api/client';
import { isSessionEnded } from 'shared/api/staff-client';
import { useOperationCall } from 'shared/api/use-operation';
import { formatColombianDateTime } from 'shared/format/dates';
import type { DocumentOperations, DocumentState, RevisionSummary } from 'shared/publishing/document';
import { messageOf, StaffTable } from './kit';
import { useStaffResource } from './resource';

/**
 * The panel's side of a published document (#28; shared/publishing): its state, a save or a publication from the
 * revision the member loaded (another member's newer save answers 409, and the form keeps what was typed), the
 * history, and a preview of what a publication changes. Each document's screen brings its own fields.
 */
export const publishingTexts = {
  loading: 'Cargando…',
  failed: 'No pudimos cargar el documento.',
  network: 'No hay conexión con el servidor. Revisa tu conexión e intenta de nuevo.',
  sessionEnded: 'Tu sesión terminó. Vuelve a ingresar al panel.',
  retry: 'Intentar de nuevo',
  never: 'Aún no se ha publicado: el sitio muestra los valores iniciales.',
  published: (revision: number, at: string, by: string) => `Publicado: versión ${revision}, el ${at}, por ${by}.`,
  draft: (revision: number, at: string, by: string) =>
    `Hay un borrador sin publicar: versión ${revision}, guardada el ${at} por ${by}. El formulario lo muestra.`,
  scheduled: (revision: number, at: string) => `Programado: la versión ${revision} se publicará el ${at}.`,
  unschedule: 'Cancelar la publicación programada',
  unscheduled: 'Publicación programada cancelada.',
  historyTitle: 'Historial',
  historyCaption: 'Versiones guardadas, la más reciente primero',
  historyColumns: ['Versión', 'Guardada', 'Por', 'Estado', 'Acciones'] as const,
  stateLive: 'En el sitio',
  statePublished: (at: string) => `Publicada el ${at}`,
  stateScheduled: (at: string) => `Programada para el ${at}`,
  stateDraft: 'Borrador',
  load: 'Cargar en el formulario',
  loadLabel: (revision: number) => `Cargar en el formulario la versión ${revision}`,
  loaded: (revision: number) =>
    `Versión ${revision} cargada en el formulario. Revísala y guárdala como borrador o publícala para volver a ella.`,
  previewTitle: 'Revisa los cambios antes de publicar',
  previewIntro: 'Esto cambiará en el sitio en unos segundos:',
  noChanges: 'No hay cambios frente a lo publicado.',
  before: 'Antes',
  after: 'Ahora',
  empty: '(vacío: pendiente)',
  confirm: 'Publicar ahora',
  publishing: 'Publicando…',
  keepEditing: 'Seguir editando',
  savedDraft: (revision: number) => `Borrador guardado (versión ${revision}). El sitio sigue mostrando lo publicado.`,
  publishedNow: (revision: number) => `Publicado (versión ${revision}). El sitio lo muestra en unos segundos.`,
  scheduledAt: (revision: number, at: string) => `Versión ${revision} programada para el ${at}.`,
} as const;
const t = publishingTexts;

/** One changed value: its label and its text before and after. */
export interface Change {
  key: string;
  label: string;
  before: string;
  after: string;
}

const show = (value: unknown): string =>
  value === null || value === undefined || value === '' ? t.empty : typeof value === 'string' ? value : JSON.stringify(value);

/**
 * The leaves that differ between two documents, each named by `labelOf(path)` (a path like `contact.email` or
 * `social.1.url`; a path it does not name is shown as written). Arrays compare item by item.
 */
export function changesBetween(before: unknown, after: unknown, labelOf: (path: string) => string, path = ''): Change[] {
  const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null;
  if (isObject(before) && isObject(after)) {
    const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])];
    return keys.flatMap((k) => changesBetween(before[k], after[k], labelOf, path ? `${path}.${k}` : k));
  }
  const same = (before ?? null) === (after ?? null) || (show(before) === t.empty && show(after) === t.empty);
  return same ? [] : [{ key: path, label: labelOf(path), before: show(before), after: show(after) }];
}

/** A document's state, and its save and publication from the revision loaded. */
export function usePublishedDocument<S extends Schema>(ops: DocumentOperations<S>) {
  // The calls only carry the body: the generic shape is the screen's (its form), checked by the server's schema.
  const plain = ops as unknown as DocumentOperations<Schema>;
  const read = useOperationCall(plain.read);
  const save = useOperationCall(plain.save);
  const publish = useOperationCall(plain.publish);
  const unschedule = useOperationCall(plain.unschedule);
  const revision = useOperationCall(plain.revision);
  const resource = useStaffResource<DocumentState<S>>(
    useMemo(() => ({ load: () => read() as Promise<ApiResult<DocumentState<S>>> }), [read]),
    t,
  );
  const base = resource.data?.latest_revision;
  return {
    resource,
    /** Saves the values as a draft, or publishes them (now, or at `publishAt`, an ISO instant). */
    send: useCallback(
      (values: unknown, action: 'draft' | 'publish', publishAt?: string): Promise<ApiResult<DocumentState<S>>> => {
        const query = { ...(base ? { base_revision: base } : {}), ...(action === 'publish' && publishAt ? { publish_at: publishAt } : {}) };
        const sent = action === 'draft' ? save({ body: values, query }) : publish({ body: values, query });
        return sent as Promise<ApiResult<DocumentState<S>>>;
      },
      [save, publish, base],
    ),
    unschedule: useCallback(() => unschedule() as Promise<ApiResult<DocumentState<S>>>, [unschedule]),
    revision: useCallback(
      (n: number) => revision({ params: { revision: n } }) as Promise<ApiResult<NonNullable<DocumentState<S>['published']>>>,
      [revision],
    ),
  };
}

/** The message of a failed call, in the panel's words (the session ended, the network, the server's message). */
export function failureOf(result: ApiResult<unknown>): string {
  return isSessionEnded(result) ? t.sessionEnded : messageOf(result, t.network, t.failed);
}

const when = (iso: string) => formatColombianDateTime(iso);

/** What is live, what waits as a draft and what is scheduled, in one sentence each; a scheduled one can be cancelled. */
export function PublicationStatus<S extends Schema>({ state, onUnschedule }: { state: DocumentState<S>; onUnschedule: () => void }) {
  const { published, draft, scheduled } = state;
  return (
    <div className="staff-publication" role="status">
      <p>{published ? t.published(published.revision, when(published.saved_at), published.published_by ?? published.saved_by) : t.never}</p>
      {scheduled && scheduled.published_at ? (
        <p>
          {t.scheduled(scheduled.revision, when(scheduled.published_at))}{' '}
          <button type="button" className="btn btn--ghost" onClick={onUnschedule}>
            {t.unschedule}
          </button>
        </p>
      ) : null}
      {draft ? <p>{t.draft(draft.revision, when(draft.saved_at), draft.saved_by)}</p> : null}
    </div>
  );
}

/** The saved revisions; any of them can be loaded into the form (to publish it again, or start from it). */
export function RevisionHistory({
  history,
  live,
  onLoad,
  headingId,
}: {
  history: readonly RevisionSummary[];
  live: number | null;
  onLoad: (revision: number) => void;
  headingId: string;
}) {
  const now = Date.now();
  const stateOf = (r: RevisionSummary) =>
    r.revision === live
      ? t.stateLive
      : r.published_at
        ? Date.parse(r.published_at) > now
          ? t.stateScheduled(when(r.published_at))
          : t.statePublished(when(r.published_at))
        : t.stateDraft;
  return (
    <section aria-labelledby={headingId}>
      <h2 id={headingId}>{t.historyTitle}</h2>
      <StaffTable caption={t.historyCaption} columns={t.historyColumns}>
        {history.map((r) => (
          <tr key={r.revision}>
            <th scope="row">{r.revision}</th>
            <td>{when(r.saved_at)}</td>
            <td>{r.saved_by}</td>
            <td>{stateOf(r)}</td>
            <td>
              <button type="button" className="btn btn--ghost" aria-label={t.loadLabel(r.revision)} onClick={() => onLoad(r.revision)}>
                {t.load}
              </button>
            </td>
          </tr>
        ))}
      </StaffTable>
    </section>
  );
}

/** What a publication changes, value by value, with the confirmation; it takes focus when it opens. */
export function ChangesPreview({
  changes,
  busy,
  onConfirm,
  onCancel,
  extra,
}: {
  changes: readonly Change[];
  busy: boolean;
  onConfirm: () => void;
  onCancel: () => void;
  extra?: ReactNode;
}) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <section className="card staff-preview" aria-labelledby="vista-previa-titulo">
      <h2 id="vista-previa-titulo" tabIndex={-1} ref={heading}>
        {t.previewTitle}
      </h2>
      {changes.length ? (
        <>
          <p>{t.previewIntro}</p>
          <dl className="staff-preview__changes">
            {changes.map((c) => (
              <div key={c.key}>
                <dt>{c.label}</dt>
                <dd>
                  <span className="staff-preview__before">
                    {t.before}: {c.before}
                  </span>
                  <br />
                  <span className="staff-preview__after">
                    {t.after}: {c.after}
                  </span>
                </dd>
              </div>
            ))}
          </dl>
        </>
      ) : (
        <p>{t.noChanges}</p>
      )}
      {extra}
      <p className="staff-filters__actions">
        <button type="button" className="btn btn--primary" onClick={onConfirm} disabled={busy} aria-disabled={busy}>
          {busy ? t.publishing : t.confirm}
        </button>
        <button type="button" className="btn btn--ghost" onClick={onCancel}>
          {t.keepEditing}
        </button>
      </p>
    </section>
  );
}
