import { useCallback, useId, useState, type FormEvent } from 'react';
import { isSessionEnded } from 'shared/api/staff-client';
import { useOperationCall } from 'shared/api/use-operation';
import { formatCOP } from 'shared/format/money';
import { holdsRoleFor, useStaffSession } from 'shared/staff-session';
import { TextAreaField, TextField } from 'shared/ui/form';
import { ConfirmDialog } from 'shared/ui/staff/confirm-dialog';
import { messageOf, Notice } from 'shared/ui/staff/kit';
import { refundStaffOperations as ops } from './operations';
import type { RefundSummary } from './schemas';

export const refundActionTexts = {
  refund: 'Reembolsar',
  hint: 'Devuelve todo o parte del pago por la pasarela de pagos. Un reembolso total cancela la inscripción y libera el cupo; el estudiante recibe un correo.',
  loading: 'Consultando lo reembolsado…',
  loadFailed: 'No pudimos consultar lo reembolsado de este pago. Intenta de nuevo.',
  refundedSoFar: (amount: string, left: string) => `Ya se reembolsaron ${amount} de este pago; quedan ${left}.`,
  nothingLeft: 'Este pago ya fue reembolsado por completo.',
  formTitle: 'Reembolso',
  kindLegend: '¿Cuánto se reembolsa?',
  full: (left: string) => `Todo lo que queda: ${left}`,
  partial: 'Una parte',
  amount: 'Valor a reembolsar (COP)',
  amountHint: (left: string) => `En pesos, sin decimales; como máximo ${left}.`,
  amountInvalid: 'Escribe el valor en pesos, sin decimales, mayor que cero.',
  amountTooHigh: (left: string) => `El valor supera lo que queda por reembolsar (${left}).`,
  reason: 'Motivo',
  reasonHint: 'Entre 10 y 500 caracteres. Queda en la auditoría; no se envía al estudiante.',
  reasonRequired: 'Escribe el motivo del reembolso (entre 10 y 500 caracteres).',
  review: 'Revisar el reembolso',
  cancel: 'Cancelar',
  confirmTitle: (amount: string) => `¿Reembolsar ${amount}?`,
  confirmBody: (amount: string, name: string, course: string) =>
    `Se devolverán ${amount} a ${name} por ${course}, por la pasarela de pagos. No se puede deshacer.`,
  confirmFull: 'Es un reembolso total: la inscripción queda cancelada y el cupo libre.',
  confirmReason: (reason: string) => `Motivo: ${reason}`,
  confirm: (amount: string) => `Sí, reembolsar ${amount}`,
  busy: 'Reembolsando…',
  done: (amount: string, name: string) => `Se reembolsaron ${amount} a ${name}. Le enviamos un correo.`,
  network: 'No hay conexión con el servidor. No sabemos si el reembolso se hizo: vuelve a confirmar (no se reembolsará dos veces).',
  failed: 'No pudimos hacer el reembolso.',
  sessionEnded: 'Tu sesión terminó. Vuelve a ingresar al panel.',
} as const;
const t = refundActionTexts;

/** "50.000", "$ 50 000" or "50000" → 50000; anything with decimals or other characters → null. */
export function pesosOf(text: string): number | null {
  const digits = text.replace(/[$\s.]/g, '');
  if (!/^\d{1,12}$/.test(digits)) return null;
  const value = Number(digits);
  return value > 0 ? value : null;
}

/** A key for one refund request, sent again on each retry of it (the provider's X-Idempotency-Key). */
const newKey = () => crypto.randomUUID();

interface Draft {
  key: string;
  kind: 'full' | 'partial';
  amount: string;
  reason: string;
}

/**
 * The record page's "Reembolsar" (#31), Finanzas only (as declared): all that is left or a part, a required reason,
 * then a confirmation naming the amount and the student before anything is asked of the provider. A retry after a lost
 * answer sends the same key, so it never refunds twice.
 */
