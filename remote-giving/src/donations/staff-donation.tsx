import 'shared/ui/staff/screens.css';
import { useMemo, useState } from 'react';
import { isSessionEnded } from 'shared/api/staff-client';
import { useOperationCall } from 'shared/api/use-operation';
import { formatColombianDateTime } from 'shared/format/dates';
import { formatCOP } from 'shared/format/money';
import type { DonationRecordResponse } from './schemas';
import { paymentStatusLabel } from 'shared/payments/ledger';
import { AppLink } from 'shared/navigation';
import { staffPath } from 'shared/staff-routes';
import type { Certificate } from '../certificates/schemas';
import { colombianDate } from 'shared/format/business-days';
import { messageOf, Notice } from 'shared/ui/staff/kit';
import { Facts, PaymentDetailText, PaymentHistory, PaymentTypeText } from 'shared/ui/staff/record';
import { ResourceState, useStaffResource, type Resource } from 'shared/ui/staff/resource';
import { donationStaffOperations as ops } from './operations';
import { CertificateTable } from '../certificates/certificate-parts';
import { certificateStaffOperations as certificateOps } from '../certificates/operations';

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
  certificatesTitle: 'Certificados de donación',
  certificatesCaption: 'Certificados que incluyen esta donación',
  noCertificates: 'Esta donación aún no tiene certificado. El donante puede descargarlo con el enlace del correo del comprobante.',
  notApproved: 'Solo una donación con el pago aprobado tiene certificado.',
  issueDonation: 'Expedir el certificado de esta donación',
  issueAnnual: (year: string) => `Expedir el certificado anual ${year} de este donante`,
  issuing: 'Expidiendo…',
  issued: (number: string) => `Certificado ${number} expedido.`,
  existed: (number: string) => `Ya existía el certificado ${number}.`,
  actionFailed: 'No pudimos expedir el certificado.',
  monthlyCharge: 'Cargo de la donación mensual',
} as const;
const t = staffDonationTexts;

const when = (iso: string | null) => (iso ? formatColombianDateTime(iso) : null);

/** `giving/StaffDonation` (`/equipo/donaciones/:reference`): one donation, its donor and every status of its payment. */
export default function StaffDonation({ reference = '' }: { reference?: string }) {
  const get = useOperationCall(ops.donation);
  const resource = useStaffResource(
    useMemo(() => ({ load: () => get({ params: { reference } }) }), [get, reference]),
    t,
  );
  return <DonationView resource={resource} />;
}

/** Its certificates: those that include it, and the buttons to issue its own and its donor's annual one. */
function DonationCertificates({ record }: { record: DonationRecordResponse }) {
  const getCertificates = useOperationCall(certificateOps.donationCertificates);
  const issueDonation = useOperationCall(certificateOps.issueDonationCertificate);
  const issueAnnual = useOperationCall(certificateOps.issueAnnualCertificate);
  const found = useStaffResource(
    useMemo(() => ({ load: () => getCertificates({ params: { reference: record.reference } }) }), [getCertificates, record.reference]),
    t,
  );
  // Without them the list is empty and the buttons still offer what can be issued; the server refuses a second one.
  const certificates: Certificate[] | null =
    found.state.kind === 'ready' ? found.state.data.certificates : found.state.kind === 'failed' ? [] : null;
  const [busy, setBusy] = useState<'donacion' | 'anual' | null>(null);
  const [notice, setNotice] = useState<{ text: string; kind: 'success' | 'error'; at: number } | null>(null);

  const run = async (kind: 'donacion' | 'anual') => {
    setBusy(kind);
    const result = await (kind === 'donacion' ? issueDonation : issueAnnual)({ params: { reference: record.reference } });
    setBusy(null);
    if (isSessionEnded(result)) return setNotice({ text: t.sessionEnded, kind: 'error', at: Date.now() });
    if (result.kind !== 'ok') return setNotice({ text: messageOf(result, t.network, t.actionFailed), kind: 'error', at: Date.now() });
    const { certificate, created } = result.data;
    setNotice({ text: created ? t.issued(certificate.number) : t.existed(certificate.number), kind: 'success', at: Date.now() });
    await found.refresh();
  };

  const approved = record.payment.status === 'approved' && record.payment.approvedAt !== null;
  const year = record.payment.approvedAt ? colombianDate(new Date(record.payment.approvedAt)).slice(0, 4) : '';
  const yearEnded = year !== '' && year < colombianDate(new Date()).slice(0, 4);
  const has = (kind: Certificate['kind']) => certificates?.some((c) => c.kind === kind && !c.voidedAt) ?? false;
  return (
    <section aria-labelledby="donacion-certificados" className="staff-actions">
      <h2 id="donacion-certificados">{t.certificatesTitle}</h2>
      {notice ? <Notice key={notice.at} className="staff-notice" text={notice.text} kind={notice.kind} /> : null}
      {!approved ? <p className="staff-muted">{t.notApproved}</p> : null}
      {approved && certificates && !has('donation') ? (
        <button type="button" className="btn" disabled={busy !== null} onClick={() => void run('donacion')}>
          {busy === 'donacion' ? t.issuing : t.issueDonation}
        </button>
      ) : null}
      {approved && yearEnded && certificates && !has('annual') ? (
        <button type="button" className="btn btn--ghost" disabled={busy !== null} onClick={() => void run('anual')}>
          {busy === 'anual' ? t.issuing : t.issueAnnual(year)}
        </button>
      ) : null}
      {certificates && certificates.length > 0 ? (
        <CertificateTable caption={t.certificatesCaption} certificates={certificates} />
      ) : certificates && approved ? (
        <p className="staff-muted">{t.noCertificates}</p>
      ) : null}
    </section>
  );
}

/** The donation's page once asked for: loading, failure, or its facts, certificates and payment history. */
function DonationView({ resource }: { resource: { state: Resource<DonationRecordResponse>; reload: () => Promise<void> } }) {
  const record = resource.state.kind === 'ready' ? resource.state.data : null;
  return (
    <section className="staff-screen" aria-labelledby="donacion-titulo">
      <p>
        <AppLink to="/equipo/donaciones">{t.back}</AppLink>
      </p>
      <ResourceState resource={resource} loading={t.loading} />
      {record ? (
        <>
          <header>
            <h1 id="donacion-titulo">{t.title(`${record.donor.name} ${record.donor.lastname}`)}</h1>
            <p className="staff-screen__intro">
              {formatCOP(record.amount)} · {paymentStatusLabel(record.payment.status)}
            </p>
            {record.subscriptionReference ? (
              <p>
                {t.monthlyCharge}{' '}
                <AppLink to={staffPath('/equipo/donaciones-mensuales/:reference', { reference: record.subscriptionReference })}>
                  {record.subscriptionReference}
                </AppLink>
              </p>
            ) : null}
          </header>
          <section aria-labelledby="donacion-datos">
            <h2 id="donacion-datos">{t.donationTitle}</h2>
            <Facts
              rows={[
                [t.facts.reference, record.reference],
                [t.facts.created, when(record.createdAt)],
                [t.facts.amount, formatCOP(record.amount)],
                [t.facts.paymentStatus, <PaymentDetailText status={record.payment.status} detail={record.payment.detail} />],
                [t.facts.paymentId, record.payment.id],
                [t.facts.paymentType, <PaymentTypeText type={record.payment.type} />],
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
          <DonationCertificates record={record} />
          <PaymentHistory history={record.history} discrepancies={record.discrepancies} />
        </>
      ) : null}
    </section>
  );
}
