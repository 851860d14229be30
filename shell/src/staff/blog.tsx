import 'shared/ui/staff/screens.css';
import './blog.css';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Controller } from 'react-hook-form';
import type { Schema } from 'shared/api/operation';
import type { ApiResult } from 'shared/api/client';
import { useOperationCall, useOperationUpload } from 'shared/api/use-operation';
import { formatColombianDateTime } from 'shared/format/dates';
import type { CollectionItemState, CollectionItemSummary, DocumentState } from 'shared/publishing/document';
import { publishedFileOperations } from 'shared/publishing/file-operations';
import { TextAreaField, TextField } from 'shared/ui/form';
import { RichTextField } from 'shared/ui/rich-text-field';
import { StaffFormFailure, useStaffForm } from 'shared/ui/staff/form';
import { Notice, StaffTable } from 'shared/ui/staff/kit';
import { failureOf, PublicationStatus, publishingTexts, RevisionHistory } from 'shared/ui/staff/publishing';
import { ResourceState, useStaffResource } from 'shared/ui/staff/resource';
import { PublishedFileUpload } from 'shared/ui/staff/upload';
import type { Post } from '../../manifest/posts';
import { postsOperations, type postsCollection } from '../../manifest/posts-schema';
import { PostView } from '../pages/post-view';

type PostSchema = typeof postsCollection.schema;
type ItemState = CollectionItemState<PostSchema>;
type ItemSummary = CollectionItemSummary<PostSchema>;

export const staffBlogTexts = {
  title: 'Blog',
  intro:
    'Las entradas del blog: escribe un borrador, revísalo en la vista previa y publícalo ahora o prográmalo para una fecha. Cada entrada tiene su propio historial.',
  loading: 'Cargando las entradas…',
  listCaption: 'Entradas del blog, la más reciente primero',
  columns: ['Título', 'Estado', 'Acciones'] as const,
  newPost: 'Nueva entrada',
  edit: 'Editar',
  editLabel: (title: string) => `Editar «${title}»`,
  back: 'Volver a la lista',
  stateDraft: 'Borrador',
  stateScheduled: (at: string) => `Programada para el ${at}`,
  statePublished: 'Publicada',
  stateArchived: 'Retirada del sitio',
  withDraft: ' (con un borrador sin publicar)',
  newTitle: 'Nueva entrada',
  editTitle: (title: string) => `Editar: ${title}`,
  labels: {
    title: 'Título de la entrada',
    slug: 'Dirección (/blog/…)',
    summary: 'Resumen',
    body: 'Texto',
    coverSrc: 'Imagen de portada',
    coverAlt: 'Descripción de la imagen de portada',
    tags: 'Etiquetas (separadas por comas)',
    author: 'Autor o autora',
  },
  hints: {
    slug: 'Minúsculas, números y guiones: «mi-primera-entrada». Es la dirección de la entrada en el sitio.',
    summary: 'Se ve en la tarjeta del blog y en los buscadores (máximo 300 caracteres).',
    coverAlt: 'Qué muestra la imagen, para quien no la ve. Obligatoria si hay portada.',
    tags: 'Ejemplo: empleo, becas',
    author: 'El nombre que firma la entrada.',
  },
  uploadCover: 'Subir la imagen de portada',
  removeCover: 'Quitar la portada',
  saveDraft: 'Guardar borrador',
  saving: 'Guardando…',
  preview: 'Vista previa',
  hidePreview: 'Cerrar la vista previa',
  previewTitle: 'Vista previa: así se verá la entrada en el sitio',
  previewNote: 'Vista previa — aún no está publicada.',
  previewHint: 'La vista previa guarda primero tus cambios como borrador: muestra el texto tal como el sitio lo guardó.',
  previewSaved: (revision: number) =>
    `Borrador guardado (versión ${revision}). Abajo, la vista previa; el sitio sigue mostrando lo publicado.`,
  publishNow: 'Publicar ahora',
  scheduleLegend: 'Programar la publicación',
  scheduleLabel: 'Fecha y hora (hora de Colombia)',
  schedule: 'Programar',
  scheduleMissing: 'Elige la fecha y la hora de la publicación.',
  archive: 'Retirar del sitio',
  archived: 'Entrada retirada del sitio. Su historial se conserva; publícala de nuevo para volver a mostrarla.',
  created: 'Borrador creado. El sitio no lo muestra hasta que lo publiques.',
  uploadImage: 'No pudimos subir la imagen.',
} as const;
const t = staffBlogTexts;

