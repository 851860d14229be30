import 'shared/ui/staff/screens.css';
import './inbox.css';
import { useMemo, useState } from 'react';
import type { ApiResult } from 'shared/api/client';
import { isSessionEnded } from 'shared/api/staff-client';
import { useOperationCall } from 'shared/api/use-operation';
import { contactMarkRequestSchema, inboxFields, inboxValueText, type InboxRecordResponse } from './schemas';
import { staffPath } from 'shared/staff-routes';
import { communityInboxKinds, type CommunityInboxKind } from './schemas';
import { SubmitErrors } from 'shared/ui/error-summary';
import { SubmitButton, TextAreaField } from 'shared/ui/form';
import { failed, fieldsOf, sent, SubmissionForm, useFocusOnMount, useFormSubmission } from 'shared/ui/submission-form';
import { useZodForm } from 'shared/ui/use-zod-form';
import { communityInboxOperations as ops } from './operations';
import { Notice } from './parts';
import { isInboxKind, recordScreenTexts as t } from './texts';
import { messageOf as kitMessageOf } from 'shared/ui/staff/kit';
import { ResourceState, useStaffResource } from 'shared/ui/staff/resource';

const messageOf = (result: ApiResult<unknown>, fallback: string) => kitMessageOf(result, t.network, fallback);

/** Text as typed, line breaks kept. */
function Lines({ text }: { text: string }) {
  return <span className="community-lines">{text}</span>;
}

/** Every field of the record, in the form's order, with its label; an empty one says so. */
function Fields({ record }: { record: InboxRecordResponse }) {
  const values: Record<string, string | number | null> = record.record;
  return (
    <section className="card community-card" aria-labelledby="registro-datos">
      <h2 id="registro-datos">{t.fieldsTitle}</h2>
      <dl className="community-facts">
        {inboxFields(record.kind).map(({ name, label }) => {
          const text = inboxValueText(name, values[name]);
          return (
            <div key={name}>
              <dt>{label}</dt>
              <dd>{text ? <Lines text={text} /> : <span className="community-muted">{t.empty}</span>}</dd>
            </div>
          );
        })}
      </dl>
    </section>
  );
}

/** The 'Contactado' mark: who and when, the note, a form to set or change it, and a confirmed undo. */
function Contact({ record, onChange }: { record: InboxRecordResponse; onChange: (record: InboxRecordResponse, message: string) => void }) {
  const mark = useOperationCall(ops.mark);
  const unmark = useOperationCall(ops.unmark);
  const form = useZodForm(contactMarkRequestSchema, { defaultValues: { note: record.contacted?.note ?? '' } });
  const field = fieldsOf(form);
  const [undo, setUndo] = useState<{ busy: boolean; error: string | null } | null>(null);
  const contacted = record.contacted;

  const submission = useFormSubmission(form, async (values) => {
    const result = await mark({ params: { kind: record.kind, id: record.id }, body: values });
    if (isSessionEnded(result)) return failed(t.sessionEnded);
    if (result.kind !== 'ok')
      return failed(messageOf(result, t.actionFailed), { fields: result.kind === 'error' ? result.fields : undefined });
    onChange(result.data, contacted ? t.updated : t.marked);
    return sent(result.data);
  });

  const confirmUndo = async () => {
    setUndo({ busy: true, error: null });
    const result = await unmark({ params: { kind: record.kind, id: record.id } });
    if (isSessionEnded(result)) return setUndo({ busy: false, error: t.sessionEnded });
    if (result.kind !== 'ok') return setUndo({ busy: false, error: messageOf(result, t.actionFailed) });
    setUndo(null);
    form.reset({ note: '' });
    onChange(result.data, t.unmarked);
  };

  return (
    <section className="card community-card" aria-labelledby="registro-contacto">
      <h2 id="registro-contacto">{t.contactTitle}</h2>
      {contacted ? (
        <>
          <p className="community-status community-status--contacted">
            <span aria-hidden="true">✓ </span>
            {t.contactedBy(contacted.at, contacted.by)}
          </p>
          <dl className="community-facts">
            <div>
              <dt>{t.noteLabel}</dt>
              <dd>{contacted.note ? <Lines text={contacted.note} /> : <span className="community-muted">{t.noNote}</span>}</dd>
            </div>
          </dl>
        </>
      ) : (
        <p className="community-status community-status--pending">
          <span aria-hidden="true">○ </span>
          {t.pending}
        </p>
      )}

      <SubmissionForm
        className="form"
        honeypot={false}
        submission={submission}
        aria-labelledby="registro-contacto"
        summary={<SubmitErrors form={form} submission={submission} />}
      >
        <TextAreaField label={t.noteField} rows={3} {...field('note')} />
        <SubmitButton busy={submission.busy} busyLabel={t.marking}>
          {contacted ? t.update : t.mark}
        </SubmitButton>
      </SubmissionForm>

      {contacted && !undo ? (
        <button type="button" className="btn btn--ghost" onClick={() => setUndo({ busy: false, error: null })}>
          {t.unmark}
        </button>
      ) : null}
      {contacted && undo ? (
        <ConfirmUndo
          busy={undo.busy}
          error={undo.error}
          onConfirm={() => void confirmUndo()}
          onCancel={() => {
            setUndo(null);
            form.setFocus('note');
          }}
        />
      ) : null}
    </section>
  );
}

