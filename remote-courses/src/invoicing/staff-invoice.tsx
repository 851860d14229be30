import 'shared/ui/staff/screens.css';
import './invoices.css';
import { useMemo, useState } from 'react';
import type { ApiResult } from 'shared/api/client';
import { isSessionEnded } from 'shared/api/staff-client';
import { useOperationCall, useOperationDownload } from 'shared/api/use-operation';
import { formatColombianDateTime } from 'shared/format/dates';
import { formatCOP } from 'shared/format/money';
import { AppLink } from 'shared/navigation';
import { staffPath } from 'shared/staff-routes';
import { useStaffSession } from 'shared/staff-session';
import { SubmitErrors } from 'shared/ui/error-summary';
import { SelectField, SubmitButton, TextField } from 'shared/ui/form';
import { saveFile } from 'shared/ui/staff/csv-export';
import { messageOf, Notice, StaffTable } from 'shared/ui/staff/kit';
import { Facts } from 'shared/ui/staff/record';
import { ResourceState, resourceTexts, useStaffResource } from 'shared/ui/staff/resource';
import { failed, fieldsOf, sent, SubmissionForm, useFormSubmission } from 'shared/ui/submission-form';
import { useZodForm } from 'shared/ui/use-zod-form';
import { invoicingStaffOperations as ops } from './operations';
import { buyerDocumentTypes, invoiceBuyerSchema, invoiceTexts, type InvoiceBuyer, type InvoiceLine, type InvoiceRecord } from './schemas';
import { InvoiceStateBadge } from './staff-invoices';

export const staffInvoiceTexts = {
  back: 'Volver a las facturas',
  title: (kind: string, number: string | null) => (number ? `${kind} ${number}` : `${kind} sin número`),
  loading: 'Cargando la factura…',
  failed: 'No pudimos cargar la factura.',
  ...resourceTexts,
  documentTitle: 'Documento',
  buyerTitle: 'Comprador',
  linesTitle: 'Lo que se vendió',
  linesCaption: 'Líneas del documento, con el IVA incluido en el precio',
  lineColumns: ['Descripción', 'IVA', 'Cantidad', 'Precio unitario'] as const,
  vatExcluded: 'Excluido de IVA',
  vatRate: (percent: number) => `IVA ${percent} %`,
  dianTitle: 'Respuesta de la DIAN',
  facts: {
    kind: 'Tipo',
    number: 'Número',
    state: 'Estado ante la DIAN',
    cufe: (kind: InvoiceRecord['kind']) => (kind === 'credit_note' ? 'CUDE' : 'CUFE'),
    qr: 'Consulta en la DIAN',
    issued: 'Fecha de expedición (Bogotá)',
    created: 'Creada el (Bogotá)',
    corrects: 'Factura que corrige',
    reason: 'Motivo',
    enrolment: 'Inscripción',
    course: 'Curso',
    total: 'Total',
    payment: 'Medio de pago',
    name: 'Nombre o razón social',
    document: 'Documento',
    email: 'Correo electrónico',
    phone: 'Teléfono',
    attempts: 'Intentos de envío',
    nextAttempt: 'Próximo intento (Bogotá)',
    lastError: 'Último error',
    retriedBy: 'Reenviada por',
  },
  qrLink: 'Consultar en la DIAN',
  qrLinkHint: '(se abre en otra pestaña)',
  rejectionTitle: 'La DIAN rechazó este documento por:',
  pdf: 'Descargar PDF',
  pdfBusy: 'Descargando…',
  pdfDone: (filename: string) => `Descargamos ${filename}.`,
  pdfFailed: 'No pudimos descargar el PDF. Intenta de nuevo en unos minutos.',
  actionsTitle: 'Reenviar a la DIAN',
  actionsIntro:
    'Se envía de nuevo ahora mismo. Si el proveedor responde en unos segundos, verás aquí el resultado; si no, sigue en cola y se reintenta solo.',
  creditNoteBuyer: 'Una nota crédito va a nombre del comprador de su factura: se reenvía sin cambiarlo.',
  queuedBuyer:
    'Una factura en cola puede estar ya en el proveedor: se reenvía sin cambios. Si la DIAN la rechaza, aquí podrás corregir el comprador.',
  correctTitle: 'Corregir el comprador y reenviar',
  documentType: 'Tipo de documento',
  documentNumber: 'Número de documento',
  documentNumberHint: 'Un NIT, con su dígito de verificación (por ejemplo 901.234.567-7).',
  name: 'Nombre o razón social',
  email: 'Correo electrónico',
  phone: 'Teléfono (opcional)',
  correctSubmit: 'Corregir y reenviar',
  retryPlain: 'Reenviar sin cambios',
  retrying: 'Enviando…',
  retried: (state: string) => `Reenviamos el documento. Estado ante la DIAN: ${state}.`,
  retryFailed: 'No pudimos reenviar el documento.',
} as const;
const t = staffInvoiceTexts;

