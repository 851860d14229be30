import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import type { DefaultValues, FieldValues } from 'react-hook-form';
import type { Schema } from 'shared/api/operation';
import type { ApiResult } from 'shared/api/client';
import { isSessionEnded } from 'shared/api/staff-client';
import { useOperationCall } from 'shared/api/use-operation';
import { formatColombianDateTime } from 'shared/format/dates';
import type { DocumentOperations, DocumentState, RevisionSummary } from 'shared/publishing/document';
import { StaffFormFailure, useStaffForm } from './form';
import { messageOf, Notice, StaffTable } from './kit';
import { ResourceState } from './resource';
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
  saveDraft: 'Guardar borrador',
  saving: 'Guardando…',
  review: 'Revisar y publicar',
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

type DocumentAccess<S extends Schema> = ReturnType<typeof usePublishedDocument<S>>;

/** What a screen's editor receives from PublishedDocumentScreen: the state it starts from, the calls, the way back. */
export interface DocumentEditorProps<S extends Schema> {
  state: DocumentState<S>;
  doc: DocumentAccess<S>;
  onState: (state: DocumentState<S>, notice: string) => void;
}

/** A document's form: named by a (visually hidden) heading, the last refused send said first, then the fields. */
export function DocumentForm({
  submission,
  id,
  title,
  children,
}: {
  submission: ReturnType<typeof useDocumentEditor>['submission'];
  /** The heading's id. */
  id: string;
  title: string;
  children: ReactNode;
}) {
  return (
    <form
      ref={submission.formRef}
      className="form card staff-document"
      onSubmit={(e) => void submission.onSubmit(e)}
      aria-labelledby={id}
      noValidate
    >
      <h2 id={id} className="visually-hidden">
        {title}
      </h2>
      <StaffFormFailure submission={submission} />
      {children}
    </form>
  );
}

/**
 * One document's form on the form kit: "Guardar borrador" submits (Enter in a field too), "Revisar y publicar" opens
 * the preview of the changes the screen computes, and only the preview's confirmation publishes. A refused send goes
 * back to the form with its errors on the fields; a sent one hands the new state to the screen with what happened.
 */
export function useDocumentEditor<V extends FieldValues, S extends Schema>({
  doc,
  defaultValues,
  toBody = (values) => values,
  onRefused,
  fieldOf = (path) => path,
  onState,
}: {
  doc: DocumentAccess<S>;
  defaultValues: DefaultValues<V>;
  /** The document's body from the form's values (when the form is shaped otherwise). */
  toBody?: (values: V) => unknown;
  /** The server's field errors, for a screen that shows only part of the form (to reveal the part they are in). */
  onRefused?: (fields: readonly string[]) => void;
  /** The form's field for a path of the document's (when the form is shaped otherwise). */
  fieldOf?: (path: string) => string;
  onState: (state: DocumentState<S>, notice: string) => void;
}) {
  const action = useRef<'draft' | 'publish'>('draft');
  const [preview, setPreview] = useState<Change[] | null>(null);
  const reviewButton = useRef<HTMLButtonElement>(null);
  const { form, field, ...submission } = useStaffForm<V, DocumentState<S>>({
    defaultValues,
    send: async (values) => {
      const result = await doc.send(toBody(values), action.current);
      if (result.kind === 'ok') return result;
      setPreview(null);
      action.current = 'draft';
      if (result.kind !== 'error' || !result.fields) return result;
      onRefused?.(Object.keys(result.fields));
      return { ...result, fields: Object.fromEntries(Object.entries(result.fields).map(([k, m]) => [fieldOf(k), m])) };
    },
    onSent: (next) => {
      setPreview(null);
      const revision = next.latest_revision;
      onState(next, action.current === 'draft' ? t.savedDraft(revision) : t.publishedNow(revision));
      action.current = 'draft';
    },
    texts: { network: t.network, failed: t.failed, sessionEnded: t.sessionEnded },
  });
  return {
    form,
    field,
    submission,
    /** Opens the preview with the changes the screen computed (`changesBetween` of what is live and the form). */
    openPreview: (changes: Change[]) => setPreview(changes),
    actions: {
      preview,
      busy: submission.busy,
      savingDraft: submission.busy && action.current === 'draft',
      reviewButton,
      draft: () => (action.current = 'draft'),
      confirm: () => {
        action.current = 'publish';
        void submission.onSubmit();
      },
      close: () => {
        action.current = 'draft';
        setPreview(null);
        reviewButton.current?.focus();
      },
    },
  };
}

