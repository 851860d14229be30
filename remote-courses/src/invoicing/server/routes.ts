import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import { sql } from 'kysely';
import { setTimeout as delay } from 'node:timers/promises';
import { colombianDate } from 'shared/format/business-days';
import type { ApiContext } from 'shared/server/api-contract';
import { publicWrite } from 'shared/server/api-module';
import { recordAudit } from 'shared/server/audit';
import type { CsvColumn } from 'shared/server/csv';
import type { SiteDb } from 'shared/server/database';
import { ApiError } from 'shared/server/http';
import { route } from 'shared/server/operation-routes';
import { sendLedgerExport } from 'shared/server/payments/ledger';
import { registerStaffRoutes, staffOf, staffRead, pathParam } from 'shared/server/staff-guard';
import { paymentTypeLabel } from 'shared/payments/ledger';
import { vatIncluded } from './documents';
import { invoicingOperations, invoicingStaffOperations as ops } from '../operations';
import { attemptNow, buyerColumns, documentOf, invoicePdf, linkDigest, resolutionNow, type InvoiceRow, type Invoicing } from './outbox';
import { invoiceTexts, type InvoiceListQuery, type InvoiceListResponse, type InvoiceRecord, type InvoiceSummary } from '../schemas';

/** Rows the panel's list shows at most (a month of a small foundation's sales is far fewer). */
const LIST_LIMIT = 500;

type Row = InvoiceRow & { course_title: string; invoice_number: string | null };

const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());
const buyerDocument = (row: InvoiceRow) => {
  const { buyer } = documentOf(row);
  return `${buyer.documentType} ${buyer.documentNumber}`;
};

function summaryOf(row: Row): InvoiceSummary {
  const { buyer } = documentOf(row);
  const rejection = typeof row.rejection === 'string' ? (JSON.parse(row.rejection) as string[]) : row.rejection;
  return {
    id: row.id,
    kind: row.kind,
    state: row.state,
    number: row.number,
    enrolmentReference: row.enrolment_reference,
    courseTitle: row.course_title,
    buyerName: buyer.name,
    buyerDocument: buyerDocument(row),
    total: row.total,
    issuedAt: iso(row.issued_at),
    createdAt: iso(row.created_at) ?? '',
    attempts: row.attempts,
    nextAttemptAt: row.state === 'pending' ? iso(row.next_attempt_at) : null,
    rejection: rejection ?? null,
    invoiceNumber: row.invoice_number,
  };
}

function recordOf(row: Row): InvoiceRecord {
  const doc = documentOf(row);
  return {
    ...summaryOf(row),
    buyer: doc.buyer,
    lines: doc.lines,
    cufe: row.cufe,
    qrUrl: row.qr_url,
    paymentMethod: paymentTypeLabel(row.payment_method || null),
    reason: row.reason,
    lastError: row.last_error,
    retriedBy: row.retried_by,
    hasPdf: row.state === 'issued',
  };
}

/** The rows with their course and (credit notes) their invoice's number; constant SQL, values bound. */
function selectRows(db: SiteDb) {
  return db
    .selectFrom('courses.invoices as i')
    .innerJoin('courses.enrolments as e', 'e.reference', 'i.enrolment_reference')
    .leftJoin('courses.invoices as inv', 'inv.id', 'i.invoice_id')
    .selectAll('i')
    .select(['e.course_title', 'inv.number as invoice_number']);
}

/** The month of a document: of its issue, or of its creation while it is not issued (Bogotá time). */
const monthOf = sql<string>`to_char(coalesce(i.issued_at, i.created_at) at time zone 'America/Bogota', 'YYYY-MM')`;

async function readRow(db: SiteDb, id: number): Promise<Row | undefined> {
  return (await selectRows(db).where('i.id', '=', id).executeTakeFirst()) as Row | undefined;
}

const notFound = () => new ApiError(404, 'not_found', invoiceTexts.notFound);

