import 'shared/ui/staff/screens.css';
import './inbox.css';
import { useMemo, useState } from 'react';
import type { FieldValues } from 'react-hook-form';
import type { ApiResult } from 'shared/api/client';
import { isSessionEnded } from 'shared/api/staff-client';
import { useOperationCall } from 'shared/api/use-operation';
import { adultDocumentTypes, documentTypes, occupations } from 'shared/schemas/common';
import type { z } from 'shared/schemas/zod';
import {
  contactChannels,
  contactRequestSchema,
  correctableFields,
  correctionSchemaOf,
  historyEvents,
  inboxFields,
  inboxValueText,
  removalReasons,
  removalRequestSchema,
  replyRequestSchema,
  type HistoryEntry,
  type InboxRecordResponse,
  type RemovalResponse,
  type ReplyPreview,
} from './schemas';
import { guestTypes, yesNo } from '../forms/schemas';
import { staffPath } from 'shared/staff-routes';
import { communityInboxKinds, type CommunityInboxKind } from './schemas';
import { SubmitErrors } from 'shared/ui/error-summary';
import { SelectField, SubmitButton, TextAreaField, TextField } from 'shared/ui/form';
import { failed, fieldsOf, sent, SubmissionForm, useFocusOnMount, useFormSubmission } from 'shared/ui/submission-form';
import { useZodForm } from 'shared/ui/use-zod-form';
import { communityInboxOperations as ops } from './operations';
import { mailtoOf, phoneFields, phoneLinks } from './contact-links';
import { Notice } from './parts';
import { dateTimeOf, isInboxKind, recordScreenTexts as t } from './texts';
import { messageOf as kitMessageOf } from 'shared/ui/staff/kit';
import { ResourceState, useStaffResource } from 'shared/ui/staff/resource';
import type { UploadedAttachment } from 'shared/cases/attachments';
import { attachmentUiTexts, CaseAttachmentList, CaseAttachmentPicker } from 'shared/cases/ui/attachments';

const messageOf = (result: ApiResult<unknown>, fallback: string) => kitMessageOf(result, t.network, fallback);

/** An action's failure as the form says it: the session's end, the server's message, its field messages. */
const failureOf = (result: ApiResult<unknown>) =>
  isSessionEnded(result)
    ? failed(t.sessionEnded)
    : failed(messageOf(result, t.actionFailed), { fields: result.kind === 'error' ? result.fields : undefined });

type Changed = (record: InboxRecordResponse, message: string) => void;
type Values = Record<string, string | number | null>;

/** Text as typed, line breaks kept. */
function Lines({ text }: { text: string }) {
  return <span className="community-lines">{text}</span>;
}

/** A field's value, with the ways to reach the person: write (mailto), call (tel), WhatsApp (wa.me). */
function Value({ name, text }: { name: string; text: string }) {
  if (name === 'email') {
    const href = mailtoOf(text);
    return href ? (
      <a href={href} aria-label={t.writeTo(text)} className="community-break">
        {text}
      </a>
    ) : (
      <Lines text={text} />
    );
  }
  if (phoneFields.has(name)) {
    const links = phoneLinks(text);
    return (
      <span className="community-reach">
        {links.tel ? (
          <a href={links.tel} aria-label={t.call(text)}>
            {text}
          </a>
        ) : (
          <span>{text}</span>
        )}
        {links.whatsapp ? (
          <a href={links.whatsapp} target="_blank" rel="noopener noreferrer" aria-label={t.whatsapp(text)}>
            WhatsApp
          </a>
        ) : null}
        {links.note ? <span className="community-muted">{links.note}</span> : null}
      </span>
    );
  }
  return <Lines text={text} />;
}

/** Every field of the record, in the form's order, with its label; an empty one says so. */
function Fields({ record }: { record: InboxRecordResponse }) {
  const values: Values = record.record;
  return (
    <section className="card community-card" aria-labelledby="registro-datos">
      <h2 id="registro-datos">{t.fieldsTitle}</h2>
      <dl className="community-facts">
        {inboxFields(record.kind).map(({ name, label }) => {
          const text = inboxValueText(name, values[name]);
          return (
            <div key={name}>
              <dt>{label}</dt>
              <dd>{text ? <Value name={name} text={text} /> : <span className="community-muted">{t.empty}</span>}</dd>
            </div>
          );
        })}
      </dl>
    </section>
  );
}