/** The form: a post with its cover and tags as fields a person types. */
interface PostForm {
  title: string;
  slug: string;
  summary: string;
  body: string;
  coverSrc: string;
  coverAlt: string;
  tags: string;
  author: string;
}

const emptyForm: PostForm = { title: '', slug: '', summary: '', body: '', coverSrc: '', coverAlt: '', tags: '', author: '' };

function toForm(post: Post | null | undefined): PostForm {
  if (!post) return emptyForm;
  return {
    title: post.title,
    slug: post.slug,
    summary: post.summary,
    body: post.body,
    coverSrc: post.cover?.src ?? '',
    coverAlt: post.cover?.alt ?? '',
    tags: post.tags.join(', '),
    author: post.author,
  };
}

/** The body the API takes; a default post keeps its date (a new one gets its first publication's). */
function fromForm(values: PostForm, date: string | undefined) {
  return {
    title: values.title,
    slug: values.slug.trim().toLowerCase(),
    summary: values.summary,
    body: values.body,
    cover: values.coverSrc || values.coverAlt ? { src: values.coverSrc, alt: values.coverAlt } : null,
    tags: values.tags
      .split(',')
      .map((tag) => tag.trim())
      .filter(Boolean),
    author: values.author,
    ...(date ? { date } : {}),
  };
}

/** The server names nested fields by their path; the form has them flat. */
const formField: Record<string, keyof PostForm> = { 'cover.src': 'coverSrc', 'cover.alt': 'coverAlt', cover: 'coverSrc' };
function withFormFields<A>(result: ApiResult<A>): ApiResult<A> {
  if (result.kind !== 'error' || !result.fields) return result;
  const fields = Object.fromEntries(
    Object.entries(result.fields).map(([key, message]) => [formField[key] ?? (key.startsWith('tags') ? 'tags' : key), message]),
  );
  return { ...result, fields };
}

/** A `datetime-local` value, read as Bogotá's time (UTC−5, no daylight saving), as an ISO instant. */
export function bogotaToIso(local: string): string | null {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2})?$/.test(local)) return null;
  const at = new Date(`${local.length === 16 ? `${local}:00` : local}-05:00`);
  return Number.isNaN(at.getTime()) ? null : at.toISOString();
}

const when = (iso: string) => formatColombianDateTime(iso);

function stateOf(item: ItemSummary): string {
  const base = item.archived
    ? t.stateArchived
    : item.scheduled_at
      ? t.stateScheduled(when(item.scheduled_at))
      : item.live
        ? t.statePublished
        : t.stateDraft;
  return item.draft && (item.live || item.scheduled_at) ? `${base}${t.withDraft}` : base;
}

/** The collection's calls, bound to the staff client. */
function usePostCalls() {
  return {
    list: useOperationCall(postsOperations.list),
    create: useOperationCall(postsOperations.create),
    read: useOperationCall(postsOperations.read),
    revision: useOperationCall(postsOperations.revision),
    save: useOperationCall(postsOperations.save),
    publish: useOperationCall(postsOperations.publish),
    unschedule: useOperationCall(postsOperations.unschedule),
    archive: useOperationCall(postsOperations.archive),
  };
}
type Calls = ReturnType<typeof usePostCalls>;

