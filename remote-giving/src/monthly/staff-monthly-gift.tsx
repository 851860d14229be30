import 'shared/ui/staff/screens.css';
import { useMemo, useRef, useState } from 'react';
import { isSessionEnded } from 'shared/api/staff-client';
import { useOperationCall } from 'shared/api/use-operation';
import { formatColombianDateTime } from 'shared/format/dates';
import { formatCOP } from 'shared/format/money';
import { AppLink } from 'shared/navigation';
import { paymentStatusLabel } from 'shared/payments/ledger';
import { staffPath } from 'shared/staff-routes';
import { CheckboxField, TextAreaField } from 'shared/ui/form';
import { ConfirmDialog } from 'shared/ui/staff/confirm-dialog';
import { messageOf, Notice, StaffTable } from 'shared/ui/staff/kit';
import { Facts } from 'shared/ui/staff/record';
import { ResourceState, useStaffResource } from 'shared/ui/staff/resource';
import { monthlyStaffOperations as ops } from './staff-operations';
import { monthlyActionKinds, monthlyStateLabel, type MonthlyActionKind } from './staff-schemas';
import { bogotaDay } from './staff-monthly-gifts';

export const staffMonthlyGiftTexts = {
  back: 'Volver a las donaciones mensuales',
  title: (name: string) => `Donación mensual de ${name}`,
  perMonth: (amount: string) => `${amount} al mes`,
  loading: 'Cargando la donación mensual…',
  failed: 'No pudimos cargar la donación mensual.',
  network: 'No hay conexión con el servidor. Revisa tu conexión e intenta de nuevo.',
  retry: 'Intentar de nuevo',
  sessionEnded: 'Tu sesión terminó. Vuelve a ingresar al panel.',
  giftTitle: 'Donación mensual',
  donorTitle: 'Donante',
  facts: {
    reference: 'Referencia',
    created: 'Inicio (Bogotá)',
    amount: 'Valor mensual',
    state: 'Estado',
    next: 'Próximo cobro',
    authorized: 'Autorizada el (Bogotá)',
    paused: 'Pausada desde (Bogotá)',
    cancelled: 'Cancelada el (Bogotá)',
    cancelledBy: 'Cancelada por',
    card: 'Tarjeta',
    lastCharge: 'Último cobro',
    name: 'Nombre',
    document: 'Documento',
    email: 'Correo electrónico',
    phone: 'Teléfono',
  },
  cancelledBy: { donante: 'El donante, desde su enlace', equipo: 'El equipo, a pedido del donante', proveedor: 'Mercado Pago' } as Record<
    string,
    string
  >,
  cardUnknown: 'Mercado Pago aún no la informó',
  actionsTitle: 'Pausar, reanudar o cancelar',
  actionsHint:
    'Solo a pedido del donante. El cambio se pide primero a Mercado Pago y el motivo queda en la auditoría. Al cancelar, el donante recibe un correo.',
  noActions: 'Esta donación mensual está cancelada: ya no admite cambios.',
  pause: 'Pausar la donación mensual',
  resume: 'Reanudar la donación mensual',
  cancel: 'Cancelar la donación mensual',
  dialog: {
    pause: { title: '¿Pausar esta donación mensual?', confirm: 'Pausar', busy: 'Pausando…', done: 'La donación mensual quedó pausada.' },
    resume: {
      title: '¿Reanudar esta donación mensual?',
      confirm: 'Reanudar',
      busy: 'Reanudando…',
      done: 'La donación mensual quedó activa otra vez.',
    },
    cancel: {
      title: '¿Cancelar esta donación mensual?',
      confirm: 'Sí, cancelar la donación mensual',
      busy: 'Cancelando…',
      done: 'La donación mensual quedó cancelada. Le enviamos un correo al donante.',
    },
  },
  body: {
    pause: (name: string) => `Mercado Pago dejará de cobrarle a ${name} cada mes hasta que alguien la reanude.`,
    resume: (name: string) => `Mercado Pago volverá a cobrarle a ${name} cada mes.`,
    cancel: (name: string) =>
      `Mercado Pago no le hará más cobros a ${name}. La cancelación es definitiva: para volver a donar cada mes, el donante empieza una nueva donación. Le enviaremos un correo diciendo que la cancelamos a su pedido.`,
  },
  back_: 'No, volver',
  reason: 'Motivo',
  reasonHint: 'Al menos 10 caracteres, por ejemplo quién lo pidió y por qué medio. Queda en la auditoría.',
  reasonShort: 'Escribe el motivo (al menos 10 caracteres): queda en la auditoría.',
  confirmCancel: 'Confirmo que el donante pidió cancelar su donación mensual',
  confirmRequired: 'Marca la confirmación: la cancelación es definitiva.',
  actionFailed: 'No pudimos hacer el cambio.',
  chargesTitle: 'Cobros',
  chargesCaption: 'Cobros de esta donación mensual, del más reciente al más antiguo',
  chargesColumns: ['Donación', 'Valor', 'Pago', 'Fecha (Bogotá)', 'Aprobado (Bogotá)'] as const,
  noCharges: 'Aún no hay cobros.',
  noticesTitle: 'Avisos enviados al donante',
  noticesCaption: 'Correos enviados por esta donación mensual además de los comprobantes',
  noticesColumns: ['Aviso', 'Enviado (Bogotá)'] as const,
  noticeKinds: { rejected: 'Cobro rechazado: qué puede hacer', cancelled: 'Mercado Pago canceló la donación mensual' } as Record<
    string,
    string
  >,
  noNotices: 'No se han enviado avisos: los comprobantes de cada cobro salen aparte.',
  historyTitle: 'Acciones del equipo',
  historyCaption: 'Lo que el equipo hizo con esta donación mensual, de lo más reciente a lo más antiguo',
  historyColumns: ['Fecha (Bogotá)', 'Acción', 'Quién', 'Motivo'] as const,
  noHistory: 'El equipo no ha pausado, reanudado ni cancelado esta donación mensual.',
} as const;
const t = staffMonthlyGiftTexts;