type Result = { text: string; kind: 'success' | 'error'; at: number };

const when = (iso: string | null) => (iso ? formatColombianDateTime(iso) : null);
/** 19 → "IVA 19 %" (a percentage); null: excluded. */
const vatOf = (line: InvoiceLine) => (line.vatRate === null ? t.vatExcluded : t.vatRate(line.vatRate));

/** The lines sold: what, its VAT, how many and the price (VAT included). */
function LinesTable({ lines }: { lines: InvoiceLine[] }) {
  return (
    <StaffTable caption={t.linesCaption} columns={t.lineColumns}>
      {lines.map((line) => (
        <tr key={line.code}>
          <th scope="row">{line.description}</th>
          <td>{vatOf(line)}</td>
          <td>{line.quantity}</td>
          <td className="staff-nowrap">{formatCOP(line.unitPrice)}</td>
        </tr>
      ))}
    </StaffTable>
  );
}

/**
 * Finanzas' correction of the buyer (a rejected or waiting invoice): the fields as the API checks them
 * (`invoiceBuyerSchema`, so a wrong NIT is said here, in the API's words, and nothing is sent), then sent again.
 */
function CorrectBuyerForm({
  buyer,
  retry,
  onRetried,
}: {
  buyer: InvoiceBuyer;
  retry: (body: { buyer?: InvoiceBuyer }) => Promise<ApiResult<InvoiceRecord>>;
  onRetried: (record: InvoiceRecord) => void;
}) {
  const form = useZodForm(invoiceBuyerSchema, { defaultValues: { ...buyer } });
  const field = fieldsOf(form);
  const submission = useFormSubmission(form, async (values) => {
    const result = await retry({ buyer: values });
    if (isSessionEnded(result)) return failed(t.sessionEnded);
    if (result.kind !== 'ok')
      return failed(messageOf(result, t.network, t.retryFailed), {
        fields: result.kind === 'error' ? fieldsOfBuyer(result.fields) : undefined,
      });
    onRetried(result.data);
    return sent(result.data);
  });
  return (
    <SubmissionForm
      className="form card invoice-retry"
      honeypot={false}
      submission={submission}
      aria-labelledby="factura-corregir"
      header={<h3 id="factura-corregir">{t.correctTitle}</h3>}
      summary={<SubmitErrors form={form} submission={submission} />}
      // Why the send failed takes focus, as the result of a send does (the server's own words: "Solo se puede reenviar…").
      failure={(f) => <Notice key={submission.failures} className="staff-notice" kind="error" text={f.text} />}
    >
      <div className="form-grid">
        <SelectField label={t.documentType} placeholder={null} options={buyerDocumentTypes} required unmarked {...field('documentType')} />
        <TextField
          label={t.documentNumber}
          hint={t.documentNumberHint}
          autoComplete="off"
          required
          unmarked
          maxLength={20}
          {...field('documentNumber')}
        />
        <TextField label={t.name} autoComplete="off" required unmarked maxLength={200} {...field('name')} />
        <TextField label={t.email} type="email" inputMode="email" autoComplete="off" required unmarked {...field('email')} />
        <TextField label={t.phone} type="tel" autoComplete="off" maxLength={30} {...field('phone')} />
      </div>
      <p className="staff-filters__actions">
        <SubmitButton busy={submission.busy} busyLabel={t.retrying}>
          {t.correctSubmit}
        </SubmitButton>
      </p>
    </SubmissionForm>
  );
}

