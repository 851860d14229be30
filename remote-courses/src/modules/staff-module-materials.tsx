import { useId, useMemo, useRef, useState, type FormEvent } from 'react';
import type { ApiResult } from 'shared/api/client';
import { isSessionEnded } from 'shared/api/staff-client';
import { useOperationCall, useOperationUpload } from 'shared/api/use-operation';
import { TextField } from 'shared/ui/form';
import { useFocusOnMount } from 'shared/ui/submission-form';
import { messageOf, Notice } from 'shared/ui/staff/kit';
import { resourceTexts, ResourceState, useStaffResource } from 'shared/ui/staff/resource';
import { moduleOperations as ops } from './operations';
import type { courseSlugs } from '../cohorts/schemas';
import { addMaterialRequestSchema, TITLE_MAX, type StaffMaterial, type StaffMaterialsResponse } from './schemas';

export const materialTexts = {
  open: 'Materiales de los módulos',
  openLabel: (course: string) => `Materiales de los módulos de ${course}`,
  title: (course: string) => `Materiales de los módulos: ${course}`,
  intro:
    'Lo que adjuntes a un módulo lo ven, en su página del curso en Mis Cursos, los estudiantes inscritos (con el pago aprobado) en ese módulo o en el curso completo, de cualquier cohorte. Solo ellos pueden descargar los archivos. Queda en la auditoría.',
  loading: 'Cargando los materiales…',
  failed: 'No pudimos cargar los materiales.',
  actionFailed: 'No pudimos guardar el cambio.',
  moduleHeading: (n: number, name: string) => `Módulo ${n}: ${name}`,
  none: 'Este módulo aún no tiene materiales.',
  fileFacts: (kind: string, size: number) => `${kind.toUpperCase()}, ${(size / (1024 * 1024)).toFixed(1).replace('.', ',')} MB`,
  linkFacts: 'Enlace',
  up: 'Subir',
  upLabel: (title: string) => `Subir «${title}» un lugar`,
  down: 'Bajar',
  downLabel: (title: string) => `Bajar «${title}» un lugar`,
  remove: 'Retirar',
  removeLabel: (title: string) => `Retirar «${title}»`,
  confirmRemove: (title: string) => `¿Retirar «${title}»? Los estudiantes dejarán de verlo y su archivo se borra.`,
  addLegend: (n: number) => `Adjuntar un material al módulo ${n}`,
  materialTitle: 'Título',
  file: 'Archivo',
  fileHint: 'PDF, imagen (PNG, JPEG, WebP, GIF), Word, Excel o PowerPoint; hasta 20 MB. Se revisa por su contenido.',
  link: 'O un enlace (https)',
  linkHint: 'Por ejemplo, un video o una lectura en otro sitio. Solo enlaces que empiecen por https://.',
  add: 'Adjuntar',
  adding: 'Adjuntando…',
  close: 'Cerrar',
  added: (title: string) => `«${title}» adjuntado.`,
  removed: (title: string) => `«${title}» retirado.`,
  chooseOne: 'Elige un archivo o escribe un enlace, no los dos.',
} as const;
const t = materialTexts;

type Notice = { text: string; kind: 'success' | 'error'; at: number };
type CourseSlug = (typeof courseSlugs)[number];

