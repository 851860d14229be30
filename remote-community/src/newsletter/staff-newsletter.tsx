import 'shared/ui/staff/screens.css';
import { useId, useMemo, useState, type FormEvent } from 'react';
import { isSessionEnded } from 'shared/api/staff-client';
import { useOperationCall } from 'shared/api/use-operation';
import { formatColombianDateTime } from 'shared/format/dates';
import { newsletterComposeSchema, newsletterParagraphs, type NewsletterCompose, type NewsletterOverview } from 'shared/schemas/newsletter';
import { ConfirmDialog } from 'shared/ui/staff/confirm-dialog';
import { messageOf, Notice, useCellLabels } from 'shared/ui/staff/kit';
import { ResourceState, useStaffResource } from 'shared/ui/staff/resource';
import { newsletterOperations } from './operations';

export const newsletterScreenTexts = {
  title: 'Boletín',
  intro:
    'Escribe el boletín en texto sencillo (deja una línea en blanco entre párrafos), revisa la vista previa, envíate una prueba y envíalo. Solo lo reciben los correos que confirmaron su suscripción; cada correo lleva su propio enlace para darse de baja.',
  loading: 'Cargando el boletín…',
  retry: 'Reintentar',
  failed: 'No pudimos cargar el boletín.',
  network: 'Error de conexión. Revisa tu conexión e intenta nuevamente.',
  sessionEnded: 'Tu sesión terminó. Inicia sesión de nuevo.',
  counts: (o: NewsletterOverview) =>
    `${o.confirmed} confirmados (reciben el boletín) · ${o.pending} pendientes de confirmar · ${o.unsubscribed} dados de baja`,
  subject: 'Asunto',
  body: 'Texto del boletín',
  bodyHint: 'Texto sencillo. Deja una línea en blanco entre párrafos. El enlace para darse de baja se agrega solo.',
  preview: 'Vista previa',
  previewEmpty: 'Escribe el asunto y el texto para ver la vista previa.',
  test: 'Enviarme una prueba',
  testing: 'Enviando prueba…',
  tested: (to: string) => `Te enviamos una prueba a ${to}.`,
  send: 'Enviar boletín',
  confirmTitle: 'Enviar el boletín',
  confirmText: (n: number, subject: string) =>
    `Se enviará «${subject}» a ${n} ${n === 1 ? 'suscriptor confirmado' : 'suscriptores confirmados'}. Esto no se puede deshacer.`,
  confirm: 'Sí, enviar',
  confirming: 'Enviando…',
  cancel: 'Cancelar',
  sent: (queued: number) => `Boletín enviado: ${queued} ${queued === 1 ? 'correo en cola' : 'correos en cola'} para su entrega.`,
  sendFailed: 'No pudimos enviar el boletín. Intenta nuevamente.',
  noRecipients: 'No hay suscriptores confirmados: no hay a quién enviar el boletín.',
  history: 'Envíos anteriores',
  historyEmpty: 'Todavía no se ha enviado ningún boletín.',
  columns: { date: 'Fecha', subject: 'Asunto', by: 'Enviado por', count: 'Correos' },
  queuedOf: (queued: number, recipients: number) => `${queued} de ${recipients}`,
} as const;
const t = newsletterScreenTexts;

type Errors = Partial<Record<keyof NewsletterCompose, string>>;

function validate(draft: { subject: string; body: string }): { data: NewsletterCompose } | { errors: Errors } {
  const parsed = newsletterComposeSchema.safeParse(draft);
  if (parsed.success) return { data: parsed.data };
  const errors: Errors = {};
  for (const issue of parsed.error.issues) {
    const key = issue.path[0] as keyof NewsletterCompose;
    errors[key] ??= issue.message;
  }
  return { errors };
}

