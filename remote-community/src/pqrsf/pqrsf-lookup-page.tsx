import '../state/submissions-slice';
import '../community.css';
import { useEffect, useMemo, useRef, type ReactNode } from 'react';
import { formatColombianDateTime, formatLongDate } from 'shared/format/dates';
import { AppLink, useSearchParams } from 'shared/navigation';
import { pqrsfLookupSchema, pqrsfLookupTexts, RADICADO_LENGTH, type PqrsfLookupInput, type PqrsfRecord } from './schemas';
import { LookupAttachments } from './lookup-attachments';
import { useAppSelector } from 'shared/store';
import { SubmitButton, TextField } from 'shared/ui/form';
import { failed, fieldsOf, revealAndFocus, sent, SubmissionForm, useFormSubmission } from 'shared/ui/submission-form';
import { PageFrame } from 'shared/ui/page-frame';
import { useZodForm } from 'shared/ui/use-zod-form';
import { SubmitErrors } from 'shared/ui/error-summary';
import { useOperationCall } from 'shared/api/use-operation';
import { pqrsfOperations } from './operations';
import { FormSection } from '../components/page-parts';
import { RequiredNote } from '../components/submission';
import { selectLastStored } from '../state/submissions-slice';
import { lookupTexts as t } from './texts';

/** A found case, with the radicado and document that proved it (the answer's files are downloaded with them). */
type Found = { record: PqrsfRecord; proof: PqrsfLookupInput };
type Lookup = ({ kind: 'found' } & Found) | { kind: 'missing'; text: string };

/** The foundation's answer and its date, or where the request was transferred, or that there is none yet. */
function ResponseCell({ record, proof }: Found) {
  if (record.response) {
    return (
      <>
        {record.response
          .split(/\n+/)
          .filter((line) => line.trim())
          .map((line, i) => (
            <p key={i}>{line}</p>
          ))}
        {record.respondedAt ? <p className="response-date">{t.respondedOn(formatColombianDateTime(record.respondedAt))}</p> : null}
        <LookupAttachments items={record.attachments} proof={proof} />
      </>
    );
  }
  if (record.transferredTo && record.transferredAt)
    return <>{t.transferredTo(record.transferredTo, formatColombianDateTime(record.transferredAt))}</>;
  return <>{t.noResponse}</>;
}

/** The request as the spec's table shows it, one labelled row per column so it reads well at 320 px. */
function RecordTable({ record, proof }: Found) {
  const c = t.columns;
  const rows: Array<[string, ReactNode]> = [
    [c.id, record.id],
    [c.createdAt, formatColombianDateTime(record.createdAt)],
    [c.rol_type, record.rol_type],
    [c.name, record.name],
    [c.lastname, record.lastname],
    [c.email, record.email],
    [c.phone_number, record.phone_number],
    [c.identification, `${record.id_type} ${record.id_number}`],
    [c.request_type, record.request_type],
    [c.status, <span className="status-badge">{record.status}</span>],
    [c.reviews, record.reviews || t.noComments],
    [c.response, <ResponseCell record={record} proof={proof} />],
  ];
  return (
    <table className="record-table">
      <caption>{t.resultTitle(record.id)}</caption>
      <tbody>
        {rows.map(([label, value]) => (
          <tr key={label}>
            <th scope="row">{label}</th>
            <td>{value}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** Focusable result area: takes focus when a lookup finishes so the answer is heard. */
function Result({ lookup }: { lookup: Lookup }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => revealAndFocus(ref.current), [lookup]);
  if (lookup.kind === 'missing') {
    return (
      <div ref={ref} tabIndex={-1} className="alert alert--warning failure-message" role="alert">
        {lookup.text}
      </div>
    );
  }
  return (
    <div ref={ref} tabIndex={-1} className="result-card stored-message" role="status" aria-label={t.resultTitle(lookup.record.id)}>
      <RecordTable record={lookup.record} proof={lookup.proof} />
      <p className="due-note">
        {lookup.record.originalDueDate
          ? t.dueExtended(formatLongDate(lookup.record.dueDate), formatLongDate(lookup.record.originalDueDate))
          : t.due(formatLongDate(lookup.record.dueDate), lookup.record.termDays)}
      </p>
    </div>
  );
}

/** The radicado the acknowledgement's link carries (`?radicado=…`), when it is one; anything else is ignored. */
function radicadoFrom(params: URLSearchParams): string | null {
  const value = (params.get('radicado') ?? '').replace(/[\s-]/g, '');
  return new RegExp(`^\\d{${RADICADO_LENGTH}}$`).test(value) ? value : null;
}

/**
 * PQRSF lookup (spec §2): by radicado plus the requester's document, so a number alone reveals nothing. The radicado
 * comes written from the acknowledgement's link or from the request just filed here; the document is always typed.
 */
export default function PqrsfLookupPage() {
  const lastFiled = useAppSelector((s) => selectLastStored(s, 'pqrsf'));
  const fromLink = radicadoFrom(useSearchParams());
  const form = useZodForm(pqrsfLookupSchema, {
    shouldFocusError: false,
    defaultValues: { id: fromLink ?? lastFiled ?? '', id_number: '' },
  });
  const field = fieldsOf(form);
  const lookupPqrsf = useOperationCall(pqrsfOperations.lookup);
  const submission = useFormSubmission(form, async (values) => {
    const result = await lookupPqrsf({ body: values });
    const record = result.kind === 'ok' ? result.data.Items[0] : undefined;
    // The values just sent, not the fields as they may be edited later: they are what proved this case.
    if (record) return sent({ record, proof: { id: values.id, id_number: values.id_number } });
    if (result.kind === 'ok' || (result.kind === 'error' && result.status === 404)) return failed(pqrsfLookupTexts.notFound);
    if (result.kind === 'error') return failed(result.status === 429 || result.fields ? result.message : pqrsfLookupTexts.failed);
    return failed(pqrsfLookupTexts.network);
  });
  const { state } = submission;
  // One object per answer: the result takes focus when a new answer arrives, not on every render.
  const lookup = useMemo((): Lookup | null => {
    if (state.kind === 'sent') return { kind: 'found', ...state.answer };
    if (state.kind === 'failed') return { kind: 'missing', text: state.failure.text };
    return null;
  }, [state]);

  return (
    <PageFrame title={t.title} intro={<p>{t.intro}</p>}>
      <FormSection
        id="radicado"
        title={t.formTitle}
        intro={t.why}
        aside={
          <p>
            <AppLink to="/pqrsf">{t.fileNew}</AppLink>
          </p>
        }
      >
        <SubmissionForm
          className="form"
          aria-label={t.formTitle}
          submission={submission}
          header={<RequiredNote />}
          summary={<SubmitErrors form={form} submission={submission} />}
          honeypot={false}
          failure={() => null}
        >
          <div className="form-grid">
            <TextField label="Número de radicado" required inputMode="numeric" autoComplete="off" hint={t.idHint} {...field('id')} />
            <TextField
              label="Número de documento"
              required
              inputMode="numeric"
              hint="El documento con el que radicaste la solicitud."
              {...field('id_number')}
            />
          </div>
          <div className="form-actions">
            <SubmitButton busy={submission.busy} busyLabel={t.sending}>
              {t.send}
            </SubmitButton>
          </div>
        </SubmissionForm>
        {lookup ? <Result lookup={lookup} /> : null}
      </FormSection>
    </PageFrame>
  );
}
