import { useState } from 'react';
import { isSessionEnded } from 'shared/api/staff-client';
import { useOperationCall } from 'shared/api/use-operation';
import { TextAreaField, TextField } from 'shared/ui/form';
import { messageOf, Notice } from 'shared/ui/staff/kit';
import { resourceTexts } from 'shared/ui/staff/resource';
import { cohortMessageOperations as ops } from './message-operations';
import {
  cohortMessagePreviewRequestSchema,
  cohortMessageTexts as t,
  SUBJECT_MAX,
  TEXT_MAX,
  type CohortMessagePreviewResponse,
} from './message-schemas';

type Step =
  | { kind: 'writing' }
  | { kind: 'previewing' }
  | { kind: 'preview'; answer: CohortMessagePreviewResponse }
  | { kind: 'sending'; answer: CohortMessagePreviewResponse };

/** A new message's id: made when the form opens, so a repeated or double submit is the same message (sent once). */
const newMessageId = () => crypto.randomUUID();

/**
 * A message to one cohort by e-mail (#31, Cursos): subject and text, a preview of the e-mail as one enrolled student
 * gets it (with their name), then the confirmation that sends it once to each enrolled student. `title` names the
 * cohort ("Desarrollo de Software, 1 de diciembre de 2026").
 */
export function CohortMessage({ cohortId, title, onClose }: { cohortId: number; title: string; onClose: () => void }) {
  const preview = useOperationCall(ops.previewCohortMessage);
  const send = useOperationCall(ops.sendCohortMessage);
  const [messageId, setMessageId] = useState(newMessageId);
  const [subject, setSubject] = useState('');
  const [text, setText] = useState('');
  const [errors, setErrors] = useState<{ subject?: string; text?: string }>({});
  const [step, setStep] = useState<Step>({ kind: 'writing' });
  const [notice, setNotice] = useState<{ text: string; kind: 'success' | 'error'; at: number } | null>(null);
  const say = (text: string, kind: 'success' | 'error') => setNotice({ text, kind, at: Date.now() });
  const failed = (result: Parameters<typeof messageOf>[0]) =>
    say(isSessionEnded(result) ? resourceTexts.sessionEnded : messageOf(result, resourceTexts.network, t.failed), 'error');

  const showPreview = async () => {
    setNotice(null);
    const parsed = cohortMessagePreviewRequestSchema.safeParse({ subject, text });
    if (!parsed.success) {
      const next: { subject?: string; text?: string } = {};
      for (const issue of parsed.error.issues) {
        const key = issue.path[0];
        if ((key === 'subject' || key === 'text') && !next[key]) next[key] = issue.message;
      }
      return setErrors(next);
    }
    setErrors({});
    setStep({ kind: 'previewing' });
    const result = await preview({ params: { id: cohortId }, body: { subject, text } });
    if (result.kind !== 'ok') {
      setStep({ kind: 'writing' });
      return failed(result);
    }
    setStep({ kind: 'preview', answer: result.data });
  };

  const confirm = async (answer: CohortMessagePreviewResponse) => {
    setStep({ kind: 'sending', answer });
    const result = await send({ params: { id: cohortId }, body: { message_id: messageId, subject, text } });
    if (result.kind !== 'ok') {
      // The same id again on the next try: whoever already got it does not get it twice.
      setStep({ kind: 'writing' });
      return failed(result);
    }
    say(result.data.alreadySent ? t.alreadySent : t.sent(result.data.sent), 'success');
    setSubject('');
    setText('');
    setMessageId(newMessageId());
    setStep({ kind: 'writing' });
  };

  const busy = step.kind === 'previewing' || step.kind === 'sending';
  return (
    <section aria-labelledby="cohorte-mensaje" className="staff-screen">
      <h2 id="cohorte-mensaje">
        {t.title}: {title}
      </h2>
      <p className="staff-screen__intro">{t.intro}</p>
      {notice ? <Notice key={notice.at} text={notice.text} kind={notice.kind} /> : null}
      {step.kind === 'preview' || step.kind === 'sending' ? (
        <PreviewStep
          answer={step.answer}
          sending={step.kind === 'sending'}
          onEdit={() => setStep({ kind: 'writing' })}
          onConfirm={() => void confirm(step.answer)}
        />
      ) : (
        <form
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            void showPreview();
          }}
        >
          <TextField
            label={t.subject}
            required
            unmarked
            maxLength={SUBJECT_MAX}
            value={subject}
            error={errors.subject}
            onChange={(e) => setSubject(e.target.value)}
          />
          <TextAreaField
            label={t.text}
            hint={t.textHint}
            required
            unmarked
            rows={6}
            maxLength={TEXT_MAX}
            value={text}
            error={errors.text}
            onChange={(e) => setText(e.target.value)}
          />
          <p>
            <button type="submit" className="btn" disabled={busy} aria-busy={busy || undefined}>
              {step.kind === 'previewing' ? t.previewing : t.previewButton}
            </button>{' '}
            <button type="button" className="btn btn--ghost" onClick={onClose}>
              {t.cancel}
            </button>
          </p>
        </form>
      )}
    </section>
  );
}

/** The e-mail as one student gets it, how many get it, and the confirmation (nothing to confirm without recipients). */
function PreviewStep({
  answer,
  sending,
  onEdit,
  onConfirm,
}: {
  answer: CohortMessagePreviewResponse;
  sending: boolean;
  onEdit: () => void;
  onConfirm: () => void;
}) {
  const data = answer;
  return (
    <div>
      <h3>{t.previewTitle}</h3>
      {data.preview ? (
        <>
          <p className="staff-muted">{t.previewTo(data.preview.name)}</p>
          <p>
            <strong>{t.subject}:</strong> {data.preview.subject}
          </p>
          <div className="staff-mail-preview" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
            {data.preview.text}
          </div>
          <p role="status">{t.recipients(data.recipients)}</p>
        </>
      ) : (
        <p role="status">{t.noRecipients}</p>
      )}
      <p>
        {data.preview ? (
          <button type="button" className="btn" disabled={sending} aria-busy={sending || undefined} onClick={onConfirm}>
            {sending ? t.sending : t.confirm}
          </button>
        ) : null}{' '}
        <button type="button" className="btn btn--ghost" disabled={sending} onClick={onEdit}>
          {t.edit}
        </button>
      </p>
    </div>
  );
}