/** Contacted or pending (from the history); a subscriber's subscription instead. */
function Status({ record }: { record: InboxRecordResponse }) {
  if (record.kind === 'boletin')
    return <p className="community-status">{t.subscription(inboxValueText('status', record.record.status))}</p>;
  const c = record.contact;
  if (c?.contacted && c.lastAt)
    return (
      <p className="community-status community-status--contacted">
        <span aria-hidden="true">✓ </span>
        {t.contacted(c.count, c.lastAt)}
      </p>
    );
  return (
    <p className="community-status community-status--pending">
      <span aria-hidden="true">○ </span>
      {t.pending}
    </p>
  );
}

const channelOptions = (Object.keys(contactChannels) as Array<keyof typeof contactChannels>).map((value) => ({
  value,
  label: contactChannels[value],
}));

/** One more contact: channel and note; the history keeps every one. */
function ContactForm({ record, onChange }: { record: InboxRecordResponse; onChange: Changed }) {
  const contact = useOperationCall(ops.contact);
  const form = useZodForm(contactRequestSchema, { defaultValues: { note: '' } });
  const field = fieldsOf(form);
  const submission = useFormSubmission(form, async (values) => {
    const result = await contact({ params: { kind: record.kind, id: record.id }, body: values });
    if (result.kind !== 'ok') return failureOf(result);
    form.reset({ note: '' });
    onChange(result.data, t.contactSaved);
    return sent(result.data);
  });
  return (
    <section className="card community-card" aria-labelledby="registro-contacto">
      <h2 id="registro-contacto">{t.contactTitle}</h2>
      <p className="community-staff__intro">{t.contactIntro}</p>
      <SubmissionForm
        className="form"
        honeypot={false}
        submission={submission}
        aria-labelledby="registro-contacto"
        summary={<SubmitErrors form={form} submission={submission} />}
      >
        <SelectField label={t.channel} required options={channelOptions} {...field('channel')} />
        <TextAreaField label={t.noteField} rows={3} {...field('note')} />
        <SubmitButton busy={submission.busy} busyLabel={t.saving}>
          {t.addContact}
        </SubmitButton>
      </SubmissionForm>
    </section>
  );
}

/** A reply e-mail: written, previewed as the server renders it, then sent; "Volver a editar" goes back to the text. */
function ReplyForm({ record, onChange }: { record: InboxRecordResponse; onChange: Changed }) {
  const preview = useOperationCall(ops.replyPreview);
  const reply = useOperationCall(ops.reply);
  const form = useZodForm(replyRequestSchema, { defaultValues: { subject: '', body: '' } });
  const field = fieldsOf(form);
  const [pending, setPending] = useState<{
    values: z.output<typeof replyRequestSchema>;
    mail: ReplyPreview;
    busy: boolean;
    error: string | null;
  } | null>(null);
  const params = { kind: record.kind, id: record.id };
  // The files uploaded for this reply (#32): each its own pending upload until the reply names them.
  const [files, setFiles] = useState<UploadedAttachment[]>([]);
  const submission = useFormSubmission(form, async (values) => {
    const result = await preview({ params, body: values });
    if (result.kind !== 'ok') return failureOf(result);
    setPending({ values, mail: result.data, busy: false, error: null });
    return sent(result.data);
  });
  const send = async () => {
    if (!pending) return;
    setPending({ ...pending, busy: true, error: null });
    const result = await reply({ params, body: { ...pending.values, attachments: files.map((f) => f.id) } });
    if (result.kind !== 'ok')
      return setPending({ ...pending, busy: false, error: isSessionEnded(result) ? t.sessionEnded : messageOf(result, t.actionFailed) });
    setPending(null);
    setFiles([]);
    form.reset({ subject: '', body: '' });
    onChange(result.data, t.replySent);
  };
  const edit = () => {
    setPending(null);
    form.setFocus('body');
  };
  return (
    <section className="card community-card" aria-labelledby="registro-respuesta">
      <h2 id="registro-respuesta">{t.replyTitle}</h2>
      <p className="community-staff__intro">{t.replyIntro(String(record.record.email))}</p>
      <SubmissionForm
        className="form"
        honeypot={false}
        submission={submission}
        aria-labelledby="registro-respuesta"
        summary={<SubmitErrors form={form} submission={submission} />}
      >
        <TextField label={t.subject} required readOnly={Boolean(pending)} {...field('subject')} />
        <TextAreaField label={t.body} required rows={6} readOnly={Boolean(pending)} {...field('body')} />
        <CaseAttachmentPicker
          ops={ops}
          caseParams={{ kind: record.kind, id: String(record.id) }}
          attachmentParam="adjunto"
          files={files}
          onChange={setFiles}
          hint={attachmentUiTexts.answerHint}
          disabled={Boolean(pending)}
        />
        {pending ? null : (
          <SubmitButton busy={submission.busy} busyLabel={t.reviewing}>
            {t.review}
          </SubmitButton>
        )}
      </SubmissionForm>
      {pending ? <ReplyPreviewPanel pending={pending} files={files.length} onSend={() => void send()} onEdit={edit} /> : null}
    </section>
  );
}

