import 'shared/ui/staff/screens.css';
import { useMemo, useState } from 'react';
import { isSessionEnded } from 'shared/api/staff-client';
import { useOperationCall, useOperationDownload } from 'shared/api/use-operation';
import { formatColombianDateTime, formatLongDate } from 'shared/format/dates';
import { formatCOP } from 'shared/format/money';
import { enrolmentStatusLabel } from './schemas';
import { AppLink } from 'shared/navigation';
import { useStaffSession } from 'shared/staff-session';
import { TextAreaField } from 'shared/ui/form';
import { ConfirmDialog } from 'shared/ui/staff/confirm-dialog';
import { saveFile } from 'shared/ui/staff/csv-export';
import { messageOf, Notice } from 'shared/ui/staff/kit';
import { Facts, PaymentDetailText, PaymentHistory, PaymentTypeText } from 'shared/ui/staff/record';
import { ResourceState, useStaffResource } from 'shared/ui/staff/resource';
import { enrolmentsStaffOperations as ops } from './operations';
import { StudentTools } from './staff-student-tools';
import { RefundAction } from '../refunds/refund-action';

export const staffEnrolmentTexts = {
  back: 'Volver a las inscripciones',
  title: (name: string) => `Inscripción de ${name}`,
  loading: 'Cargando la inscripción…',
  failed: 'No pudimos cargar la inscripción.',
  network: 'No hay conexión con el servidor. Revisa tu conexión e intenta de nuevo.',
  retry: 'Intentar de nuevo',
  sessionEnded: 'Tu sesión terminó. Vuelve a ingresar al panel.',
  enrolmentTitle: 'Inscripción',
  studentTitle: 'Estudiante',
  paymentTitle: 'Pago',
  actionsTitle: 'Acciones',
  facts: {
    reference: 'Referencia',
    created: 'Fecha de inscripción (Bogotá)',
    course: 'Curso',
    module: 'Módulo',
    cohort: 'Inicio de clases',
    price: 'Valor',
    status: 'Estado de la inscripción',
    account: 'Cuenta en el sitio',
    completed: 'Completada',
    name: 'Nombre completo',
    document: 'Documento',
    email: 'Correo electrónico',
    phone: 'Teléfono',
    profession: 'Profesión u ocupación',
    education: 'Nivel educativo',
    terms: 'Aceptó los términos',
    origin: 'Origen (inscripción manual)',
    paymentStatus: 'Estado del pago',
    paymentId: 'Número del pago',
    paymentType: 'Medio de pago',
    approved: 'Aprobado el (Bogotá)',
    receipt: 'Comprobante enviado el (Bogotá)',
    resent: 'Comprobante reenviado el (Bogotá)',
  },
  noCohort: 'Sin cohorte',
  noAccount: 'Aún sin cuenta',
  yes: 'Sí',
  no: 'No',
  completedBy: (who: string, when: string) => `Por ${who} el ${when}`,
  complete: 'Marcar como completada',
  completeHint:
    "El estudiante verá el curso como 'Completado' en Mis Cursos y podrá descargar su certificado de finalización. Solo se puede con el pago aprobado y desde la fecha de finalización de la cohorte.",
  completeConfirmTitle: '¿Marcar esta inscripción como completada?',
  completeConfirmBody: (name: string, course: string) =>
    `${name} verá ${course} como 'Completado' en Mis Cursos y se expedirá su certificado de finalización, con un número y un código de verificación público. Queda registrado en la auditoría; se puede deshacer con un motivo, y entonces el certificado queda anulado.`,
  completeConfirm: 'Sí, marcar como completada',
  completing: 'Guardando…',
  cancel: 'Cancelar',
  completed: "La inscripción quedó como 'Completado'.",
  undo: 'Deshacer la finalización',
  undoHint: 'La inscripción vuelve a su estado anterior y el certificado queda anulado: quien lo verifique lo verá como anulado.',
  undoConfirmTitle: '¿Deshacer la finalización de esta inscripción?',
  undoConfirmBody: (name: string, number: string | null) =>
    `${name} volverá a verse como inscrito(a) en Mis Cursos${number ? ` y el certificado ${number} quedará anulado (se conserva, marcado como anulado)` : ''}. Queda registrado en la auditoría con el motivo.`,
  undoReason: 'Motivo',
  undoReasonHint: 'Entre 10 y 500 caracteres. Queda en la auditoría y en el certificado anulado; no se muestra en la verificación pública.',
  undoReasonRequired: 'Escribe el motivo (entre 10 y 500 caracteres).',
  undoConfirm: 'Sí, deshacer y anular el certificado',
  undone: 'La finalización se deshizo y el certificado quedó anulado.',
  certificatesTitle: 'Certificado de finalización',
  certificateFacts: {
    number: 'Número',
    state: 'Estado',
    completedOn: 'Fecha de finalización',
    issued: 'Expedido (Bogotá)',
    verification: 'Verificación pública',
    voided: 'Anulado (Bogotá)',
    reason: 'Motivo de la anulación',
  },
  certificateValid: 'Válido',
  certificateVoided: 'Anulado',
  byWhen: (who: string, when: string) => `${when} por ${who}`,
  noCertificates: 'Aún no tiene certificado de finalización.',
  downloadCertificate: 'Descargar certificado (PDF)',
  downloadingCertificate: 'Preparando el PDF…',
  certificateFailed: 'No pudimos descargar el certificado. Intenta de nuevo.',
  resend: 'Reenviar comprobante',
  resendHint: 'Se envía al correo de la inscripción (no a otro), como máximo una vez cada 5 minutos.',
  resending: 'Enviando…',
  resent: (email: string) => `Reenviamos el comprobante a ${email}.`,
  actionFailed: 'No pudimos completar la acción.',
  notPaid: 'Esta inscripción no tiene el pago aprobado: no se puede marcar como completada ni reenviar su comprobante.',
} as const;
const t = staffEnrolmentTexts;