/** The confirmation before the mark and its note are removed: it takes focus; "No" goes back to the note. */
function ConfirmUndo({
  busy,
  error,
  onConfirm,
  onCancel,
}: {
  busy: boolean;
  error: string | null;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const heading = useFocusOnMount<HTMLHeadingElement>();
  return (
    <div className="community-confirm" role="group" aria-labelledby="registro-confirmar">
      <h3 id="registro-confirmar" ref={heading} tabIndex={-1}>
        {t.unmarkConfirmTitle}
      </h3>
      <p>{t.unmarkConfirmBody}</p>
      {error ? <Notice kind="error" text={error} /> : null}
      <div className="community-confirm__actions">
        <button type="button" className="btn" onClick={onConfirm} disabled={busy}>
          {busy ? t.unmarking : t.unmarkConfirm}
        </button>
        <button type="button" className="btn btn--ghost" onClick={onCancel} disabled={busy}>
          {t.cancel}
        </button>
      </div>
    </div>
  );
}

/**
 * `community/StaffCommunityRecord` (`/equipo/comunidad/:kind/:id`): one volunteer, allied company, workshop inquiry,
 * software request or subscriber with every field as filed, and the 'Contactado' mark with its note (set, change,
 * undo after a confirmation). After each action the page shows what the server answered and a notice takes focus.
 */
export default function StaffCommunityRecord({ kind: kindParam, id }: { kind?: string; id?: string }) {
  const kind: CommunityInboxKind | null = isInboxKind(kindParam) ? kindParam : null;
  const validId = typeof id === 'string' && /^[1-9]\d{0,9}$/.test(id) ? id : null;
  const get = useOperationCall(ops.record);
  const resource = useStaffResource(
    useMemo(
      () => ({
        // A kind or an id the panel does not have is not asked for: the server would not find it either.
        load: (): Promise<ApiResult<InboxRecordResponse>> =>
          kind && validId
            ? get({ params: { kind, id: validId } })
            : Promise.resolve({ kind: 'error', status: 404, error: 'not_found', message: '' }),
      }),
      [get, kind, validId],
    ),
    t,
  );
  const record = resource.data;
  // What the server does not find (or refuses as malformed) is said as such, without a retry.
  const missing = resource.state.kind === 'failed' && (resource.state.status === 404 || resource.state.status === 400);
  const [notice, setNotice] = useState<{ text: string; n: number } | null>(null);
  const heading = useFocusOnMount<HTMLHeadingElement>();

  const changed = (next: InboxRecordResponse, message: string) => {
    resource.set(next);
    setNotice((prev) => ({ text: message, n: (prev?.n ?? 0) + 1 }));
  };

  const listLabel = kind ? communityInboxKinds[kind] : 'Comunidad';
  const listHref = kind ? staffPath('/equipo/comunidad/:kind', { kind }) : staffPath('/equipo/comunidad');
  return (
    <section className="staff-screen community-staff" aria-labelledby="registro-titulo">
      <p>
        <a href={listHref}>
          <span aria-hidden="true">← </span>
          {t.back(listLabel)}
        </a>
      </p>
      <header>
        <h1 id="registro-titulo" ref={heading} tabIndex={-1}>
          {kind && validId ? t.heading(kind, validId) : listLabel}
        </h1>
        {record ? <p className="community-staff__intro">{t.filed(record.createdAt)}</p> : null}
      </header>
      {missing ? <Notice kind="error" text={t.notFound} /> : <ResourceState resource={resource} loading={t.loading} retry={t.retry} />}
      {record ? (
        <>
          <Fields record={record} />
          {notice ? <Notice key={`aviso-${notice.n}`} text={notice.text} /> : null}
          {/* A new mark (or none) starts the form again from what the server keeps. */}
          <Contact key={record.contacted?.at ?? 'pendiente'} record={record} onChange={changed} />
        </>
      ) : null}
    </section>
  );
}