function ReplyPreviewPanel({
  pending,
  files,
  onSend,
  onEdit,
}: {
  pending: { mail: ReplyPreview; busy: boolean; error: string | null };
  /** How many files go with it (their links are added to the e-mail when it is sent). */
  files: number;
  onSend: () => void;
  onEdit: () => void;
}) {
  const heading = useFocusOnMount<HTMLHeadingElement>();
  return (
    <div className="community-confirm" role="group" aria-labelledby="registro-vista-previa">
      <h3 id="registro-vista-previa" ref={heading} tabIndex={-1}>
        {t.previewTitle}
      </h3>
      <p>
        <strong>{t.previewSubject}</strong> {pending.mail.subject}
      </p>
      <pre className="community-preview">{pending.mail.text}</pre>
      {files ? <p>{attachmentUiTexts.confirmCount(files)}</p> : null}
      {pending.error ? <Notice kind="error" text={pending.error} /> : null}
      <div className="community-confirm__actions">
        <button type="button" className="btn" onClick={onSend} disabled={pending.busy}>
          {pending.busy ? t.sending : t.send}
        </button>
        <button type="button" className="btn btn--ghost" onClick={onEdit} disabled={pending.busy}>
          {t.edit}
        </button>
      </div>
    </div>
  );
}

/** The choices of a field that is a choice in its form; null for text. */
function choicesOf(kind: CommunityInboxKind, name: string): readonly string[] | null {
  if (name === 'id_type') return kind === 'aliados' ? adultDocumentTypes : documentTypes;
  if (name === 'occupation') return occupations;
  if (name === 'guest_type') return guestTypes;
  if (name === 'empowerment_course') return yesNo;
  return null;
}
const longFields = new Set(['purposes', 'activities', 'reviews', 'comments_query']);

/** The record's fields in a form, checked by the kind's own form schema (here and again on the server). */
function CorrectForm({ record, onChange, onClose }: { record: InboxRecordResponse; onChange: Changed; onClose: () => void }) {
  const correct = useOperationCall(ops.correct);
  const values: Values = record.record;
  const workshop = typeof values.workshop === 'string' ? values.workshop : null;
  const names = correctableFields(record.kind, workshop);
  const schema = correctionSchemaOf(record.kind, workshop) as unknown as z.ZodMiniType<FieldValues, FieldValues>;
  const defaults = Object.fromEntries(names.map((n) => [n, values[n] === null || values[n] === undefined ? '' : String(values[n])]));
  const form = useZodForm(schema, { defaultValues: defaults });
  const field = fieldsOf(form);
  const labels = Object.fromEntries(inboxFields(record.kind).map((f) => [f.name, f.label]));
  const heading = useFocusOnMount<HTMLHeadingElement>();
  const submission = useFormSubmission(form, async (parsed) => {
    const body = Object.fromEntries(names.map((n) => [n, (parsed as Values)[n] ?? null]));
    const result = await correct({ params: { kind: record.kind, id: record.id }, body });
    if (result.kind !== 'ok') return failureOf(result);
    onChange(result.data, t.corrected);
    return sent(result.data);
  });
  return (
    <div className="community-correct">
      <h3 id="registro-corregir-form" ref={heading} tabIndex={-1} className="visually-hidden">
        {t.correctTitle}
      </h3>
      <SubmissionForm
        className="form"
        honeypot={false}
        submission={submission}
        aria-labelledby="registro-corregir-form"
        summary={<SubmitErrors form={form} submission={submission} />}
      >
        {names.map((name) => {
          const label = labels[name] ?? name;
          const choices = choicesOf(record.kind, name);
          if (choices) return <SelectField key={name} label={label} options={choices} {...field(name)} />;
          if (longFields.has(name)) return <TextAreaField key={name} label={label} rows={3} {...field(name)} />;
          return <TextField key={name} label={label} {...field(name)} />;
        })}
        <div className="community-confirm__actions">
          <SubmitButton busy={submission.busy} busyLabel={t.saving}>
            {t.correctSave}
          </SubmitButton>
          <button type="button" className="btn btn--ghost" onClick={onClose}>
            {t.correctCancel}
          </button>
        </div>
      </SubmissionForm>
    </div>
  );
}

