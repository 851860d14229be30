// The representación gráfica of a bill or a credit note: one A4 page with the issuer, the document's number and
// resolution, dates, buyer, items, totals, the CUFE/CUDE and the QR code of the annex's text. Drawn with the site's
// PDF fonts and helpers (shared/server/pdf); the QR modules are squares from uqr's matrix.
import { PDFDocument, rgb, type PDFFont, type PDFPage } from 'pdf-lib';
import { embedSiteFonts } from 'shared/server/pdf/fonts';
import { A4, PDF_GREEN, PDF_INK, paragraph } from 'shared/server/pdf/layout';
import { printable } from 'shared/server/pdf/text';
import { encode } from 'uqr';
import { identificationDocuments } from './catalog';
import type { Company } from './documents';
import type { BillRecord, CreditNoteRecord, NumberingRange } from './store';

const MARGIN = 40;
const GREY = rgb(0.45, 0.48, 0.52);

interface Context {
  company: Company;
  range: NumberingRange | null;
  /** The invoice a credit note corrects. */
  bill?: BillRecord | undefined;
}

type ItemRow = {
  code_reference: string;
  name: string;
  quantity: number;
  price: string;
  discount_rate: string;
  tax_rate: string;
  gross_value: string;
  tax_amount: string;
  total: number;
};

/** Draws `text` at (x, y), cut with '…' to `maxWidth`. */
function cell(
  page: PDFPage,
  text: string,
  x: number,
  y: number,
  font: PDFFont,
  size: number,
  maxWidth: number,
  align: 'left' | 'right' = 'left',
) {
  let line = printable(text, font);
  while (line.length > 1 && font.widthOfTextAtSize(line, size) > maxWidth) line = `${line.slice(0, -2)}…`;
  const width = font.widthOfTextAtSize(line, size);
  page.drawText(line, { x: align === 'right' ? x + maxWidth - width : x, y, size, font, color: PDF_INK });
}

const pesos = (value: string | number) => {
  const n = typeof value === 'number' ? value : Number(value);
  return `$ ${new Intl.NumberFormat('es-CO', { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(n)}`;
};