type Busy = null | 'complete' | 'undo' | 'resend' | 'pdf';

const when = (iso: string | null) => (iso ? formatColombianDateTime(iso) : null);

/**
 * `courses/StaffEnrolment` (`/equipo/inscripciones/:reference`): one enrolment with the student's data, its payment and
 * every status the provider reported, the 'Completado' mark (confirmed in a dialog) and the receipt sent again.
 */
export default function StaffEnrolment({ reference = '' }: { reference?: string }) {
  // The staff client brings the session's token; after the session ended nothing is sent (`isSessionEnded`).
  const get = useOperationCall(ops.enrolment);
  const complete = useOperationCall(ops.completeEnrolment);
  const resend = useOperationCall(ops.resendEnrolmentReceipt);
  const undo = useOperationCall(ops.undoCompletion);
  const downloadPdf = useOperationDownload(ops.completionCertificate);
  const session = useStaffSession();
  // Undoing is Cursos' (as declared); Finanzas reads the record and downloads the certificate.
  const mayUndo = session.roles.some((role) => (ops.undoCompletion.roles ?? []).includes(role));
  const resource = useStaffResource(
    useMemo(() => ({ load: () => get({ params: { reference } }) }), [get, reference]),
    t,
  );
  const [busy, setBusy] = useState<Busy>(null);
  const [confirming, setConfirming] = useState(false);
  const [undoing, setUndoing] = useState(false);
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string | null>(null);
  const [dialogError, setDialogError] = useState<string | null>(null);
  const [notice, setNotice] = useState<{ text: string; kind: 'success' | 'error'; at: number } | null>(null);

  const markCompleted = async () => {
    setBusy('complete');
    const result = await complete({ params: { reference } });
    setBusy(null);
    if (isSessionEnded(result)) return setDialogError(t.sessionEnded);
    if (result.kind !== 'ok') return setDialogError(messageOf(result, t.network, t.actionFailed));
    setConfirming(false);
    setDialogError(null);
    resource.set(result.data);
    setNotice({ text: t.completed, kind: 'success', at: Date.now() });
  };

  const undoCompletion = async () => {
    const motivo = reason.trim();
    if (motivo.length < 10 || motivo.length > 500) return setReasonError(t.undoReasonRequired);
    setReasonError(null);
    setBusy('undo');
    const result = await undo({ params: { reference }, body: { motivo } });
    setBusy(null);
    if (isSessionEnded(result)) return setDialogError(t.sessionEnded);
    if (result.kind === 'error' && result.fields?.motivo) return setReasonError(result.fields.motivo);
    if (result.kind !== 'ok') return setDialogError(messageOf(result, t.network, t.actionFailed));
    setUndoing(false);
    setReason('');
    setDialogError(null);
    resource.set(result.data);
    setNotice({ text: t.undone, kind: 'success', at: Date.now() });
  };

  const downloadCertificate = async (number: string) => {
    setBusy('pdf');
    const blob = await downloadPdf({ params: { reference } });
    setBusy(null);
    if (!blob) return setNotice({ text: t.certificateFailed, kind: 'error', at: Date.now() });
    saveFile(blob, `certificado-${number}.pdf`);
  };

  const resendReceipt = async () => {
    setBusy('resend');
    const result = await resend({ params: { reference } });
    setBusy(null);
    if (isSessionEnded(result)) return setNotice({ text: t.sessionEnded, kind: 'error', at: Date.now() });
    if (result.kind !== 'ok') return setNotice({ text: messageOf(result, t.network, t.actionFailed), kind: 'error', at: Date.now() });
    setNotice({ text: t.resent(result.data.sentTo), kind: 'success', at: Date.now() });
    // The page shows when it was resent.
    await resource.refresh();
  };

  const record = resource.data;
  const paid = record !== null && record.payment.status === 'approved';
  const canComplete = paid && record.enrolmentStatus === 'ENROLLED';
  // An enrolment the team entered has no provider's receipt to send again (#31).
  const canResend = paid && record.payment.id !== null && (record.enrolmentStatus === 'ENROLLED' || record.enrolmentStatus === 'COMPLETED');
  const canUndo = mayUndo && record !== null && record.enrolmentStatus === 'COMPLETED';
  const inForce = record?.certificates.find((c) => c.voided === null) ?? null;

  return (
    <section className="staff-screen" aria-labelledby="inscripcion-titulo">
      <p>
        <AppLink to="/equipo/inscripciones">{t.back}</AppLink>
      </p>
      <ResourceState resource={resource} loading={t.loading} />
      {record ? (
        <>
          <header>
            <h1 id="inscripcion-titulo">{t.title(record.student.fullName)}</h1>
            <p className="staff-screen__intro">
              {record.courseTitle} · {enrolmentStatusLabel(record.enrolmentStatus)}
            </p>
          </header>
          {notice ? <Notice key={notice.at} className="staff-notice" text={notice.text} kind={notice.kind} /> : null}

          <section aria-labelledby="inscripcion-acciones" className="staff-actions">
            <h2 id="inscripcion-acciones">{t.actionsTitle}</h2>
            {canComplete || canResend ? null : <p className="staff-muted">{t.notPaid}</p>}
            {canComplete ? (
              <>
                <button type="button" className="btn" disabled={busy !== null} onClick={() => setConfirming(true)}>
                  {t.complete}
                </button>
                <p className="staff-muted">{t.completeHint}</p>
              </>
            ) : null}
            {canUndo ? (
              <>
                <button type="button" className="btn btn--ghost" disabled={busy !== null} onClick={() => setUndoing(true)}>
                  {t.undo}
                </button>
                <p className="staff-muted">{t.undoHint}</p>
              </>
            ) : null}
            {canResend ? (
              <>
                <button type="button" className="btn btn--ghost" disabled={busy !== null} onClick={() => void resendReceipt()}>
                  {busy === 'resend' ? t.resending : t.resend}
                </button>
                <p className="staff-muted">{t.resendHint}</p>
              </>
            ) : null}
            <StudentTools record={record} onChanged={() => void resource.refresh()} />
            {/* Refunds (#31): Finanzas only; the component holds its own state (src/refunds). */}
            {/* A manual enrolment (a scholarship, money received outside the site) has no provider payment to refund. */}
            {record.payment.id ? (
              <RefundAction
                reference={record.reference}
                studentName={record.student.fullName}
                courseTitle={record.courseTitle}
                paymentStatus={record.payment.status}
                onRefunded={() => void resource.refresh()}
              />
            ) : null}
          </section>

          <section aria-labelledby="inscripcion-datos">
            <h2 id="inscripcion-datos">{t.enrolmentTitle}</h2>
            <Facts
              rows={[
                [t.facts.reference, record.reference],
                [t.facts.created, when(record.createdAt)],
                [t.facts.course, record.courseTitle],
                [t.facts.module, record.module],
                [t.facts.cohort, record.cohort ? formatLongDate(record.cohort.startDate) : t.noCohort],
                [t.facts.price, formatCOP(record.price)],
                [t.facts.status, enrolmentStatusLabel(record.enrolmentStatus)],
                [
                  t.facts.completed,
                  record.completed ? t.completedBy(record.completed.by, formatColombianDateTime(record.completed.at)) : null,
                ],
                [t.facts.account, record.account ?? t.noAccount],
              ]}
            />
          </section>

          <section aria-labelledby="inscripcion-certificado">
            <h2 id="inscripcion-certificado">{t.certificatesTitle}</h2>
            {record.certificates.length === 0 ? <p className="staff-muted">{t.noCertificates}</p> : null}
            {inForce ? (
              <p>
                <button
                  type="button"
                  className="btn btn--ghost"
                  disabled={busy !== null}
                  onClick={() => void downloadCertificate(inForce.number)}
                >
                  {busy === 'pdf' ? t.downloadingCertificate : t.downloadCertificate}
                </button>
              </p>
            ) : null}
            {record.certificates.map((c) => (
              <Facts
                key={c.number}
                rows={[
                  [t.certificateFacts.number, c.number],
                  [t.certificateFacts.state, c.voided ? t.certificateVoided : t.certificateValid],
                  [t.certificateFacts.completedOn, formatLongDate(c.completedOn)],
                  [t.certificateFacts.issued, t.byWhen(c.issuedBy, formatColombianDateTime(c.issuedAt))],
                  [t.certificateFacts.verification, <a href={c.verificationUrl}>{c.verificationUrl}</a>],
                  ...(c.voided
                    ? ([
                        [t.certificateFacts.voided, t.byWhen(c.voided.by, formatColombianDateTime(c.voided.at))],
                        [t.certificateFacts.reason, c.voided.reason],
                      ] as const)
                    : []),
                ]}
              />
            ))}
          </section>

          <section aria-labelledby="inscripcion-estudiante">
            <h2 id="inscripcion-estudiante">{t.studentTitle}</h2>
            <Facts
              rows={[
                [t.facts.name, record.student.fullName],
                [t.facts.document, `${record.student.idType} ${record.student.idNumber}`],
                [t.facts.email, record.student.email],
                [t.facts.phone, record.student.phone],
                [t.facts.profession, record.student.profession],
                [t.facts.education, record.student.education],
                [t.facts.terms, record.student.hasTerms ? t.yes : t.no],
              ]}
            />
          </section>

          <section aria-labelledby="inscripcion-pago">
            <h2 id="inscripcion-pago">{t.paymentTitle}</h2>
            <Facts
              rows={[
                ...(record.origin ? ([[t.facts.origin, record.origin]] as const) : []),
                [t.facts.paymentStatus, <PaymentDetailText status={record.payment.status} detail={record.payment.detail} />],
                [t.facts.paymentId, record.payment.id],
                [t.facts.paymentType, <PaymentTypeText type={record.payment.type} />],
                [t.facts.approved, when(record.payment.approvedAt)],
                [t.facts.receipt, when(record.payment.receiptSentAt)],
                [t.facts.resent, when(record.receiptResentAt)],
              ]}
            />
          </section>

          <PaymentHistory history={record.history} discrepancies={record.discrepancies} />

          {confirming ? (
            <ConfirmDialog
              title={t.completeConfirmTitle}
              confirmLabel={t.completeConfirm}
              busyLabel={t.completing}
              cancelLabel={t.cancel}
              busy={busy === 'complete'}
              error={dialogError}
              onConfirm={() => void markCompleted()}
              onCancel={() => {
                setConfirming(false);
                setDialogError(null);
              }}
            >
              <p>{t.completeConfirmBody(record.student.fullName, record.courseTitle)}</p>
            </ConfirmDialog>
          ) : null}
          {undoing ? (
            <ConfirmDialog
              title={t.undoConfirmTitle}
              confirmLabel={t.undoConfirm}
              busyLabel={t.completing}
              cancelLabel={t.cancel}
              busy={busy === 'undo'}
              error={dialogError}
              onConfirm={() => void undoCompletion()}
              onCancel={() => {
                setUndoing(false);
                setDialogError(null);
                setReasonError(null);
              }}
            >
              <p>{t.undoConfirmBody(record.student.fullName, inForce?.number ?? null)}</p>
              <TextAreaField
                label={t.undoReason}
                hint={t.undoReasonHint}
                required
                rows={3}
                maxLength={500}
                value={reason}
                error={reasonError ?? undefined}
                onChange={(e) => setReason(e.target.value)}
              />
            </ConfirmDialog>
          ) : null}
        </>
      ) : null}
    </section>
  );
}