/** The accountant's CSV: one row per document of the month, amounts split as the invoice does. */
const csvColumns: CsvColumn<Row>[] = [
  { header: 'Tipo', value: (r) => invoiceTexts.kinds[r.kind] },
  { header: 'Número', value: (r) => r.number },
  { header: 'Estado DIAN', value: (r) => invoiceTexts.states[r.state] },
  { header: 'Fecha de expedición', value: (r) => (r.issued_at ? new Date(r.issued_at) : null) },
  { header: 'CUFE / CUDE', value: (r) => r.cufe },
  { header: 'Factura que corrige', value: (r) => r.invoice_number },
  { header: 'Comprador', value: (r) => documentOf(r).buyer.name },
  { header: 'Tipo de documento', value: (r) => documentOf(r).buyer.documentType },
  { header: 'Número de documento', value: (r) => documentOf(r).buyer.documentNumber },
  { header: 'Correo', value: (r) => documentOf(r).buyer.email },
  { header: 'Curso', value: (r) => r.course_title },
  {
    header: 'Base (COP)',
    value: (r) =>
      documentOf(r)
        .lines.reduce((sum, l) => sum + vatIncluded(l).base, 0)
        .toFixed(2),
  },
  {
    header: 'IVA (COP)',
    value: (r) =>
      documentOf(r)
        .lines.reduce((sum, l) => sum + vatIncluded(l).vat, 0)
        .toFixed(2),
  },
  { header: 'Total (COP)', value: (r) => r.total },
  { header: 'Medio de pago', value: (r) => paymentTypeLabel(r.payment_method || null) },
  { header: 'Inscripción', value: (r) => r.enrolment_reference },
  { header: 'Motivo', value: (r) => r.reason },
];

/**
 * Electronic invoices' routes (#30): the staff's list, record, retry, PDF and monthly CSV under
 * /api/courses/staff/facturas, and the buyer's PDF by the link in their e-mail.
 */