function PostEditor({
  calls,
  state,
  onState,
  onBack,
  previewOpen,
  onPreview,
}: {
  calls: Calls;
  state: ItemState | null;
  onState: (state: ItemState, notice: string, preview?: boolean) => void;
  onBack: () => void;
  previewOpen: boolean;
  onPreview: (open: boolean) => void;
}) {
  const action = useRef<'draft' | 'preview' | 'publish' | 'schedule'>('draft');
  const [scheduleAt, setScheduleAt] = useState('');
  const [scheduleError, setScheduleError] = useState<string | undefined>();
  const upload = useOperationUpload(publishedFileOperations.upload);
  const current = state ? (state.draft?.body ?? state.scheduled?.body ?? state.published?.body ?? state.defaults) : null;
  const date = current?.date;
  const { form, field, ...submission } = useStaffForm<PostForm, ItemState>({
    defaultValues: toForm(current),
    send: async (values) => {
      const body = fromForm(values, date);
      const query = state?.latest_revision ? { base_revision: state.latest_revision } : {};
      const publishAt = action.current === 'schedule' ? (bogotaToIso(scheduleAt) ?? undefined) : undefined;
      const result = !state
        ? await calls.create({ body })
        : action.current === 'draft' || action.current === 'preview'
          ? await calls.save({ params: { key: state.key }, query, body })
          : await calls.publish({ params: { key: state.key }, query: { ...query, ...(publishAt ? { publish_at: publishAt } : {}) }, body });
      if (result.kind === 'error' && result.fields?.publish_at) setScheduleError(result.fields.publish_at);
      return withFormFields(result);
    },
    onSent: (next) => {
      const revision = next.latest_revision;
      const preview = action.current === 'preview';
      const text = preview
        ? t.previewSaved(revision)
        : !state
          ? t.created
          : action.current === 'draft'
            ? publishingTexts.savedDraft(revision)
            : action.current === 'schedule' && next.scheduled?.published_at
              ? publishingTexts.scheduledAt(revision, when(next.scheduled.published_at))
              : publishingTexts.publishedNow(revision);
      action.current = 'draft';
      onState(next, text, preview);
    },
    texts: { network: publishingTexts.network, failed: publishingTexts.failed, sessionEnded: publishingTexts.sessionEnded },
  });
  const onUploadImage = useCallback(
    async (file: File) => {
      const result = await upload(file);
      if (result.kind !== 'ok') throw new Error(t.uploadImage);
      return { src: result.data.src };
    },
    [upload],
  );
  const submitAs = (kind: 'draft' | 'preview' | 'publish' | 'schedule') => {
    action.current = kind;
    void submission.onSubmit();
  };
  const schedule = () => {
    if (!bogotaToIso(scheduleAt)) return setScheduleError(t.scheduleMissing);
    setScheduleError(undefined);
    submitAs('schedule');
  };
  // The preview shows what the server stored (sanitised), never the form's HTML: changes are saved as a draft first.
  const showPreview = () => {
    const changed = JSON.stringify(fromForm(form.getValues(), date)) !== JSON.stringify(fromForm(toForm(current), date));
    return !state || changed ? submitAs('preview') : onPreview(true);
  };
  const titleId = 'blog-form-titulo';
  const coverSrc = form.watch('coverSrc');

  return (
    <form
      ref={submission.formRef}
      className="form card staff-document"
      onSubmit={(e) => void submission.onSubmit(e)}
      aria-labelledby={titleId}
      noValidate
    >
      <h2 id={titleId}>{current ? t.editTitle(current.title) : t.newTitle}</h2>
      <p>
        <button type="button" className="btn btn--ghost" onClick={onBack}>
          {t.back}
        </button>
      </p>
      <StaffFormFailure submission={submission} />
      <TextField label={t.labels.title} required unmarked maxLength={120} autoComplete="off" {...field('title')} />
      <TextField label={t.labels.slug} hint={t.hints.slug} required unmarked maxLength={80} autoComplete="off" {...field('slug')} />
      <TextAreaField label={t.labels.summary} hint={t.hints.summary} required unmarked rows={3} maxLength={300} {...field('summary')} />
      <TextField label={t.labels.author} hint={t.hints.author} required unmarked maxLength={80} autoComplete="name" {...field('author')} />
      <TextField label={t.labels.tags} hint={t.hints.tags} unmarked maxLength={300} autoComplete="off" {...field('tags')} />
      <Controller
        control={form.control}
        name="body"
        render={({ field: body, fieldState }) => (
          <RichTextField
            label={t.labels.body}
            required
            unmarked
            {...body}
            error={fieldState.error?.message}
            onUploadImage={onUploadImage}
          />
        )}
      />
      <fieldset>
        <legend>{t.labels.coverSrc}</legend>
        {coverSrc ? <img className="staff-blog__cover" src={coverSrc} alt="" /> : null}
        <input type="hidden" {...form.register('coverSrc')} />
        {form.formState.errors.coverSrc?.message ? (
          <p className="field-error" role="alert">
            {form.formState.errors.coverSrc.message}
          </p>
        ) : null}
        <PublishedFileUpload
          label={t.uploadCover}
          accept="image/png,image/jpeg,image/webp,image/gif"
          onUploaded={(file) => form.setValue('coverSrc', file.src, { shouldDirty: true })}
        />
        <TextField label={t.labels.coverAlt} hint={t.hints.coverAlt} unmarked maxLength={200} autoComplete="off" {...field('coverAlt')} />
        {coverSrc ? (
          <button
            type="button"
            className="btn btn--ghost"
            onClick={() => {
              form.setValue('coverSrc', '', { shouldDirty: true });
              form.setValue('coverAlt', '', { shouldDirty: true });
            }}
          >
            {t.removeCover}
          </button>
        ) : null}
      </fieldset>

      <p className="staff-filters__actions">
        {/* Enter in a field saves a draft: only the buttons below publish. */}
        <button type="submit" className="btn" disabled={submission.busy} onClick={() => (action.current = 'draft')}>
          {submission.busy && action.current === 'draft' ? t.saving : t.saveDraft}
        </button>
        <button
          type="button"
          className="btn btn--ghost"
          aria-expanded={previewOpen}
          aria-describedby="blog-vista-previa-ayuda"
          disabled={submission.busy}
          onClick={() => (previewOpen ? onPreview(false) : showPreview())}
        >
          {previewOpen ? t.hidePreview : t.preview}
        </button>
      </p>
      <p id="blog-vista-previa-ayuda" className="field-hint">
        {t.previewHint}
      </p>

      {previewOpen && current ? <PostPreview post={current} /> : null}

      {state ? (
        <>
          <fieldset>
            <legend>{t.scheduleLegend}</legend>
            <TextField
              label={t.scheduleLabel}
              type="datetime-local"
              value={scheduleAt}
              onChange={(e) => setScheduleAt(e.currentTarget.value)}
              error={scheduleError}
              name="publish_at"
            />
            <button type="button" className="btn" disabled={submission.busy} onClick={schedule}>
              {t.schedule}
            </button>
          </fieldset>
          <p className="staff-filters__actions">
            <button type="button" className="btn btn--primary" disabled={submission.busy} onClick={() => submitAs('publish')}>
              {submission.busy && action.current === 'publish' ? publishingTexts.publishing : t.publishNow}
            </button>
          </p>
        </>
      ) : null}
    </form>
  );
}