/** The preview (when open) and the form's two buttons: a draft's submit and the review that leads to publishing. */
export function DocumentEditorActions({
  actions,
  onReview,
}: {
  actions: ReturnType<typeof useDocumentEditor>['actions'];
  onReview: () => void;
}) {
  return (
    <>
      {actions.preview ? (
        <ChangesPreview changes={actions.preview} busy={actions.busy} onCancel={actions.close} onConfirm={actions.confirm} />
      ) : null}
      <p className="staff-filters__actions">
        {/* Enter in a field saves a draft too: only the preview's confirmation publishes. */}
        <button type="submit" className="btn" disabled={actions.busy} aria-busy={actions.busy || undefined} onClick={actions.draft}>
          {actions.savingDraft ? t.saving : t.saveDraft}
        </button>
        <button ref={actions.reviewButton} type="button" className="btn btn--primary" onClick={onReview}>
          {t.review}
        </button>
      </p>
    </>
  );
}

/**
 * A published document's screen: its heading and intro, what happened last, its status (published, draft, scheduled,
 * with the schedule's cancellation), the screen's editor — started again from a revision the member loads from the
 * history — and the history.
 */
export function PublishedDocumentScreen<S extends Schema>({
  ops,
  id,
  title,
  intro,
  loading,
  aside,
  editor,
}: {
  ops: DocumentOperations<S>;
  /** The prefix of the screen's element ids (`fundacion`: `fundacion-titulo`, `fundacion-historial`). */
  id: string;
  title: string;
  intro: string;
  loading: string;
  /** What the screen says between the status and the form (what is missing, say). */
  aside?: (state: DocumentState<S>) => ReactNode;
  /** The form, for the state it starts from; `onState` takes the state a send answered, with the notice to show. */
  editor: (props: {
    key: string;
    state: DocumentState<S>;
    doc: DocumentAccess<S>;
    onState: (state: DocumentState<S>, notice: string) => void;
  }) => ReactNode;
}) {
  const doc = usePublishedDocument(ops);
  const { resource } = doc;
  const [notice, setNotice] = useState<{ text: string; kind: 'success' | 'error' } | null>(null);
  const [loaded, setLoaded] = useState<{ key: string; state: DocumentState<S> } | null>(null);
  const state = resource.data;
  const shown = loaded?.state ?? state;

  const changed = (next: DocumentState<S>, text: string) => {
    resource.set(next);
    setLoaded(null);
    setNotice({ text, kind: 'success' });
  };
  const load = async (revision: number) => {
    if (!state) return;
    const result = await doc.revision(revision);
    if (result.kind !== 'ok') return setNotice({ text: failureOf(result), kind: 'error' });
    // The form starts again from that revision; saving it keeps the history's base (the state's latest revision).
    setLoaded({
      key: `v${revision}-${Date.now()}`,
      state: { ...state, draft: { ...result.data, published_at: null, published_by: null } },
    });
    setNotice({ text: t.loaded(revision), kind: 'success' });
  };
  const unschedule = async () => {
    const result = await doc.unschedule();
    if (result.kind !== 'ok') return setNotice({ text: failureOf(result), kind: 'error' });
    changed(result.data, t.unscheduled);
  };

  return (
    <section className="staff-screen" aria-labelledby={`${id}-titulo`}>
      <h1 id={`${id}-titulo`}>{title}</h1>
      <p className="staff-screen__intro">{intro}</p>
      {notice ? <Notice key={notice.text} text={notice.text} kind={notice.kind} /> : null}
      <ResourceState resource={resource} loading={loading} />
      {state && shown ? (
        <>
          <PublicationStatus state={state} onUnschedule={() => void unschedule()} />
          {aside?.(state)}
          {editor({ key: loaded?.key ?? `r${state.latest_revision}`, state: shown, doc, onState: changed })}
          <RevisionHistory
            history={state.history}
            live={state.published?.revision ?? null}
            onLoad={(r) => void load(r)}
            headingId={`${id}-historial`}
          />
        </>
      ) : null}
    </section>
  );
}
