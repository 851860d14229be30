import { PDFDocument, rgb, type PDFFont, type PDFPage } from 'pdf-lib';
import { site } from 'shared/foundation/site';
import { formatColombianDateTime, formatLongDate } from 'shared/format/dates';
import { embedSiteFonts } from 'shared/server/pdf/fonts';
import { A4, PDF_GREEN, PDF_INK } from 'shared/server/pdf/layout';
import { printable, wrapText } from 'shared/server/pdf/text';
import { caseTexts } from '../staff-texts';

/**
 * The PDF a transfer sends to the competent entity (Ley 1755 de 2015, art. 21; #32): the petition as it was filed —
 * radicado, filing date, due date, the person's request fields, the request's text — and the case's history with its
 * dates and actions. The team's internal notes, the history's notes and who of the team acted stay out: they are the
 * foundation's, not the petition. Multi-page A4 in the site's typeface; every text goes through `printable`.
 */

export const transferDocumentTexts = {
  title: 'Traslado de petición por competencia',
  law: 'Ley 1755 de 2015, artículo 21',
  intro: (entity: string) => `Remitimos a ${entity} la siguiente petición, radicada ante nuestra fundación, por ser de su competencia.`,
  caseTitle: 'Datos del radicado',
  radicado: 'Radicado',
  filedAt: 'Fecha de radicación',
  dueDate: 'Fecha límite de respuesta de la fundación',
  transferredAt: 'Fecha del traslado',
  entity: 'Entidad competente',
  personTitle: 'Datos de la persona peticionaria',
  requestTitle: 'Texto de la petición',
  historyTitle: 'Historial del caso',
  historyHead: ['Fecha', 'Acción', 'Estado'] as const,
  generated: (at: string) => `Documento generado el ${at} (hora de Bogotá) por ${site.name}.`,
  filename: (radicado: string) => `traslado-pqrsf-${radicado}.pdf`,
} as const;
const t = transferDocumentTexts;

export interface TransferDocumentInput {
  radicado: string;
  createdAt: Date;
  /** The due date in force (YYYY-MM-DD). */
  dueDate: string;
  entity: string;
  transferredAt: Date;
  request: {
    rol_type: string;
    name: string;
    lastname: string;
    id_type: string;
    id_number: string;
    email: string;
    phone_number: string;
    request_type: string;
    reviews: string;
  };
  /** Oldest first. */
  history: Array<{ at: Date; action: string; status: string; dueDate: string | null }>;
}

const MARGIN = 56;
const BOTTOM = 64;
const RULE = rgb(0.8, 0.83, 0.86);

/** The transfer's PDF (bytes starting with %PDF). */
export async function transferDocument(c: TransferDocumentInput): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  pdf.setTitle(`${t.title} ${c.radicado}`);
  pdf.setAuthor(site.name);
  pdf.setSubject(t.law);
  pdf.setLanguage('es-CO');
  pdf.setCreationDate(c.transferredAt);
  const { regular, bold } = await embedSiteFonts(pdf);
  const [width, height] = A4;
  const textWidth = width - MARGIN * 2;
  let page: PDFPage = pdf.addPage(A4);
  let y = height - MARGIN;

  /** A new page when fewer than `needed` points are left. */
  const room = (needed: number) => {
    if (y - needed >= BOTTOM) return;
    page = pdf.addPage(A4);
    y = height - MARGIN;
  };
  /** Wrapped text from `x`, across pages; each line of the source (a visitor's text keeps its line breaks) apart. */
  const write = (text: string, font: PDFFont, size: number, options: { x?: number; maxWidth?: number; color?: typeof PDF_INK } = {}) => {
    const x = options.x ?? MARGIN;
    const leading = size * 1.4;
    for (const source of text.split(/\r?\n/)) {
      const lines = wrapText(printable(source, font), font, size, options.maxWidth ?? textWidth);
      if (!lines.length) y -= leading / 2;
      for (const line of lines) {
        room(leading);
        page.drawText(line, { x, y, size, font, color: options.color ?? PDF_INK });
        y -= leading;
      }
    }
  };
  const heading = (text: string) => {
    room(40);
    y -= 8;
    write(text, bold, 12, { color: PDF_GREEN });
    page.drawLine({ start: { x: MARGIN, y: y + 8 }, end: { x: width - MARGIN, y: y + 8 }, thickness: 0.5, color: RULE });
    y -= 4;
  };
  /** A label and its value: the label in bold on the left, the value wrapped beside it. */
  const labelWidth = 190;
  const fact = (label: string, value: string) => {
    const valueLines = value.split(/\r?\n/).flatMap((l) => wrapText(printable(l, regular), regular, 10, textWidth - labelWidth));
    const labelLines = wrapText(printable(label, bold), bold, 10, labelWidth - 10);
    const n = Math.max(valueLines.length, labelLines.length, 1);
    room(14 * Math.min(n, 4));
    for (let i = 0; i < n; i++) {
      room(14);
      if (labelLines[i]) page.drawText(labelLines[i]!, { x: MARGIN, y, size: 10, font: bold, color: PDF_INK });
      if (valueLines[i]) page.drawText(valueLines[i]!, { x: MARGIN + labelWidth, y, size: 10, font: regular, color: PDF_INK });
      y -= 14;
    }
    y -= 2;
  };

  write(site.name, bold, 14, { color: PDF_GREEN });
  if (site.nit) write(`NIT ${site.nit}`, regular, 10);
  y -= 10;
  write(`${t.title} — ${t.radicado} ${c.radicado}`, bold, 16);
  write(t.law, regular, 11);
  y -= 6;
  write(t.intro(c.entity), regular, 10);

  heading(t.caseTitle);
  fact(t.radicado, c.radicado);
  fact(t.filedAt, formatColombianDateTime(c.createdAt));
  fact(t.dueDate, formatLongDate(c.dueDate));
  fact(t.entity, c.entity);
  fact(t.transferredAt, formatColombianDateTime(c.transferredAt));

  const f = caseTexts.fields;
  const r = c.request;
  heading(t.personTitle);
  fact(f.name, r.name);
  fact(f.lastname, r.lastname);
  fact(f.identification, `${r.id_type} ${r.id_number}`);
  fact(f.email, r.email);
  fact(f.phone_number, r.phone_number);
  fact(f.rol_type, r.rol_type);
  fact(f.request_type, r.request_type);

  heading(t.requestTitle);
  write(r.reviews, regular, 10);

  heading(t.historyTitle);
  const columns = [MARGIN, MARGIN + 150, MARGIN + 360];
  room(30);
  t.historyHead.forEach((h, i) => page.drawText(h, { x: columns[i]!, y, size: 10, font: bold, color: PDF_INK }));
  y -= 14;
  for (const h of c.history) {
    const action = caseTexts.events[h.action] ?? h.action;
    const what = h.dueDate ? `${action}. ${caseTexts.newDue(formatLongDate(h.dueDate))}` : action;
    const actionLines = wrapText(printable(what, regular), regular, 9, columns[2]! - columns[1]! - 10);
    room(12 * actionLines.length + 4);
    page.drawText(printable(formatColombianDateTime(h.at), regular), { x: columns[0]!, y, size: 9, font: regular, color: PDF_INK });
    page.drawText(printable(h.status, regular), { x: columns[2]!, y, size: 9, font: regular, color: PDF_INK });
    for (const line of actionLines) {
      page.drawText(line, { x: columns[1]!, y, size: 9, font: regular, color: PDF_INK });
      y -= 12;
    }
    y -= 2;
  }

  y -= 12;
  write(t.generated(formatColombianDateTime(c.transferredAt)), regular, 8);
  return pdf.save();
}
