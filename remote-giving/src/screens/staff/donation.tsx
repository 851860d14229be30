import 'shared/ui/staff/screens.css';
import { useCallback, useEffect, useState } from 'react';
import { formatColombianDateTime } from 'shared/format/dates';
import { formatCOP } from 'shared/format/money';
import type { DonationRecordResponse } from 'shared/schemas/donations-staff-api';
import { paymentStatusLabel } from 'shared/schemas/enrolments-staff-api';
import { AppLink } from 'shared/navigation';
import { useStaffSession } from 'shared/staff-session';
import { LoadState, messageOf } from 'shared/ui/staff/kit';
import { Facts, PaymentHistory } from 'shared/ui/staff/ledger';
import { useGetStaffDonation } from '../../api/get-staff-donation';

export const staffDonationTexts = {
  back: 'Volver a las donaciones',
  title: (name: string) => `Donación de ${name}`,
  loading: 'Cargando la donación…',
  failed: 'No pudimos cargar la donación.',
  network: 'No hay conexión con el servidor. Revisa tu conexión e intenta de nuevo.',
  retry: 'Intentar de nuevo',
  sessionEnded: 'Tu sesión terminó. Vuelve a ingresar al panel.',
  donationTitle: 'Donación',
  donorTitle: 'Donante',
  facts: {
    reference: 'Referencia',
    created: 'Fecha (Bogotá)',
    amount: 'Valor',
    paymentStatus: 'Estado del pago',
    paymentId: 'Número del pago',
    paymentType: 'Medio de pago',
    approved: 'Aprobada el (Bogotá)',
    receipt: 'Recibo enviado el (Bogotá)',
    name: 'Nombre',
    document: 'Documento',
    email: 'Correo electrónico',
    phone: 'Teléfono',
  },
} as const;
const t = staffDonationTexts;

type Loaded = { kind: 'loading' } | { kind: 'failed'; message: string } | { kind: 'ready'; record: DonationRecordResponse };

const when = (iso: string | null) => (iso ? formatColombianDateTime(iso) : null);

/** `giving/StaffDonation` (`/equipo/donaciones/:reference`): one donation, its donor and every status of its payment. */
export default function StaffDonation({ reference = '' }: { reference?: string }) {
  const session = useStaffSession();
  const get = useGetStaffDonation();
  const [state, setState] = useState<Loaded>({ kind: 'loading' });

  const load = useCallback(async () => {
    setState({ kind: 'loading' });
    const token = await session.getIdToken();
    if (!token) return setState({ kind: 'failed', message: t.sessionEnded });
    const result = await get(reference, token);
    if (result.kind !== 'ok') return setState({ kind: 'failed', message: messageOf(result, t.network, t.failed) });
    setState({ kind: 'ready', record: result.data });
  }, [get, reference, session]);

  useEffect(() => {
    void load();
  }, [load]);

  const record = state.kind === 'ready' ? state.record : null;
  return (
    <section className="staff-screen" aria-labelledby="donacion-titulo">
      <p>
        <AppLink to="/equipo/donaciones">{t.back}</AppLink>
      </p>
      <LoadState state={state} loading={t.loading} retry={t.retry} onRetry={() => void load()} />
      {record ? (
        <>
          <header>
            <h1 id="donacion-titulo">{t.title(`${record.donor.name} ${record.donor.lastname}`)}</h1>
            <p className="staff-screen__intro">
              {formatCOP(record.amount)} · {paymentStatusLabel(record.payment.status)}
            </p>
          </header>
          <section aria-labelledby="donacion-datos">
            <h2 id="donacion-datos">{t.donationTitle}</h2>
            <Facts
              rows={[
                [t.facts.reference, record.reference],
                [t.facts.created, when(record.createdAt)],
                [t.facts.amount, formatCOP(record.amount)],
                [t.facts.paymentStatus, paymentStatusLabel(record.payment.status)],
                [t.facts.paymentId, record.payment.id],
                [t.facts.paymentType, record.payment.type],
                [t.facts.approved, when(record.payment.approvedAt)],
                [t.facts.receipt, when(record.payment.receiptSentAt)],
              ]}
            />
          </section>
          <section aria-labelledby="donacion-donante">
            <h2 id="donacion-donante">{t.donorTitle}</h2>
            <Facts
              rows={[
                [t.facts.name, `${record.donor.name} ${record.donor.lastname}`],
                [t.facts.document, `${record.donor.idType} ${record.donor.idNumber}`],
                [t.facts.email, record.donor.email],
                [t.facts.phone, record.donor.phone],
              ]}
            />
          </section>
          <PaymentHistory history={record.history} discrepancies={record.discrepancies} />
        </>
      ) : null}
    </section>
  );
}