/** /equipo/boletin: compose, preview, test and send the newsletter (#15). */
export default function StaffNewsletter() {
  const sendTest = useOperationCall(newsletterOperations.sendTest);
  const send = useOperationCall(newsletterOperations.send);
  const overviewOf = useOperationCall(newsletterOperations.overview);
  const resource = useStaffResource(
    useMemo(() => ({ load: () => overviewOf() }), [overviewOf]),
    t,
  );
  const overview = resource.data;
  const table = useCellLabels();
  const [draft, setDraft] = useState({ subject: '', body: '' });
  const [errors, setErrors] = useState<Errors>({});
  const [busy, setBusy] = useState<'test' | null>(null);
  const [notice, setNotice] = useState<{ text: string; kind: 'success' | 'error'; n: number } | null>(null);
  const [confirming, setConfirming] = useState<{ data: NewsletterCompose; busy: boolean; error: string | null } | null>(null);
  const subjectId = useId();
  const bodyId = useId();

  const say = (text: string, kind: 'success' | 'error' = 'success') => setNotice((prev) => ({ text, kind, n: (prev?.n ?? 0) + 1 }));

  const checked = () => {
    const v = validate(draft);
    if ('errors' in v) {
      setErrors(v.errors);
      document.getElementById(v.errors.subject ? subjectId : bodyId)?.focus();
      return null;
    }
    setErrors({});
    return v.data;
  };

  async function onTest() {
    const data = checked();
    if (!data) return;
    setBusy('test');
    const result = await sendTest({ body: data });
    setBusy(null);
    if (isSessionEnded(result)) return say(t.sessionEnded, 'error');
    if (result.kind === 'ok') say(t.tested(result.data.to));
    else say(messageOf(result, t.network, t.sendFailed), 'error');
  }

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    const data = checked();
    if (!data) return;
    if (overview?.confirmed === 0) return say(t.noRecipients, 'error');
    setConfirming({ data, busy: false, error: null });
  }

  async function onConfirm() {
    if (!confirming) return;
    setConfirming({ ...confirming, busy: true, error: null });
    const result = await send({ body: confirming.data });
    if (isSessionEnded(result)) return setConfirming({ ...confirming, busy: false, error: t.sessionEnded });
    if (result.kind !== 'ok') return setConfirming({ ...confirming, busy: false, error: messageOf(result, t.network, t.sendFailed) });
    setConfirming(null);
    setDraft({ subject: '', body: '' });
    say(t.sent(result.data.send.queued));
    await resource.refresh();
  }

  const paragraphs = newsletterParagraphs(draft.body);
  const recipients = overview?.confirmed ?? 0;

  return (
    <section className="staff-screen" aria-labelledby="boletin-titulo">
      <header>
        <h1 id="boletin-titulo">{t.title}</h1>
        <p className="staff-screen__intro">{t.intro}</p>
      </header>
      <ResourceState resource={resource} loading={t.loading} retry={t.retry} />
      {overview ? <p className="staff-muted">{t.counts(overview)}</p> : null}
      {notice ? <Notice key={`aviso-${notice.n}`} text={notice.text} kind={notice.kind} /> : null}

      <form className="form" onSubmit={onSubmit} noValidate aria-labelledby="boletin-titulo">
        <div className="field">
          <label htmlFor={subjectId}>{t.subject}</label>
          <input
            id={subjectId}
            name="subject"
            type="text"
            maxLength={150}
            value={draft.subject}
            onChange={(e) => setDraft({ ...draft, subject: e.target.value })}
            aria-invalid={errors.subject ? true : undefined}
            aria-describedby={errors.subject ? `${subjectId}-error` : undefined}
          />
          {errors.subject ? (
            <p id={`${subjectId}-error`} className="field-error">
              {errors.subject}
            </p>
          ) : null}
        </div>
        <div className="field">
          <label htmlFor={bodyId}>{t.body}</label>
          <textarea
            id={bodyId}
            name="body"
            rows={12}
            value={draft.body}
            onChange={(e) => setDraft({ ...draft, body: e.target.value })}
            aria-invalid={errors.body ? true : undefined}
            aria-describedby={`${bodyId}-hint${errors.body ? ` ${bodyId}-error` : ''}`}
          />
          <p id={`${bodyId}-hint`} className="staff-muted">
            {t.bodyHint}
          </p>
          {errors.body ? (
            <p id={`${bodyId}-error`} className="field-error">
              {errors.body}
            </p>
          ) : null}
        </div>
        <div className="staff-filters__actions">
          <button type="button" className="btn btn--ghost" onClick={() => void onTest()} disabled={busy !== null}>
            {busy === 'test' ? t.testing : t.test}
          </button>
          <button type="submit" className="btn" disabled={!overview}>
            {t.send}
          </button>
        </div>
      </form>

      <section className="card" aria-labelledby="boletin-vista">
        <h2 id="boletin-vista">{t.preview}</h2>
        {draft.subject.trim() || paragraphs.length ? (
          <article aria-label={t.preview}>
            <p>
              <strong>{draft.subject.trim()}</strong>
            </p>
            {paragraphs.map((p, i) => (
              <p key={i}>{p}</p>
            ))}
            <p className="staff-muted">Darme de baja del boletín</p>
          </article>
        ) : (
          <p className="staff-muted">{t.previewEmpty}</p>
        )}
      </section>

      {overview ? (
        <section aria-labelledby="boletin-historial">
          <h2 id="boletin-historial">{t.history}</h2>
          {overview.sends.length === 0 ? (
            <p className="staff-empty">{t.historyEmpty}</p>
          ) : (
            <div className="staff-table-wrap">
              <table ref={table} className="staff-table">
                <thead>
                  <tr>
                    <th scope="col">{t.columns.date}</th>
                    <th scope="col">{t.columns.subject}</th>
                    <th scope="col">{t.columns.by}</th>
                    <th scope="col">{t.columns.count}</th>
                  </tr>
                </thead>
                <tbody>
                  {overview.sends.map((s) => (
                    <tr key={s.id}>
                      <td className="staff-nowrap">{formatColombianDateTime(s.createdAt)}</td>
                      <td>{s.subject}</td>
                      <td>{s.sentBy}</td>
                      <td className="staff-nowrap">{t.queuedOf(s.queued, s.recipients)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
        </section>
      ) : null}

      {confirming ? (
        <ConfirmDialog
          title={t.confirmTitle}
          confirmLabel={t.confirm}
          busyLabel={t.confirming}
          cancelLabel={t.cancel}
          busy={confirming.busy}
          error={confirming.error}
          onConfirm={() => void onConfirm()}
          onCancel={() => setConfirming(null)}
        >
          <p>{t.confirmText(recipients, confirming.data.subject)}</p>
        </ConfirmDialog>
      ) : null}
    </section>
  );
}