/** One module's "attach" form: a title, and a file or an https link. */
function AddMaterial({
  course,
  module,
  onAdded,
  onFailed,
}: {
  course: CourseSlug;
  module: number;
  onAdded: (data: StaffMaterialsResponse, title: string) => void;
  onFailed: (text: string) => void;
}) {
  const upload = useOperationUpload(ops.uploadMaterial);
  const add = useOperationCall(ops.addMaterial);
  const fileId = useId();
  const fileHintId = useId();
  const fileErrorId = useId();
  const [title, setTitle] = useState('');
  const [link, setLink] = useState('');
  const [busy, setBusy] = useState(false);
  const [errors, setErrors] = useState<{ title?: string; link?: string; file?: string }>({});
  const fileInput = useRef<HTMLInputElement>(null);

  const failed = (result: ApiResult<unknown>) => {
    if (isSessionEnded(result)) return onFailed(resourceTexts.sessionEnded);
    if (result.kind === 'error' && result.fields) {
      const f = result.fields;
      setErrors({ title: f.title, link: f.link, file: f.upload });
    }
    onFailed(messageOf(result, resourceTexts.network, t.actionFailed));
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const file = fileInput.current?.files?.[0] ?? null;
    if (file && link.trim()) return setErrors({ link: t.chooseOne });
    const parsed = addMaterialRequestSchema.safeParse({
      course,
      module,
      title,
      link,
      upload: file ? '00000000-0000-0000-0000-000000000000' : null,
    });
    if (!parsed.success) {
      const next: { title?: string; link?: string } = {};
      for (const issue of parsed.error.issues) {
        const key = issue.path[0];
        if ((key === 'title' || key === 'link') && !next[key]) next[key] = issue.message;
      }
      return setErrors(next);
    }
    setErrors({});
    setBusy(true);
    let uploadId: string | null = null;
    if (file) {
      const sent = await upload(file);
      if (sent.kind !== 'ok') {
        setBusy(false);
        if (!isSessionEnded(sent) && sent.kind === 'error') setErrors({ file: sent.message });
        return failed(sent);
      }
      uploadId = sent.data.upload;
    }
    const result = await add({ body: { course, module, title, ...(uploadId ? { upload: uploadId } : { link }) } });
    setBusy(false);
    if (result.kind !== 'ok') return failed(result);
    setTitle('');
    setLink('');
    if (fileInput.current) fileInput.current.value = '';
    onAdded(result.data, title.trim());
  };

  return (
    <form noValidate onSubmit={(e) => void submit(e)} className="module-material-form">
      <fieldset className="cohort-fieldset">
        <legend>{t.addLegend(module)}</legend>
        <TextField
          label={t.materialTitle}
          required
          unmarked
          maxLength={TITLE_MAX}
          value={title}
          error={errors.title}
          onChange={(e) => setTitle(e.target.value)}
        />
        <div className="field">
          <label htmlFor={fileId}>{t.file}</label>
          <input
            id={fileId}
            ref={fileInput}
            type="file"
            accept=".pdf,.png,.jpg,.jpeg,.webp,.gif,.docx,.xlsx,.pptx"
            aria-describedby={errors.file ? `${fileHintId} ${fileErrorId}` : fileHintId}
            aria-invalid={errors.file ? true : undefined}
          />
          <p id={fileHintId} className="field-hint">
            {t.fileHint}
          </p>
          {errors.file ? (
            <p id={fileErrorId} className="field-error">
              {errors.file}
            </p>
          ) : null}
        </div>
        <TextField
          label={t.link}
          hint={t.linkHint}
          type="url"
          inputMode="url"
          maxLength={500}
          value={link}
          error={errors.link}
          onChange={(e) => setLink(e.target.value)}
        />
        <p>
          <button type="submit" className="btn" disabled={busy} aria-busy={busy || undefined}>
            {busy ? t.adding : t.add}
          </button>
        </p>
      </fieldset>
    </form>
  );
}

/**
 * The materials of one course's modules (#31, Cursos), opened from /equipo/cursos: each module's files and links in
 * the order the students see them, moved up or down, removed (after a confirmation), and a form to attach one more.
 */
