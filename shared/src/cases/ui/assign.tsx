import { useCallback, useEffect, useId, useState, type FormEvent } from 'react';
import type { ApiResult } from 'shared/api/client';
import type { AnyOperation } from 'shared/api/operation';
import { isSessionEnded } from 'shared/api/staff-client';
import { useOperationCaller } from 'shared/api/use-operation';
import { SubmitErrors } from 'shared/ui/error-summary';
import { SelectField, SubmitButton, TextAreaField } from 'shared/ui/form';
import { messageOf } from 'shared/ui/staff/kit';
import { fieldsOf, SubmissionForm, useFocusOnMount, useFormSubmission, type Sent } from 'shared/ui/submission-form';
import { useZodForm } from 'shared/ui/use-zod-form';
import {
  areaTarget,
  caseAssignedFilters,
  caseAssignRequestSchema,
  memberTarget,
  type CaseAssignedFilter,
  type CaseAssignee,
  type CaseAssignees,
  type CaseBulkAssignResponse,
} from '../assignment';
import { dateTimeOf } from '../texts';
import { useCaseAction, type CaseDone } from './hooks';
import { ActionSection, CaseCard, ConfirmPanel, Facts } from './parts';

/**
 * Assignment's screens (#32), the same for every kind: who has a case and the form to assign it on the case screen, and
 * on the inbox the "Asignación" filter, the "Asignada a" column, the rows' checkboxes and the bulk reassignment.
 */

export const caseAssignmentScreenTexts = {
  title: 'Asignación',
  assignedTo: 'Asignada a',
  since: 'Desde',
  nobody: 'Sin asignar',
  area: (area: string) => `Área: ${area}`,
  formTitle: 'Asignar el caso',
  open: 'Asignar o reasignar',
  formIntro: 'A una persona del equipo que atiende estos casos (le llega un correo) o a un área.',
  to: 'Asignar a',
  choose: 'Elige una persona o un área',
  member: (label: string) => `Persona: ${label}`,
  areaOption: (area: string) => `Área: ${area}`,
  note: 'Nota para el historial (opcional)',
  submit: 'Asignar',
  busy: 'Asignando…',
  done: (label: string) => `Caso asignado a ${label}.`,
  loadingAssignees: 'Cargando el equipo…',
  assigneesFailed: 'No pudimos cargar el equipo. Vuelve a cargar la página.',
  closed: 'Este caso ya no está abierto: no se puede asignar.',
  // The inbox.
  filter: 'Asignación',
  anyAssignee: 'Todas',
  filterOptions: { mias: 'Mis casos', 'sin-asignar': 'Sin asignar' } as Record<string, string>,
  column: 'Asignada a',
  selectColumn: 'Seleccionar',
  select: (radicado: string) => `Seleccionar el caso ${radicado}`,
  selectAll: 'Seleccionar todas',
  bulkTitle: 'Reasignar los casos seleccionados',
  selected: (n: number) => (n === 1 ? '1 caso seleccionado.' : `${n} casos seleccionados.`),
  noneSelected: 'Selecciona casos en la tabla con sus casillas.',
  review: 'Revisar la reasignación',
  confirmTitle: (n: number, label: string) => `¿Reasignar ${n === 1 ? '1 caso' : `${n} casos`} a ${label}?`,
  confirmBody: 'Cada caso queda en su historial y en la auditoría. Un caso que ya no está abierto no se reasigna.',
  confirm: 'Sí, reasignar',
  cancel: 'Cancelar',
  bulkDone: (n: number) => (n === 1 ? 'Se reasignó 1 caso.' : `Se reasignaron ${n} casos.`),
  refusedTitle: (n: number) => (n === 1 ? '1 caso no se reasignó:' : `${n} casos no se reasignaron:`),
  refused: (radicado: string, reason: string) => `${radicado}: ${reason}`,
  network: 'No pudimos conectarnos. Revisa tu conexión e intenta de nuevo.',
  failed: 'No pudimos asignar. Intenta de nuevo.',
} as const;
const t = caseAssignmentScreenTexts;