export function invoicingRoutes(invoicing: () => Invoicing, nudge: () => void): FastifyPluginAsync<ApiContext> {
  return async (app, ctx) => {
    /** An issued document's PDF (409 until DIAN validated it, 503 while the provider cannot hand it over). */
    const sendPdf = async (reply: FastifyReply, row: InvoiceRow, disposition: 'inline' | 'attachment') => {
      if (row.state !== 'issued') throw new ApiError(409, 'not_issued', invoiceTexts.notIssued);
      let pdf: Uint8Array | null;
      try {
        pdf = await invoicePdf(ctx, invoicing(), row);
      } catch {
        pdf = null;
      }
      if (!pdf) throw new ApiError(503, 'pdf_unavailable', invoiceTexts.pdfUnavailable);
      const name = `${row.kind === 'invoice' ? 'factura' : 'nota-credito'}-${row.number ?? ''}.pdf`;
      return reply
        .type('application/pdf')
        .header('cache-control', 'private, no-store')
        .header('content-disposition', `${disposition}; filename="${name}"`)
        .send(Buffer.from(pdf));
    };
    // The buyer's link: the token is the key (only its digest is stored); a replaced or made-up one is a 404.
    route(
      app,
      invoicingOperations.invoiceByLink,
      async (request, reply) => {
        const row = await ctx.db
          .selectFrom('courses.invoices')
          .selectAll()
          .where('link_hash', '=', linkDigest(request.params.token))
          .executeTakeFirst();
        if (!row) throw new ApiError(404, 'not_found', invoiceTexts.linkNotFound);
        return sendPdf(reply, row, 'inline');
      },
      // Guessing a 256-bit token is hopeless; the limit keeps anyone from trying at scale anyway.
      { config: publicWrite(ctx.settings) },
    );

    await registerStaffRoutes(app, ctx, { roles: ['cursos', 'finanzas'] }, async (staff) => {
      staff.addHook('onSend', async (_request, reply) => {
        // Buyers' personal data: never kept by a browser or a proxy.
        reply.header('cache-control', 'no-store');
      });

      route(
        staff,
        ops.invoices,
        async (request) => {
          const filter: InvoiceListQuery = request.query;
          const rows = (await selectRows(ctx.db)
            .$if(filter.mes !== undefined, (qb) => qb.where(monthOf, '=', filter.mes ?? ''))
            .$if(filter.estado !== undefined, (qb) => qb.where('i.state', '=', filter.estado ?? 'pending'))
            .orderBy(sql`coalesce(i.issued_at, i.created_at)`, 'desc')
            .orderBy('i.id', 'desc')
            .limit(LIST_LIMIT + 1)
            .execute()) as Row[];
          const attention = await ctx.db
            .selectFrom('courses.invoices')
            .select([
              sql<number>`count(*) filter (where state = 'rejected')::int`.as('rejected'),
              sql<number>`count(*) filter (where state in ('pending', 'issuing') and attempts > 0)::int`.as('waiting'),
            ])
            .executeTakeFirstOrThrow();
          const { warning } = await resolutionNow(ctx.db, invoicing().config, new Date());
          return {
            items: rows.slice(0, LIST_LIMIT).map(summaryOf),
            truncated: rows.length > LIST_LIMIT,
            attention: { rejected: Number(attention.rejected), waiting: Number(attention.waiting) },
            resolutionWarning: warning,
          } satisfies InvoiceListResponse;
        },
        { config: staffRead<InvoiceListResponse>({ action: 'courses.invoice.read', entity: 'invoice', count: (b) => b.items.length }) },
      );

      route(
        staff,
        ops.invoice,
        async (request) => {
          const row = await readRow(ctx.db, request.params.id);
          if (!row) throw notFound();
          return recordOf(row);
        },
        { config: staffRead({ action: 'courses.invoice.read', entity: 'invoice', id: pathParam('id') }) },
      );

      route(
        staff,
        ops.invoicePdf,
        async (request, reply) => {
          const row = await readRow(ctx.db, request.params.id);
          if (!row) throw notFound();
          return sendPdf(reply, row, 'attachment');
        },
        { config: staffRead({ action: 'courses.invoice.read', entity: 'invoice', id: pathParam('id') }) },
      );

      // Finanzas only, as declared: the buyer's data on a tax document is the books' to correct.
      route(staff, ops.retryInvoice, async (request) => {
        const { id } = request.params;
        const who = staffOf(request);
        const { buyer } = request.body;
        await ctx.db.transaction().execute(async (trx) => {
          const current = await trx
            .selectFrom('courses.invoices')
            .select(['state', 'kind'])
            .where('id', '=', id)
            .forUpdate()
            .executeTakeFirst();
          if (!current) throw notFound();
          if (current.state !== 'rejected' && current.state !== 'pending')
            throw new ApiError(409, 'not_retriable', invoiceTexts.notRetriable);
          // A queued invoice may already be at the provider (an answer that never came back): only a rejected one, which
          // the provider no longer holds, may name another buyer; the queued one is sent again as it is.
          if (buyer && current.state !== 'rejected') throw new ApiError(409, 'buyer_only_rejected', invoiceTexts.buyerOnlyRejected);
          await trx
            .updateTable('courses.invoices')
            .set({
              state: 'pending',
              next_attempt_at: new Date(),
              // A corrected buyer is a new request: the attempts count from there.
              ...(buyer && current.kind === 'invoice' ? { ...buyerColumns(buyer), attempts: 0 } : {}),
              rejection: null,
              retried_by: who.email,
              updated_at: sql<Date>`now()`,
            })
            .where('id', '=', id)
            .execute();
          await recordAudit(trx, who, {
            action: 'courses.invoice.retry',
            entity: 'invoice',
            entityId: String(id),
            // Which fields changed, never their values (a document number is personal data).
            detail: { comprador_corregido: Boolean(buyer && current.kind === 'invoice') },
          });
        });
        // The staff see the outcome at once when the provider answers quickly; otherwise the outbox goes on.
        await Promise.race([attemptNow(ctx, invoicing(), id), delay(5000, undefined, { ref: false })]).catch(() => undefined);
        nudge();
        const row = await readRow(ctx.db, id);
        if (!row) throw notFound();
        return recordOf(row);
      });

      route(staff, ops.exportInvoices, async (request, reply) => {
        const { mes } = request.query;
        const readPage = async (limit: number, before?: number) =>
          (await selectRows(ctx.db)
            .where(monthOf, '=', mes)
            .$if(before !== undefined, (qb) => qb.where('i.id', '<', before ?? 0))
            .orderBy('i.id', 'desc')
            .limit(limit)
            .execute()) as Row[];
        return sendLedgerExport(ctx.db, request, reply, {
          action: 'courses.invoice.export',
          entity: 'invoices',
          filter: { mes },
          filename: `facturas-${mes}-${colombianDate(new Date())}.csv`,
          columns: csvColumns,
          readPage,
          count: async () =>
            Number(
              (
                await ctx.db
                  .selectFrom('courses.invoices as i')
                  .select(sql<number>`count(*)::int`.as('n'))
                  .where(monthOf, '=', mes)
                  .executeTakeFirstOrThrow()
              ).n,
            ),
        });
      });
    });
  };
}