function Correct({ record, onChange }: { record: InboxRecordResponse; onChange: Changed }) {
  const [open, setOpen] = useState(false);
  return (
    <section className="card community-card" aria-labelledby="registro-corregir">
      <h2 id="registro-corregir">{t.correctTitle}</h2>
      <p className="community-staff__intro">{t.correctIntro}</p>
      {open ? (
        <CorrectForm record={record} onChange={onChange} onClose={() => setOpen(false)} />
      ) : (
        <button type="button" className="btn btn--ghost" onClick={() => setOpen(true)}>
          {t.correctOpen}
        </button>
      )}
    </section>
  );
}

const reasonOptions = (Object.keys(removalReasons) as Array<keyof typeof removalReasons>).map((value) => ({
  value,
  label: removalReasons[value],
}));

/** Removal: a reason, then a confirmation that takes focus; "No" goes back to the reason. */
function Remove({ record, onRemoved }: { record: InboxRecordResponse; onRemoved: (r: RemovalResponse) => void }) {
  const remove = useOperationCall(ops.remove);
  const form = useZodForm(removalRequestSchema);
  const field = fieldsOf(form);
  const [pending, setPending] = useState<{ reason: keyof typeof removalReasons; busy: boolean; error: string | null } | null>(null);
  const submission = useFormSubmission(form, async (values) => {
    setPending({ reason: values.reason, busy: false, error: null });
    return sent(values);
  });
  const confirm = async () => {
    if (!pending) return;
    setPending({ ...pending, busy: true, error: null });
    const result = await remove({ params: { kind: record.kind, id: record.id }, body: { reason: pending.reason } });
    if (result.kind !== 'ok')
      return setPending({ ...pending, busy: false, error: isSessionEnded(result) ? t.sessionEnded : messageOf(result, t.actionFailed) });
    onRemoved(result.data);
  };
  return (
    <section className="card community-card" aria-labelledby="registro-eliminar">
      <h2 id="registro-eliminar">{t.removeTitle}</h2>
      <p className="community-staff__intro">{t.removeIntro}</p>
      <SubmissionForm
        className="form"
        honeypot={false}
        submission={submission}
        aria-labelledby="registro-eliminar"
        summary={<SubmitErrors form={form} submission={submission} />}
      >
        <SelectField label={t.reason} required options={reasonOptions} disabled={Boolean(pending)} {...field('reason')} />
        {pending ? null : (
          <SubmitButton busy={submission.busy} busyLabel={t.removing} className="btn btn--ghost">
            {t.removeReview}
          </SubmitButton>
        )}
      </SubmissionForm>
      {pending ? (
        <ConfirmRemoval
          reason={removalReasons[pending.reason]}
          busy={pending.busy}
          error={pending.error}
          onConfirm={() => void confirm()}
          onCancel={() => {
            setPending(null);
            form.setFocus('reason');
          }}
        />
      ) : null}
    </section>
  );
}

function ConfirmRemoval(props: { reason: string; busy: boolean; error: string | null; onConfirm: () => void; onCancel: () => void }) {
  const heading = useFocusOnMount<HTMLHeadingElement>();
  return (
    <div className="community-confirm" role="group" aria-labelledby="registro-confirmar">
      <h3 id="registro-confirmar" ref={heading} tabIndex={-1}>
        {t.removeConfirmTitle}
      </h3>
      <p>{t.removeConfirmBody(props.reason)}</p>
      {props.error ? <Notice kind="error" text={props.error} /> : null}
      <div className="community-confirm__actions">
        <button type="button" className="btn" onClick={props.onConfirm} disabled={props.busy}>
          {props.busy ? t.removing : t.removeConfirm}
        </button>
        <button type="button" className="btn btn--ghost" onClick={props.onCancel} disabled={props.busy}>
          {t.cancel}
        </button>
      </div>
    </div>
  );
}