/** The assignee in words. */
export const assigneeLabel = (a: CaseAssignee | undefined): string => (a ? (a.kind === 'area' ? t.area(a.label) : a.label) : t.nobody);

/** The options of the assignee's select: the kind's team, then the areas. */
export const assigneeOptions = (a: CaseAssignees) => [
  ...a.members.map((m) => ({ value: memberTarget(m.email), label: t.member(m.label) })),
  ...a.areas.map((area) => ({ value: areaTarget(area), label: t.areaOption(area) })),
];

/** The label of a select's value, for the confirmation. */
const labelOf = (a: CaseAssignees, value: string) => assigneeOptions(a).find((o) => o.value === value)?.label ?? value;

type Loaded<T> = { kind: 'loading' } | { kind: 'failed'; message: string } | { kind: 'ready'; data: T };

/**
 * The members and areas a case of this kind can go to (an audited read), loaded once when `wanted` (the inbox asks
 * only once a row is selected: a look at the inbox is not a read of the team).
 */
export function useAssignees(op: AnyOperation, wanted = true): Loaded<CaseAssignees> {
  const call = useOperationCaller() as unknown as (op: AnyOperation) => Promise<ApiResult<CaseAssignees>>;
  const [loaded, setLoaded] = useState<Loaded<CaseAssignees>>({ kind: 'loading' });
  const [asked, setAsked] = useState(wanted);
  if (wanted && !asked) setAsked(true);
  useEffect(() => {
    if (!asked) return;
    let live = true;
    void call(op).then((result) => {
      if (!live) return;
      if (result.kind === 'ok') setLoaded({ kind: 'ready', data: result.data });
      else setLoaded({ kind: 'failed', message: t.assigneesFailed });
    });
    return () => {
      live = false;
    };
  }, [call, op, asked]);
  return loaded;
}

/** The case screen's "Asignación": who has it and since when, and (while open) the form to assign it. */
export function CaseAssignment<C extends { assignee?: CaseAssignee }>({
  id,
  c,
  radicado,
  open,
  assign,
  assignees,
  onDone,
}: {
  id: string;
  c: C;
  radicado: string;
  open: boolean;
  /** The kind's declared operations (shared/cases/assignment `caseAssignmentOperations`). */
  assign: AnyOperation;
  assignees: AnyOperation;
  onDone: CaseDone<C>;
}) {
  return (
    <CaseCard id={`${id}-asignacion`} title={t.title}>
      <Facts
        rows={[
          [t.assignedTo, assigneeLabel(c.assignee)],
          ...(c.assignee ? ([[t.since, dateTimeOf(c.assignee.at)]] as Array<[string, string]>) : []),
        ]}
      />
      {open ? <AssignForm id={id} radicado={radicado} assign={assign} assignees={assignees} onDone={onDone} /> : <p>{t.closed}</p>}
    </CaseCard>
  );
}