/** The post as its page will show it, framed and labelled as a preview; it takes focus when it opens. */
function PostPreview({ post }: { post: Post }) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <section className="staff-blog__preview" aria-labelledby="blog-vista-previa">
      <h2 id="blog-vista-previa" tabIndex={-1} ref={heading}>
        {t.previewTitle}
      </h2>
      <p className="staff-blog__preview-note">{t.previewNote}</p>
      <div className="staff-blog__preview-page">
        <PostView post={post.date ? post : { ...post, date: new Date().toISOString() }} preview />
      </div>
    </section>
  );
}

/** StaffBlog (/equipo/blog): the posts, each written, previewed, scheduled or published, with its history. */
export default function StaffBlog() {
  const calls = usePostCalls();
  const listCall = calls.list;
  const list = useStaffResource<{ items: ItemSummary[] }>(
    useMemo(() => ({ load: () => listCall() as Promise<ApiResult<{ items: ItemSummary[] }>> }), [listCall]),
    publishingTexts,
  );
  const [editing, setEditing] = useState<{ state: ItemState | null; version: string } | 'loading' | null>(null);
  const [notice, setNotice] = useState<{ text: string; kind: 'success' | 'error' } | null>(null);
  const [previewOpen, setPreviewOpen] = useState(false);
  const headingRef = useRef<HTMLHeadingElement>(null);

  const open = async (key: string | null) => {
    setNotice(null);
    setPreviewOpen(false);
    if (!key) return setEditing({ state: null, version: 'new' });
    setEditing('loading');
    const result = await calls.read({ params: { key } });
    if (result.kind !== 'ok') {
      setEditing(null);
      return setNotice({ text: failureOf(result), kind: 'error' });
    }
    setEditing({ state: result.data, version: `r${result.data.latest_revision}` });
  };
  const changed = (state: ItemState, text: string, preview = false) => {
    setPreviewOpen(preview);
    setEditing({ state, version: `r${state.latest_revision}-${Date.now()}` });
    setNotice({ text, kind: 'success' });
    list.reload();
  };
  const back = () => {
    setEditing(null);
    list.reload();
    headingRef.current?.focus();
  };
  const current = editing && editing !== 'loading' ? editing.state : null;
  const act = async (call: () => Promise<ApiResult<ItemState>>, text: string) => {
    const result = await call();
    if (result.kind !== 'ok') return setNotice({ text: failureOf(result), kind: 'error' });
    changed(result.data, text);
  };
  const load = async (revision: number) => {
    if (!current) return;
    const result = await calls.revision({ params: { key: current.key, revision } });
    if (result.kind !== 'ok') return setNotice({ text: failureOf(result), kind: 'error' });
    setEditing({
      state: { ...current, draft: { ...result.data, published_at: null, published_by: null } },
      version: `v${revision}-${Date.now()}`,
    });
    setNotice({ text: publishingTexts.loaded(revision), kind: 'success' });
  };

  return (
    <section className="staff-screen" aria-labelledby="blog-titulo">
      <h1 id="blog-titulo" tabIndex={-1} ref={headingRef}>
        {t.title}
      </h1>
      <p className="staff-screen__intro">{t.intro}</p>
      {notice ? <Notice key={notice.text} text={notice.text} kind={notice.kind} /> : null}
      {editing === 'loading' ? <p role="status">{t.loading}</p> : null}
      {editing && editing !== 'loading' ? (
        <>
          {current ? (
            <>
              {/* The item's state has a document's shape (its key and archived flag besides). */}
              <PublicationStatus
                state={current as unknown as DocumentState<Schema>}
                onUnschedule={() => void act(() => calls.unschedule({ params: { key: current.key } }), publishingTexts.unscheduled)}
              />
              {current.archived ? <p>{t.stateArchived}</p> : null}
            </>
          ) : null}
          <PostEditor
            key={editing.version}
            calls={calls}
            state={current}
            onState={changed}
            onBack={back}
            previewOpen={previewOpen}
            onPreview={setPreviewOpen}
          />
          {current ? (
            <>
              {current.published ? (
                <p>
                  <button
                    type="button"
                    className="btn btn--ghost"
                    onClick={() => void act(() => calls.archive({ params: { key: current.key } }), t.archived)}
                  >
                    {t.archive}
                  </button>
                </p>
              ) : null}
              <RevisionHistory
                history={current.history}
                live={current.published?.revision ?? null}
                onLoad={(r) => void load(r)}
                headingId="blog-historial"
              />
            </>
          ) : null}
        </>
      ) : (
        <>
          <p>
            <button type="button" className="btn btn--primary" onClick={() => void open(null)}>
              {t.newPost}
            </button>
          </p>
          <ResourceState resource={list} loading={t.loading} />
          {list.data ? (
            <StaffTable caption={t.listCaption} columns={t.columns}>
              {[...list.data.items]
                .sort((a, b) => (b.body.date ?? b.scheduled_at ?? '9').localeCompare(a.body.date ?? a.scheduled_at ?? '9'))
                .map((item) => (
                  <tr key={item.key}>
                    <th scope="row">{item.body.title}</th>
                    <td>{stateOf(item)}</td>
                    <td>
                      <button
                        type="button"
                        className="btn btn--ghost"
                        aria-label={t.editLabel(item.body.title)}
                        onClick={() => void open(item.key)}
                      >
                        {t.edit}
                      </button>
                    </td>
                  </tr>
                ))}
            </StaffTable>
          ) : null}
        </>
      )}
    </section>
  );
}