export function RefundAction({
  reference,
  studentName,
  courseTitle,
  paymentStatus,
  onRefunded,
}: {
  reference: string;
  studentName: string;
  courseTitle: string;
  paymentStatus: string;
  onRefunded: () => void;
}) {
  const session = useStaffSession();
  const allowed = holdsRoleFor(session, ops.refundEnrolment);
  const load = useOperationCall(ops.enrolmentRefunds);
  const send = useOperationCall(ops.refundEnrolment);
  const formId = useId();
  const [summary, setSummary] = useState<RefundSummary | null>(null);
  const [draft, setDraft] = useState<Draft | null>(null);
  const [errors, setErrors] = useState<{ amount?: string; reason?: string }>({});
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const [dialogError, setDialogError] = useState<string | null>(null);
  const [notice, setNotice] = useState<{ text: string; at: number } | null>(null);

  const [loadError, setLoadError] = useState<string | null>(null);
  const [loading, setLoading] = useState(false);

  /** What is left to refund, read when the form opens (and after a refusal): the record page itself asks nothing more. */
  const refresh = useCallback(async () => {
    setLoading(true);
    const result = await load({ params: { reference } });
    setLoading(false);
    if (result.kind !== 'ok') {
      setLoadError(isSessionEnded(result) ? t.sessionEnded : messageOf(result, t.network, t.loadFailed));
      return false;
    }
    setLoadError(null);
    setSummary(result.data);
    return true;
  }, [load, reference]);

  const open = async () => {
    setErrors({});
    setNotice(null);
    if (await refresh()) setDraft({ key: newKey(), kind: 'full', amount: '', reason: '' });
  };

  if (!allowed) return null;
  // Once refunded in full the record shows the payment refunded: only the word that it was done stays.
  const refundable = paymentStatus === 'approved';
  const left = summary?.refundable ?? 0;
  const amount = draft ? (draft.kind === 'full' ? left : pesosOf(draft.amount)) : null;

  const review = (event: FormEvent) => {
    event.preventDefault();
    if (!draft) return;
    const found: typeof errors = {};
    if (amount === null) found.amount = t.amountInvalid;
    else if (amount > left) found.amount = t.amountTooHigh(formatCOP(left));
    const reason = draft.reason.trim();
    if (reason.length < 10 || reason.length > 500) found.reason = t.reasonRequired;
    setErrors(found);
    if (!found.amount && !found.reason) {
      setDialogError(null);
      setConfirming(true);
    }
  };

  const refund = async () => {
    if (!draft || amount === null) return;
    setBusy(true);
    const result = await send({ params: { reference }, body: { monto: amount, motivo: draft.reason.trim(), clave: draft.key } });
    setBusy(false);
    if (isSessionEnded(result)) return setDialogError(t.sessionEnded);
    if (result.kind === 'error' && (result.fields?.monto || result.fields?.motivo)) {
      // Back to the form, where the field says what is wrong (a refund made meanwhile from another tab, say).
      setConfirming(false);
      setErrors({ amount: result.fields.monto, reason: result.fields.motivo });
      return void refresh();
    }
    if (result.kind !== 'ok') return setDialogError(messageOf(result, t.network, t.failed));
    setConfirming(false);
    setDraft(null);
    setSummary(result.data);
    setNotice({ text: t.done(formatCOP(amount), studentName), at: Date.now() });
    onRefunded();
  };

  return (
    <>
      {notice ? <Notice key={notice.at} className="staff-notice" text={notice.text} /> : null}
      {loadError ? <Notice className="staff-notice" text={loadError} kind="error" /> : null}
      {refundable && !draft && (summary === null || left > 0) ? (
        <>
          <button type="button" className="btn btn--ghost" disabled={loading} onClick={() => void open()}>
            {loading ? t.loading : t.refund}
          </button>
          <p className="staff-muted">{t.hint}</p>
        </>
      ) : null}
      {refundable && summary && summary.refunded > 0 && left > 0 ? (
        <p className="staff-muted">{t.refundedSoFar(formatCOP(summary.refunded), formatCOP(left))}</p>
      ) : null}
      {refundable && summary && left === 0 ? <p className="staff-muted">{t.nothingLeft}</p> : null}
      {refundable && draft && left > 0 ? (
        <form className="staff-form" aria-labelledby={`${formId}-titulo`} onSubmit={review} noValidate>
          <h3 id={`${formId}-titulo`}>{t.formTitle}</h3>
          <fieldset>
            <legend>{t.kindLegend}</legend>
            {(['full', 'partial'] as const).map((kind) => (
              <div key={kind}>
                <input
                  id={`${formId}-${kind}`}
                  type="radio"
                  name={`${formId}-tipo`}
                  value={kind}
                  checked={draft.kind === kind}
                  onChange={() => setDraft({ ...draft, kind })}
                />
                <label htmlFor={`${formId}-${kind}`}>{kind === 'full' ? t.full(formatCOP(left)) : t.partial}</label>
              </div>
            ))}
          </fieldset>
          {draft.kind === 'partial' ? (
            <TextField
              label={t.amount}
              hint={t.amountHint(formatCOP(left))}
              required
              inputMode="numeric"
              autoComplete="off"
              value={draft.amount}
              error={errors.amount}
              onChange={(e) => setDraft({ ...draft, amount: e.target.value })}
            />
          ) : errors.amount ? (
            <p className="field-error" role="alert">
              {errors.amount}
            </p>
          ) : null}
          <TextAreaField
            label={t.reason}
            hint={t.reasonHint}
            required
            rows={3}
            maxLength={500}
            value={draft.reason}
            error={errors.reason}
            onChange={(e) => setDraft({ ...draft, reason: e.target.value })}
          />
          <p>
            <button type="submit" className="btn">
              {t.review}
            </button>{' '}
            <button type="button" className="btn btn--ghost" onClick={() => setDraft(null)}>
              {t.cancel}
            </button>
          </p>
        </form>
      ) : null}
      {confirming && draft && amount !== null ? (
        <ConfirmDialog
          title={t.confirmTitle(formatCOP(amount))}
          confirmLabel={t.confirm(formatCOP(amount))}
          busyLabel={t.busy}
          cancelLabel={t.cancel}
          busy={busy}
          error={dialogError}
          onConfirm={() => void refund()}
          onCancel={() => {
            setConfirming(false);
            setDialogError(null);
          }}
        >
          <p>{t.confirmBody(formatCOP(amount), studentName, courseTitle)}</p>
          {amount === left ? <p>{t.confirmFull}</p> : null}
          <p>{t.confirmReason(draft.reason.trim())}</p>
        </ConfirmDialog>
      ) : null}
    </>
  );
}