export async function renderDocumentPdf(record: BillRecord | CreditNoteRecord, ctx: Context): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  const isBill = record.kind === 'bill';
  const doc = isBill ? record.data.bill : record.data.credit_note;
  const code = isBill ? record.data.bill.cufe : record.data.credit_note.cude;
  const title = isBill ? 'Factura electrónica de venta' : 'Nota crédito electrónica';
  pdf.setTitle(`${title} ${doc.number}`);
  pdf.setProducer('Stand-in local de Factus v1');
  const fonts = await embedSiteFonts(pdf);
  const page = pdf.addPage(A4);
  const [width, height] = A4;
  const inner = width - 2 * MARGIN;
  let y = height - MARGIN - 10;

  // Issuer and document.
  page.drawText(printable(ctx.company.name, fonts.bold), { x: MARGIN, y, size: 15, font: fonts.bold, color: PDF_GREEN });
  y -= 16;
  page.drawText(`NIT ${ctx.company.nit}-${ctx.company.dv}`, { x: MARGIN, y, size: 10, font: fonts.regular, color: PDF_INK });
  const heading = `${title} ${doc.number}`;
  const headingSize = 13;
  page.drawText(heading, {
    x: width - MARGIN - fonts.bold.widthOfTextAtSize(heading, headingSize),
    y: y + 16,
    size: headingSize,
    font: fonts.bold,
    color: PDF_GREEN,
  });
  y -= 16;
  const r = ctx.range;
  const resolution =
    isBill && r?.resolution_number
      ? `Autorización de numeración de facturación DIAN N.º ${r.resolution_number} del ${r.start_date ?? ''}, vigente hasta ${r.end_date ?? ''}: prefijo ${r.prefix}, del ${r.from} al ${r.to}.`
      : isBill
        ? `Rango de numeración ${r?.prefix ?? ''} del ${r?.from ?? ''} al ${r?.to ?? ''}.`
        : `Corrige la factura electrónica ${record.data.credit_note.number_bill ?? '(sin referencia)'}. Concepto: ${(record.data.credit_note.correction_concept as { name?: string } | undefined)?.name ?? ''}.`;
  y = paragraph(page, resolution, MARGIN, y, inner, fonts.regular, 8.5, 11);
  if (!isBill && ctx.bill) y = paragraph(page, `CUFE de la factura: ${ctx.bill.data.bill.cufe}`, MARGIN, y, inner, fonts.regular, 7, 9);
  y -= 6;

  // Dates and payment.
  const payment = isBill ? (record.data.bill.payment_form as { name?: string } | undefined)?.name : undefined;
  const method = (doc.payment_method as { name?: string } | undefined)?.name;
  const lines = [
    `Fecha y hora de generación: ${doc.created_at}`,
    `Fecha y hora de validación DIAN: ${doc.validated ?? 'pendiente'}`,
    [payment ? `Forma de pago: ${payment}` : '', method ? `Medio de pago: ${method}` : ''].filter(Boolean).join(' · '),
  ].filter(Boolean);
  for (const line of lines) {
    page.drawText(line, { x: MARGIN, y, size: 9, font: fonts.regular, color: PDF_INK });
    y -= 12;
  }
  y -= 6;

  // Buyer.
  const c = record.meta.customer;
  const docName = identificationDocuments.get(c.identification_document_id)?.name ?? 'Identificación';
  page.drawText('Adquirente', { x: MARGIN, y, size: 10, font: fonts.bold, color: PDF_GREEN });
  y -= 13;
  y = paragraph(page, record.data.customer.graphic_representation_name as string, MARGIN, y, inner, fonts.bold, 9.5, 12);
  const idText = `${docName} ${c.identification}${c.dv && c.identification_document_id === 6 ? `-${c.dv}` : ''}`;
  y = paragraph(
    page,
    [idText, c.email ?? '', c.address ?? '', c.phone ?? ''].filter(Boolean).join(' · '),
    MARGIN,
    y,
    inner,
    fonts.regular,
    9,
    12,
  );
  y -= 10;

  // Items.
  const columns: Array<{ label: string; w: number; align: 'left' | 'right'; value: (i: ItemRow) => string }> = [
    { label: 'Código', w: 50, align: 'left', value: (i) => i.code_reference },
    { label: 'Descripción', w: 128, align: 'left', value: (i) => i.name },
    { label: 'Cant.', w: 25, align: 'right', value: (i) => String(i.quantity) },
    { label: 'Precio (IVA incl.)', w: 68, align: 'right', value: (i) => pesos(i.price) },
    { label: 'Desc. %', w: 32, align: 'right', value: (i) => i.discount_rate },
    { label: 'IVA %', w: 28, align: 'right', value: (i) => i.tax_rate },
    { label: 'Base', w: 62, align: 'right', value: (i) => pesos(i.gross_value) },
    { label: 'Impuesto', w: 58, align: 'right', value: (i) => pesos(i.tax_amount) },
    { label: 'Total', w: inner - 451, align: 'right', value: (i) => pesos(i.total) },
  ];
  page.drawLine({ start: { x: MARGIN, y: y + 10 }, end: { x: width - MARGIN, y: y + 10 }, thickness: 0.8, color: PDF_GREEN });
  let x = MARGIN;
  for (const col of columns) {
    cell(page, col.label, x, y, fonts.bold, 7.5, col.w - 4, col.align);
    x += col.w;
  }
  y -= 4;
  page.drawLine({ start: { x: MARGIN, y }, end: { x: width - MARGIN, y }, thickness: 0.5, color: PDF_GREEN });
  y -= 11;
  const items = record.data.items as ItemRow[];
  const room = Math.max(Math.floor((y - 330) / 12), 1);
  for (const item of items.slice(0, room)) {
    x = MARGIN;
    for (const col of columns) {
      cell(page, col.value(item), x, y, fonts.regular, 7.5, col.w - 4, col.align);
      x += col.w;
    }
    y -= 12;
  }
  if (items.length > room) {
    page.drawText(`… y ${items.length - room} ítems más`, { x: MARGIN, y, size: 8, font: fonts.regular, color: GREY });
    y -= 12;
  }
  page.drawLine({ start: { x: MARGIN, y: y + 6 }, end: { x: width - MARGIN, y: y + 6 }, thickness: 0.5, color: PDF_GREEN });
  y -= 10;

  // Totals, right-aligned.
  const totals: Array<[string, string]> = [
    ['Subtotal (base antes de impuestos)', pesos(doc.gross_value as string)],
    ['Impuestos (IVA)', pesos(doc.tax_amount as string)],
    ['Recargos', pesos(doc.surcharge_amount as string)],
    [isBill ? 'Total factura' : 'Total nota crédito', pesos(doc.total)],
  ];
  for (const [label, value] of totals) {
    const bold = label.startsWith('Total');
    const font = bold ? fonts.bold : fonts.regular;
    cell(page, label, width - MARGIN - 260, y, font, 9.5, 170);
    cell(page, value, width - MARGIN - 90, y, font, 9.5, 90, 'right');
    y -= 13;
  }
  y -= 8;

  // CUFE / CUDE and the QR code.
  const codeLabel = isBill ? 'CUFE' : 'CUDE';
  page.drawText(`${codeLabel}: ${code}`, { x: MARGIN, y, size: 7, font: fonts.regular, color: PDF_INK });
  y -= 14;
  const qr = encode(record.meta.qrText, { ecc: 'M', border: 0 });
  const qrSide = 110; // ≈ 3.9 cm, over the annex's 2 cm minimum
  const moduleSize = qrSide / qr.size;
  const qrTop = y;
  qr.data.forEach((row, ry) =>
    row.forEach((dark, rx) => {
      if (dark)
        page.drawRectangle({
          x: MARGIN + rx * moduleSize,
          y: qrTop - (ry + 1) * moduleSize,
          width: moduleSize,
          height: moduleSize,
          color: PDF_INK,
        });
    }),
  );
  let ty = qrTop - 8;
  for (const line of [
    `Consulte el documento en el catálogo de la DIAN (habilitación):`,
    (doc.qr as string | undefined) ?? '',
    `Estado: ${doc.status === 1 ? 'validado por la DIAN' : 'pendiente de validación'}${doc.errors.length ? ` · ${doc.errors.join(' · ')}` : ''}`,
  ])
    ty = paragraph(page, line, MARGIN + qrSide + 16, ty, inner - qrSide - 16, fonts.regular, 7.5, 10);

  paragraph(
    page,
    `Representación gráfica de la ${isBill ? 'factura electrónica de venta' : 'nota crédito electrónica'} ${doc.number}. Generada por el stand-in local de Factus: ambiente de pruebas, sin validez fiscal.`,
    MARGIN,
    MARGIN,
    inner,
    fonts.regular,
    7.5,
    10,
  );
  return pdf.save();
}