const when = (iso: string | null) => (iso ? formatColombianDateTime(iso) : null);

/** The action's reason and (cancelling) confirmation in the dialog, checked before anything is sent. */
function ActionDialog({
  kind,
  name,
  send,
  onClose,
}: {
  kind: MonthlyActionKind;
  name: string;
  send: (reason: string, confirm: boolean) => Promise<{ fields?: Record<string, string>; message?: string } | null>;
  onClose: () => void;
}) {
  const [reason, setReason] = useState('');
  const [confirmed, setConfirmed] = useState(false);
  const [errors, setErrors] = useState<{ reason?: string; confirm?: string }>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  // The kit's fields take no ref: the dialog's body finds them by name to move focus to the one to correct.
  const fieldsRef = useRef<HTMLDivElement>(null);
  const focusField = (name: 'reason' | 'confirm') => fieldsRef.current?.querySelector<HTMLElement>(`[name="${name}"]`)?.focus();
  const d = t.dialog[kind];

  const submit = async () => {
    const found = {
      ...(reason.trim().length < 10 ? { reason: t.reasonShort } : {}),
      ...(kind === 'cancel' && !confirmed ? { confirm: t.confirmRequired } : {}),
    };
    setErrors(found);
    setFailure(null);
    if (found.reason) return focusField('reason');
    if (found.confirm) return focusField('confirm');
    setBusy(true);
    const refused = await send(reason.trim(), confirmed);
    setBusy(false);
    if (!refused) return;
    if (refused.fields?.reason || refused.fields?.confirm) {
      setErrors({ reason: refused.fields.reason, confirm: refused.fields.confirm });
      return focusField(refused.fields.reason ? 'reason' : 'confirm');
    }
    setFailure(refused.message ?? t.actionFailed);
  };

  return (
    <ConfirmDialog
      title={d.title}
      confirmLabel={d.confirm}
      busyLabel={d.busy}
      cancelLabel={t.back_}
      busy={busy}
      error={failure}
      onConfirm={() => void submit()}
      onCancel={onClose}
    >
      <p>{t.body[kind](name)}</p>
      <div ref={fieldsRef}>
        <TextAreaField
          name="reason"
          label={t.reason}
          hint={t.reasonHint}
          required
          rows={3}
          maxLength={1000}
          value={reason}
          error={errors.reason}
          onChange={(e) => setReason(e.target.value)}
        />
        {kind === 'cancel' ? (
          <CheckboxField
            name="confirm"
            label={t.confirmCancel}
            required
            checked={confirmed}
            error={errors.confirm}
            onChange={(e) => setConfirmed(e.target.checked)}
          />
        ) : null}
      </div>
    </ConfirmDialog>
  );
}