function AssignForm<C extends { assignee?: CaseAssignee }>({
  id,
  radicado,
  assign,
  assignees,
  onDone,
}: {
  id: string;
  radicado: string;
  assign: AnyOperation;
  assignees: AnyOperation;
  onDone: CaseDone<C>;
}) {
  // The form opens on request: only then is the team read (an audited read), and focus goes to its first field.
  const [shown, setShown] = useState(false);
  const options = useAssignees(assignees, shown);
  const send = useCaseAction(assign, radicado, t) as unknown as (body: { to: string; note?: string | undefined }) => Promise<Sent<C>>;
  const form = useZodForm(caseAssignRequestSchema, { defaultValues: { to: '', note: '' } });
  const field = fieldsOf(form);
  const submission = useFormSubmission(form, async (values) => {
    const result = await send(values);
    if (result.ok) onDone(result.answer, t.done(assigneeLabel(result.answer.assignee)));
    return result;
  });
  const formId = `${id}-asignar`;
  const ready = shown && options.kind === 'ready';
  useEffect(() => {
    if (ready) form.setFocus('to');
  }, [ready, form]);
  if (!shown)
    return (
      <ActionSection id={formId} title={t.formTitle} intro={t.formIntro}>
        <button type="button" className="btn btn--ghost" aria-expanded="false" onClick={() => setShown(true)}>
          {t.open}
        </button>
      </ActionSection>
    );
  return (
    <ActionSection id={formId} title={t.formTitle} intro={t.formIntro}>
      {options.kind === 'loading' ? <p role="status">{t.loadingAssignees}</p> : null}
      {options.kind === 'failed' ? (
        <p role="alert" className="alert alert--error">
          {options.message}
        </p>
      ) : null}
      {options.kind === 'ready' ? (
        <SubmissionForm
          className="form"
          honeypot={false}
          submission={submission}
          aria-labelledby={formId}
          summary={<SubmitErrors form={form} submission={submission} />}
        >
          <SelectField label={t.to} required placeholder={t.choose} options={assigneeOptions(options.data)} {...field('to')} />
          <TextAreaField label={t.note} rows={2} {...field('note')} />
          <SubmitButton busy={submission.busy} busyLabel={t.busy}>
            {t.submit}
          </SubmitButton>
        </SubmissionForm>
      ) : null}
    </ActionSection>
  );
}

/** The inbox's assignment filter's options: "Mis casos", "Sin asignar", each area. */
export const assignedFilterOptions: ReadonlyArray<readonly [CaseAssignedFilter, string]> = caseAssignedFilters.map(
  (f) => [f, t.filterOptions[f] ?? t.areaOption(f)] as const,
);

/** The inbox's `?asignacion=` (a link from an e-mail or "Hoy"), when it names a filter. */
export const assignedFilterOf = (value: string | null): CaseAssignedFilter | '' =>
  (caseAssignedFilters as readonly string[]).includes(value ?? '') ? (value as CaseAssignedFilter) : '';

/** The rows selected in the inbox, by radicado. */
export function useSelection() {
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const toggle = useCallback(
    (radicado: string, on: boolean) =>
      setSelected((prev) => {
        const next = new Set(prev);
        if (on) next.add(radicado);
        else next.delete(radicado);
        return next;
      }),
    [],
  );
  const setAll = useCallback((radicados: string[], on: boolean) => setSelected(on ? new Set(radicados) : new Set()), []);
  const clear = useCallback(() => setSelected(new Set()), []);
  return { selected, toggle, setAll, clear };
}
export type Selection = ReturnType<typeof useSelection>;

/**
 * "Reasignar los casos seleccionados": "Seleccionar todas" (the rows shown), the assignee and a note, a confirmation,
 * then what happened — how many were reassigned, and each refused case with its reason — in a notice that takes focus.
 */