/** The server's messages for the buyer's fields (`buyer.documentNumber`) on the form's fields (`documentNumber`). */
function fieldsOfBuyer(fields: Record<string, string> | undefined): Record<string, string> | undefined {
  if (!fields) return undefined;
  return Object.fromEntries(Object.entries(fields).map(([key, message]) => [key.replace(/^buyer\./, ''), message]));
}

/**
 * `courses/StaffInvoice` (`/equipo/facturas/:id`): one electronic invoice or credit note (#30) with its CUFE/CUDE and
 * DIAN's QR link, the buyer, the lines, the provider's answer (rejection reasons, attempts, last error) and its PDF; for
 * Finanzas, a rejected or waiting document is sent again, with the buyer corrected or as it is.
 */
export default function StaffInvoice({ id = '' }: { id?: string }) {
  const session = useStaffSession();
  const get = useOperationCall(ops.invoice);
  const retryCall = useOperationCall(ops.retryInvoice);
  const pdfDownload = useOperationDownload(ops.invoicePdf);
  const resource = useStaffResource(
    useMemo(() => ({ load: () => get({ params: { id } }) }), [get, id]),
    t,
  );
  const [result, setResult] = useState<Result | null>(null);
  const [plainBusy, setPlainBusy] = useState(false);
  const [pdf, setPdf] = useState<{ kind: 'idle' | 'busy' } | { kind: 'done' | 'failed'; at: number; filename?: string }>({
    kind: 'idle',
  });
  // Each answered retry remounts the correction form with the buyer the server now has.
  const [round, setRound] = useState(0);

  const retry = (body: { buyer?: InvoiceBuyer }) => retryCall({ params: { id }, body });
  const retried = (record: InvoiceRecord) => {
    resource.set(record);
    setRound((n) => n + 1);
    setResult({ text: t.retried(invoiceTexts.states[record.state]), kind: 'success', at: Date.now() });
  };
  const retryPlain = async () => {
    setPlainBusy(true);
    const answer = await retry({});
    setPlainBusy(false);
    if (isSessionEnded(answer)) return setResult({ text: t.sessionEnded, kind: 'error', at: Date.now() });
    if (answer.kind !== 'ok') return setResult({ text: messageOf(answer, t.network, t.retryFailed), kind: 'error', at: Date.now() });
    retried(answer.data);
  };
  const downloadPdf = async (record: InvoiceRecord) => {
    setPdf({ kind: 'busy' });
    const blob = await pdfDownload({ params: { id } });
    const at = Date.now();
    if (!blob) return setPdf({ kind: 'failed', at });
    const filename = `${record.kind === 'invoice' ? 'factura' : 'nota-credito'}-${record.number ?? record.id}.pdf`;
    saveFile(blob, filename);
    setPdf({ kind: 'done', at, filename });
  };

  const record = resource.data;
  const kind = record ? invoiceTexts.kinds[record.kind] : '';
  const mayRetry = session.roles.some((role) => (ops.retryInvoice.roles ?? []).includes(role));
  const retriable = record !== null && (record.state === 'rejected' || record.state === 'pending');

  return (
    <section className="staff-screen" aria-labelledby="factura-titulo">
      <p>
        <AppLink to="/equipo/facturas">{t.back}</AppLink>
      </p>
      <ResourceState resource={resource} loading={t.loading} />
      {record ? (
        <>
          <header>
            <h1 id="factura-titulo">{t.title(kind, record.number)}</h1>
            <p className="staff-screen__intro">
              <InvoiceStateBadge state={record.state} /> {record.buyer.name} · {record.courseTitle} · {formatCOP(record.total)}
            </p>
          </header>
          {result ? <Notice key={result.at} className="staff-notice" text={result.text} kind={result.kind} /> : null}

          {record.rejection?.length ? (
            <div className="alert alert--error" role="alert">
              <p>{t.rejectionTitle}</p>
              <ul>
                {record.rejection.map((reason) => (
                  <li key={reason}>{reason}</li>
                ))}
              </ul>
            </div>
          ) : null}

          {record.hasPdf ? (
            <div className="staff-actions">
              <button type="button" className="btn btn--ghost" disabled={pdf.kind === 'busy'} onClick={() => void downloadPdf(record)}>
                {pdf.kind === 'busy' ? t.pdfBusy : t.pdf}
              </button>
              {pdf.kind === 'done' ? <Notice key={pdf.at} className="staff-notice" text={t.pdfDone(pdf.filename ?? '')} /> : null}
              {pdf.kind === 'failed' ? <Notice key={pdf.at} className="staff-notice" kind="error" text={t.pdfFailed} /> : null}
            </div>
          ) : null}

          {mayRetry && retriable ? (
            <section aria-labelledby="factura-reenviar" className="staff-actions">
              <h2 id="factura-reenviar">{t.actionsTitle}</h2>
              <p className="staff-muted">{t.actionsIntro}</p>
              <button type="button" className="btn" disabled={plainBusy} onClick={() => void retryPlain()}>
                {plainBusy ? t.retrying : t.retryPlain}
              </button>
              {record.kind === 'credit_note' ? (
                <p className="staff-muted">{t.creditNoteBuyer}</p>
              ) : record.state === 'rejected' ? (
                <CorrectBuyerForm key={round} buyer={record.buyer} retry={retry} onRetried={retried} />
              ) : (
                <p className="staff-muted">{t.queuedBuyer}</p>
              )}
            </section>
          ) : null}

          <section aria-labelledby="factura-documento">
            <h2 id="factura-documento">{t.documentTitle}</h2>
            <Facts
              rows={[
                [t.facts.kind, kind],
                [t.facts.number, record.number],
                [t.facts.state, <InvoiceStateBadge key="state" state={record.state} />],
                [t.facts.cufe(record.kind), record.cufe ? <span className="invoice-code">{record.cufe}</span> : null],
                [
                  t.facts.qr,
                  record.qrUrl && /^https:\/\/catalogo-vpfe(-hab)?\.dian\.gov\.co\//.test(record.qrUrl) ? (
                    <a href={record.qrUrl} target="_blank" rel="noopener noreferrer">
                      {t.qrLink} <span className="visually-hidden">{t.qrLinkHint}</span>
                    </a>
                  ) : null,
                ],
                [t.facts.issued, when(record.issuedAt)],
                [t.facts.created, when(record.createdAt)],
                ...(record.kind === 'credit_note'
                  ? ([
                      [t.facts.corrects, record.invoiceNumber],
                      [t.facts.reason, record.reason],
                    ] as const)
                  : []),
                [
                  t.facts.enrolment,
                  <AppLink key="enrolment" to={staffPath('/equipo/inscripciones/:reference', { reference: record.enrolmentReference })}>
                    {record.enrolmentReference}
                  </AppLink>,
                ],
                [t.facts.course, record.courseTitle],
                [t.facts.total, formatCOP(record.total)],
                [t.facts.payment, record.paymentMethod],
              ]}
            />
          </section>

          <section aria-labelledby="factura-comprador">
            <h2 id="factura-comprador">{t.buyerTitle}</h2>
            <Facts
              rows={[
                [t.facts.name, record.buyer.name],
                [t.facts.document, `${record.buyer.documentType} ${record.buyer.documentNumber}`],
                [t.facts.email, record.buyer.email],
                [t.facts.phone, record.buyer.phone],
              ]}
            />
          </section>

          <section aria-labelledby="factura-lineas">
            <h2 id="factura-lineas">{t.linesTitle}</h2>
            <LinesTable lines={record.lines} />
          </section>

          <section aria-labelledby="factura-dian">
            <h2 id="factura-dian">{t.dianTitle}</h2>
            <Facts
              rows={[
                [t.facts.attempts, String(record.attempts)],
                [t.facts.nextAttempt, when(record.nextAttemptAt)],
                [t.facts.lastError, record.lastError],
                [t.facts.retriedBy, record.retriedBy],
              ]}
            />
          </section>
        </>
      ) : null}
    </section>
  );
}