/**
 * `giving/StaffMonthlyGift` (`/equipo/donaciones-mensuales/:reference`): one monthly gift, its donor, card and charges
 * (each a donation's page), the notices sent and the team's actions; pausing, resuming or cancelling it for its donor,
 * each with its reason (and, cancelling, an explicit confirmation) in a dialog.
 */
export default function StaffMonthlyGift({ reference = '' }: { reference?: string }) {
  const get = useOperationCall(ops.monthlyGift);
  const calls = {
    pause: useOperationCall(ops.pauseMonthlyGift),
    resume: useOperationCall(ops.resumeMonthlyGift),
    cancel: useOperationCall(ops.cancelMonthlyGift),
  };
  const resource = useStaffResource(
    useMemo(() => ({ load: () => get({ params: { reference } }) }), [get, reference]),
    t,
  );
  const [dialog, setDialog] = useState<MonthlyActionKind | null>(null);
  const [notice, setNotice] = useState<{ text: string; at: number } | null>(null);

  const send = async (kind: MonthlyActionKind, reason: string, confirm: boolean) => {
    const params = { reference };
    const result =
      kind === 'cancel'
        ? // Sent only once the box is ticked (the dialog checks it first); the server refuses anything but true.
          await calls.cancel({ params, body: { reason, confirm: confirm as true } })
        : await calls[kind]({ params, body: { reason } });
    if (isSessionEnded(result)) return { message: t.sessionEnded };
    if (result.kind !== 'ok')
      return {
        message: messageOf(result, t.network, t.actionFailed),
        ...(result.kind === 'error' && result.fields ? { fields: result.fields } : {}),
      };
    setDialog(null);
    resource.set(result.data);
    // The notice takes focus: the button that opened the dialog may be gone (a paused gift has no "Pausar").
    setNotice({ text: t.dialog[kind].done, at: Date.now() });
    return null;
  };

  const record = resource.data;
  const name = record ? `${record.donor.name} ${record.donor.lastname}` : '';
  const can = (kind: MonthlyActionKind) =>
    record !== null &&
    (kind === 'pause'
      ? record.state === 'active' || record.state === 'failing'
      : kind === 'resume'
        ? record.state === 'paused'
        : record.state !== 'cancelled');

  return (
    <section className="staff-screen" aria-labelledby="mensual-titulo">
      <p>
        <AppLink to="/equipo/donaciones-mensuales">{t.back}</AppLink>
      </p>
      <ResourceState resource={resource} loading={t.loading} />
      {record ? (
        <>
          <header>
            <h1 id="mensual-titulo">{t.title(name)}</h1>
            <p className="staff-screen__intro">
              {t.perMonth(formatCOP(record.amount))} · {monthlyStateLabel(record.state)}
            </p>
          </header>
          {notice ? <Notice key={notice.at} className="staff-notice" text={notice.text} /> : null}

          <section aria-labelledby="mensual-acciones" className="staff-actions">
            <h2 id="mensual-acciones">{t.actionsTitle}</h2>
            {record.state === 'cancelled' ? (
              <p className="staff-muted">{t.noActions}</p>
            ) : (
              <>
                <p className="staff-muted">{t.actionsHint}</p>
                {can('pause') ? (
                  <button type="button" className="btn" onClick={() => setDialog('pause')}>
                    {t.pause}
                  </button>
                ) : null}
                {can('resume') ? (
                  <button type="button" className="btn" onClick={() => setDialog('resume')}>
                    {t.resume}
                  </button>
                ) : null}
                {can('cancel') ? (
                  <button type="button" className="btn staff-danger" onClick={() => setDialog('cancel')}>
                    {t.cancel}
                  </button>
                ) : null}
              </>
            )}
          </section>

          <section aria-labelledby="mensual-datos">
            <h2 id="mensual-datos">{t.giftTitle}</h2>
            <Facts
              rows={[
                [t.facts.reference, record.reference],
                [t.facts.created, when(record.createdAt)],
                [t.facts.amount, formatCOP(record.amount)],
                [t.facts.state, monthlyStateLabel(record.state)],
                [t.facts.next, record.nextPaymentDate ? bogotaDay(record.nextPaymentDate) : null],
                [t.facts.authorized, when(record.authorizedAt)],
                [t.facts.paused, when(record.pausedAt)],
                [t.facts.cancelled, when(record.cancelledAt)],
                [t.facts.cancelledBy, record.cancelledBy ? (t.cancelledBy[record.cancelledBy] ?? record.cancelledBy) : null],
                [t.facts.card, record.card ? record.card.toUpperCase() : t.cardUnknown],
                [t.facts.lastCharge, record.lastChargeStatus ? paymentStatusLabel(record.lastChargeStatus) : null],
              ]}
            />
          </section>

          <section aria-labelledby="mensual-donante">
            <h2 id="mensual-donante">{t.donorTitle}</h2>
            <Facts
              rows={[
                [t.facts.name, name],
                [t.facts.document, `${record.donor.idType} ${record.donor.idNumber}`],
                [t.facts.email, record.donor.email],
                [t.facts.phone, record.donor.phone],
              ]}
            />
          </section>

          <section aria-labelledby="mensual-cobros">
            <h2 id="mensual-cobros">{t.chargesTitle}</h2>
            {record.charges.length === 0 ? (
              <p className="staff-muted">{t.noCharges}</p>
            ) : (
              <StaffTable caption={t.chargesCaption} columns={t.chargesColumns}>
                {record.charges.map((c) => (
                  <tr key={c.reference}>
                    <th scope="row">
                      <AppLink to={staffPath('/equipo/donaciones/:reference', { reference: c.reference })}>{c.reference}</AppLink>
                    </th>
                    <td className="staff-nowrap">{formatCOP(c.amount)}</td>
                    <td>{paymentStatusLabel(c.paymentStatus)}</td>
                    <td className="staff-nowrap">{formatColombianDateTime(c.createdAt)}</td>
                    <td className="staff-nowrap">{c.approvedAt ? formatColombianDateTime(c.approvedAt) : '—'}</td>
                  </tr>
                ))}
              </StaffTable>
            )}
          </section>

          <section aria-labelledby="mensual-avisos">
            <h2 id="mensual-avisos">{t.noticesTitle}</h2>
            {record.notices.length === 0 ? (
              <p className="staff-muted">{t.noNotices}</p>
            ) : (
              <StaffTable caption={t.noticesCaption} columns={t.noticesColumns}>
                {record.notices.map((n) => (
                  <tr key={n.key}>
                    <th scope="row">{t.noticeKinds[n.kind] ?? n.kind}</th>
                    <td className="staff-nowrap">{formatColombianDateTime(n.sentAt)}</td>
                  </tr>
                ))}
              </StaffTable>
            )}
          </section>

          <section aria-labelledby="mensual-historia">
            <h2 id="mensual-historia">{t.historyTitle}</h2>
            {record.actions.length === 0 ? (
              <p className="staff-muted">{t.noHistory}</p>
            ) : (
              <StaffTable caption={t.historyCaption} columns={t.historyColumns}>
                {record.actions.map((a) => (
                  <tr key={`${a.at}-${a.kind}`}>
                    <th scope="row" className="staff-nowrap">
                      {formatColombianDateTime(a.at)}
                    </th>
                    <td>{monthlyActionKinds[a.kind]}</td>
                    <td>{a.by}</td>
                    <td>{a.reason}</td>
                  </tr>
                ))}
              </StaffTable>
            )}
          </section>

          {dialog ? (
            <ActionDialog
              kind={dialog}
              name={name}
              send={(reason, confirm) => send(dialog, reason, confirm)}
              onClose={() => setDialog(null)}
            />
          ) : null}
        </>
      ) : null}
    </section>
  );
}