export function BulkAssign({
  id,
  radicados,
  selection,
  assignMany,
  assignees,
  onDone,
}: {
  id: string;
  /** The rows shown now. */
  radicados: string[];
  selection: Selection;
  assignMany: AnyOperation;
  assignees: AnyOperation;
  /** After a reassignment: the listing reloads. */
  onDone: () => void;
}) {
  const chosen = [...selection.selected];
  const options = useAssignees(assignees, chosen.length > 0);
  const call = useOperationCaller() as unknown as (
    op: AnyOperation,
    input: { body: { radicados: string[]; to: string; note?: string } },
  ) => Promise<ApiResult<CaseBulkAssignResponse>>;
  const [to, setTo] = useState('');
  const [note, setNote] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState<{ busy: boolean; error: string | null } | null>(null);
  const [outcome, setOutcome] = useState<{ result: CaseBulkAssignResponse; n: number } | null>(null);
  const all = radicados.length > 0 && radicados.every((r) => selection.selected.has(r));
  const titleId = `${id}-reasignar`;
  const toId = useId();
  const noteId = useId();
  const errorId = `${toId}-error`;

  const review = (event: FormEvent) => {
    event.preventDefault();
    if (!chosen.length) return setError(t.noneSelected);
    if (!to) return setError(t.choose);
    setError(null);
    setOutcome(null);
    setPending({ busy: false, error: null });
  };
  const confirm = async () => {
    setPending({ busy: true, error: null });
    const result = await call(assignMany, { body: { radicados: chosen, to, ...(note.trim() ? { note: note.trim() } : {}) } });
    if (result.kind !== 'ok') {
      const message = isSessionEnded(result) ? t.network : messageOf(result, t.network, t.failed);
      return setPending({ busy: false, error: message });
    }
    setPending(null);
    setOutcome((prev) => ({ result: result.data, n: (prev?.n ?? 0) + 1 }));
    setNote('');
    selection.clear();
    onDone();
  };

  return (
    <section aria-labelledby={titleId} className="case-bulk">
      <h2 id={titleId}>{t.bulkTitle}</h2>
      {outcome ? <BulkOutcome key={outcome.n} result={outcome.result} /> : null}
      <form className="form" aria-labelledby={titleId} onSubmit={review} noValidate>
        <div className="field field--checkbox">
          <input
            id={`${id}-todas`}
            type="checkbox"
            checked={all}
            disabled={!radicados.length}
            onChange={(e) => selection.setAll(radicados, e.target.checked)}
          />
          <label htmlFor={`${id}-todas`}>{t.selectAll}</label>
        </div>
        <p aria-live="polite">{chosen.length ? t.selected(chosen.length) : t.noneSelected}</p>
        {options.kind === 'failed' ? (
          <p role="alert" className="alert alert--error">
            {options.message}
          </p>
        ) : null}
        <div className="field">
          <label htmlFor={toId}>{t.to}</label>
          <select
            id={toId}
            value={to}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? errorId : undefined}
            onChange={(e) => setTo(e.target.value)}
            disabled={options.kind !== 'ready'}
          >
            <option value="">{options.kind === 'loading' && chosen.length ? t.loadingAssignees : t.choose}</option>
            {options.kind === 'ready'
              ? assigneeOptions(options.data).map((o) => (
                  <option key={o.value} value={o.value}>
                    {o.label}
                  </option>
                ))
              : null}
          </select>
          {error ? (
            <p id={errorId} className="field-error" role="alert">
              {error}
            </p>
          ) : null}
        </div>
        <div className="field">
          <label htmlFor={noteId}>{t.note}</label>
          <textarea id={noteId} rows={2} value={note} maxLength={2000} onChange={(e) => setNote(e.target.value)} />
        </div>
        {pending ? null : (
          <button type="submit" className="btn">
            {t.review}
          </button>
        )}
      </form>
      {pending && options.kind === 'ready' ? (
        <ConfirmPanel
          title={t.confirmTitle(chosen.length, labelOf(options.data, to))}
          body={<p>{t.confirmBody}</p>}
          confirm={t.confirm}
          busyLabel={t.busy}
          cancel={t.cancel}
          busy={pending.busy}
          error={pending.error}
          onConfirm={() => void confirm()}
          onCancel={() => {
            setPending(null);
            document.getElementById(toId)?.focus();
          }}
        />
      ) : null}
    </section>
  );
}

function BulkOutcome({ result }: { result: CaseBulkAssignResponse }) {
  const ref = useFocusOnMount<HTMLDivElement>();
  return (
    <div ref={ref} tabIndex={-1} role="status" className="alert alert--success">
      <p>{t.bulkDone(result.assigned.length)}</p>
      {result.refused.length ? (
        <>
          <p>{t.refusedTitle(result.refused.length)}</p>
          <ul>
            {result.refused.map((r) => (
              <li key={r.radicado}>{t.refused(r.radicado, r.reason)}</li>
            ))}
          </ul>
        </>
      ) : null}
    </div>
  );
}