/** One act of the history, in words. */
function Entry({ entry, kind, id }: { entry: HistoryEntry; kind: CommunityInboxKind; id: string }) {
  const how = entry.event === 'contacto' ? ` ${t.viaChannel(entry.channel ? contactChannels[entry.channel] : t.noChannel)}` : '';
  return (
    <li className="community-history__entry">
      <p>
        <strong>
          {historyEvents[entry.event]}
          {how}
        </strong>{' '}
        <span className="community-muted">
          {dateTimeOf(entry.at)}, {t.by(entry.by)}
        </span>
      </p>
      {entry.note ? <Lines text={entry.note} /> : null}
      {entry.event === 'respuesta' && entry.subject ? <p>{t.replySubject(entry.subject)}</p> : null}
      {entry.event === 'respuesta' && entry.body ? <Lines text={entry.body} /> : null}
      {entry.attachments.length ? (
        <CaseAttachmentList ops={ops} caseParams={{ kind, id }} attachmentParam="adjunto" items={entry.attachments} />
      ) : null}
      {entry.fields.length ? <p>{t.changedFields(entry.fields)}</p> : null}
    </li>
  );
}

function History({ history, kind, id }: { history: HistoryEntry[]; kind: CommunityInboxKind; id: string }) {
  return (
    <section className="card community-card" aria-labelledby="registro-historial">
      <h2 id="registro-historial">{t.historyTitle}</h2>
      {history.length ? (
        <ol className="community-history" aria-labelledby="registro-historial">
          {history.map((entry) => (
            <Entry key={entry.id} entry={entry} kind={kind} id={id} />
          ))}
        </ol>
      ) : (
        <p>{t.historyEmpty}</p>
      )}
    </section>
  );
}

/**
 * `community/StaffCommunityRecord` (`/equipo/comunidad/:kind/:id`): one volunteer, allied company, workshop inquiry,
 * software request or subscriber — its fields with links to write, call or WhatsApp, whether someone contacted them
 * (from the history; a subscriber's subscription instead), and its case file: contacts, a reply e-mailed after a
 * preview, corrections with the form's own rules, removal after a confirmation, and the history of all of it. After
 * each action the page shows what the server answered and a notice takes focus.
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
  const [removed, setRemoved] = useState<RemovalResponse | null>(null);
  const record = removed ? null : resource.data;
  const state = resource.state;
  // What the server does not find (or refuses as malformed) is said as such, without a retry; a removed one says when.
  const missing = state.kind === 'failed' && (state.status === 404 || state.status === 400 || state.status === 410);
  const [notice, setNotice] = useState<{ text: string; n: number } | null>(null);
  const heading = useFocusOnMount<HTMLHeadingElement>();

  const changed: Changed = (next, message) => {
    resource.set(next);
    setNotice((prev) => ({ text: message, n: (prev?.n ?? 0) + 1 }));
  };

  const listLabel = kind ? communityInboxKinds[kind] : 'Comunidad';
  const listHref = kind ? staffPath('/equipo/comunidad/:kind', { kind }) : staffPath('/equipo/comunidad');
  const actions = record?.actions;
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
        {record ? <Status record={record} /> : null}
      </header>
      {removed ? (
        <Notice text={t.removed(removed.at, removed.by)} />
      ) : missing ? (
        <Notice kind="error" text={state.kind === 'failed' && state.status === 410 && state.message ? state.message : t.notFound} />
      ) : (
        <ResourceState resource={resource} loading={t.loading} retry={t.retry} />
      )}
      {record && actions ? (
        <>
          {notice ? <Notice key={`aviso-${notice.n}`} text={notice.text} /> : null}
          <Fields record={record} />
          {actions.contact.allowed ? <ContactForm record={record} onChange={changed} /> : null}
          {actions.reply.allowed ? (
            <ReplyForm record={record} onChange={changed} />
          ) : record.kind !== 'boletin' && actions.reply.reason ? (
            // Why no reply can be sent from here (an address no mail program reads as one mailbox): correct it first.
            <section className="card community-card" aria-labelledby="registro-respuesta">
              <h2 id="registro-respuesta">{t.replyTitle}</h2>
              <p>{actions.reply.reason}</p>
            </section>
          ) : null}
          {actions.correct.allowed ? <Correct key={`corregir-${record.history.length}`} record={record} onChange={changed} /> : null}
          {record.kind === 'boletin' ? null : <History history={record.history} kind={record.kind} id={String(record.id)} />}
          {actions.remove.allowed ? <Remove record={record} onRemoved={setRemoved} /> : null}
        </>
      ) : null}
    </section>
  );
}