export function ModuleMaterials({ course, courseTitle, onClose }: { course: CourseSlug; courseTitle: string; onClose: () => void }) {
  const list = useOperationCall(ops.materials);
  const move = useOperationCall(ops.moveMaterial);
  const remove = useOperationCall(ops.removeMaterial);
  const resource = useStaffResource(
    useMemo(() => ({ load: () => list() }), [list]),
    t,
  );
  const [notice, setNotice] = useState<Notice | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const headingId = useId();
  // Opened from a button further down: the keyboard comes here.
  const heading = useFocusOnMount<HTMLHeadingElement>();
  const say = (text: string, kind: 'success' | 'error') => setNotice({ text, kind, at: Date.now() });
  const modules = resource.data?.courses.find((c) => c.slug === course)?.modules ?? [];

  const act = async (m: StaffMaterial, action: 'up' | 'down' | 'remove', button: HTMLButtonElement) => {
    if (action === 'remove' && !window.confirm(t.confirmRemove(m.title))) return;
    setBusy(m.id);
    setNotice(null);
    const result =
      action === 'remove' ? await remove({ params: { id: m.id } }) : await move({ params: { id: m.id }, body: { direction: action } });
    setBusy(null);
    if (result.kind !== 'ok')
      return say(isSessionEnded(result) ? resourceTexts.sessionEnded : messageOf(result, resourceTexts.network, t.actionFailed), 'error');
    resource.set(result.data);
    if (action === 'remove') return say(t.removed(m.title), 'success');
    // The moved material keeps the keyboard: its same button, at its new place (or the other one at an end).
    const id = button.id;
    requestAnimationFrame(() => {
      const again = document.getElementById(id) as HTMLButtonElement | null;
      (again && !again.disabled
        ? again
        : document.getElementById(id.replace(/-(up|down)$/, (_m, d: string) => (d === 'up' ? '-down' : '-up')))
      )?.focus();
    });
  };

  return (
    <section aria-labelledby={headingId} className="staff-screen module-materials">
      <h2 id={headingId} ref={heading} tabIndex={-1}>
        {t.title(courseTitle)}
      </h2>
      <p className="staff-screen__intro">{t.intro}</p>
      {notice ? <Notice key={notice.at} text={notice.text} kind={notice.kind} /> : null}
      <ResourceState resource={resource} loading={t.loading} />
      {modules.map((module) => (
        <div key={module.number} className="module-materials__module">
          <h3>{t.moduleHeading(module.number, module.name)}</h3>
          {module.materials.length ? (
            <ol className="module-materials__list">
              {module.materials.map((m, i) => (
                <li key={m.id}>
                  {m.kind === 'link' && m.url ? (
                    <a href={m.url} target="_blank" rel="noopener noreferrer">
                      {m.title}
                    </a>
                  ) : (
                    <strong>{m.title}</strong>
                  )}{' '}
                  <span className="staff-muted">
                    (
                    {m.kind === 'file' && m.file_kind && m.file_size !== null
                      ? `${m.file_name ?? ''} · ${t.fileFacts(m.file_kind, m.file_size)}`
                      : t.linkFacts}
                    )
                  </span>{' '}
                  <span className="staff-nowrap">
                    <button
                      id={`material-${m.id}-up`}
                      type="button"
                      className="btn btn--ghost"
                      aria-label={t.upLabel(m.title)}
                      disabled={i === 0 || busy === m.id}
                      onClick={(e) => void act(m, 'up', e.currentTarget)}
                    >
                      {t.up}
                    </button>{' '}
                    <button
                      id={`material-${m.id}-down`}
                      type="button"
                      className="btn btn--ghost"
                      aria-label={t.downLabel(m.title)}
                      disabled={i === module.materials.length - 1 || busy === m.id}
                      onClick={(e) => void act(m, 'down', e.currentTarget)}
                    >
                      {t.down}
                    </button>{' '}
                    <button
                      type="button"
                      className="btn btn--ghost"
                      aria-label={t.removeLabel(m.title)}
                      disabled={busy === m.id}
                      onClick={(e) => void act(m, 'remove', e.currentTarget)}
                    >
                      {t.remove}
                    </button>
                  </span>
                </li>
              ))}
            </ol>
          ) : (
            <p className="staff-muted">{t.none}</p>
          )}
          <AddMaterial
            course={course}
            module={module.number}
            onAdded={(data, title) => {
              resource.set(data);
              say(t.added(title), 'success');
            }}
            onFailed={(text) => say(text, 'error')}
          />
        </div>
      ))}
      <p>
        <button type="button" className="btn btn--ghost" onClick={onClose}>
          {t.close}
        </button>
      </p>
    </section>
  );
}
