import { PDFDocument, rgb, type PDFFont, type PDFPage } from 'pdf-lib';
import { site } from 'shared/foundation/site';
import { formatLongDate } from 'shared/format/dates';
import { toCsv, type CsvColumn, type CsvValue } from 'shared/server/csv';
import { embedSiteFonts } from 'shared/server/pdf/fonts';
import { A4, paragraph, PDF_GREEN, PDF_INK } from 'shared/server/pdf/layout';
import { printable } from 'shared/server/pdf/text';
import type { PqrsfReport } from '../report-schemas';
import { reportGenerated, reportNumber, reportScope, reportTables, reportTableTexts as t } from '../report-texts';

/** The report's files (#32): the CSV for Excel and the PDF to publish, both from the screen's tables (report-texts.ts). */

interface CsvLine {
  section: string;
  concept: string;
  value: CsvValue;
}

const csvColumns: CsvColumn<CsvLine>[] = [
  { header: 'Sección', value: (l) => l.section },
  { header: t.concept, value: (l) => l.concept },
  { header: 'Valor', value: (l) => l.value },
];

/** One line per figure (section; concept; value), after the period and the date it was produced. */
export function reportCsv(r: PqrsfReport): string {
  const lines: CsvLine[] = [
    { section: t.title, concept: 'Periodo', value: r.period.label },
    { section: t.title, concept: 'Desde', value: formatLongDate(r.period.from) },
    { section: t.title, concept: 'Hasta', value: formatLongDate(r.period.to) },
    { section: t.title, concept: 'Estado al', value: formatLongDate(r.today) },
    { section: t.title, concept: 'Generado', value: new Date(r.generatedAt) },
  ];
  for (const table of reportTables(r)) {
    for (const row of table.rows) lines.push({ section: table.caption, concept: row.label, value: row.value });
    if (table.note) lines.push({ section: table.caption, concept: 'Nota', value: table.note });
  }
  return toCsv(csvColumns, lines);
}

const RULE = rgb(0.8, 0.83, 0.86);
const MARGIN = 56;
const BOTTOM = 64;

/** An A4 PDF: the foundation, the title, the period, the tables and the date it was produced. No personal data. */
export async function reportPdf(r: PqrsfReport): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  const title = t.documentTitle(r.period.label);
  pdf.setTitle(title);
  pdf.setAuthor(site.name);
  pdf.setLanguage('es-CO');
  pdf.setCreationDate(new Date(r.generatedAt));
  const { regular, bold } = await embedSiteFonts(pdf);
  const [width, height] = A4;
  const textWidth = width - MARGIN * 2;
  let page = pdf.addPage(A4);
  let y = height - MARGIN;

  const text = (p: PDFPage, s: string, x: number, at: number, font: PDFFont, size: number, color = PDF_INK) =>
    p.drawText(printable(s, font), { x, y: at, size, font, color });
  const right = (p: PDFPage, s: string, at: number, font: PDFFont, size: number) => {
    const line = printable(s, font);
    p.drawText(line, { x: width - MARGIN - font.widthOfTextAtSize(line, size), y: at, size, font, color: PDF_INK });
  };
  /** Starts a new page when fewer than `needed` points are left. */
  const room = (needed: number) => {
    if (y - needed >= BOTTOM) return;
    page = pdf.addPage(A4);
    y = height - MARGIN;
  };

  text(page, site.name, MARGIN, y, bold, 14, PDF_GREEN);
  y -= 16;
  if (site.nit) {
    text(page, `NIT ${site.nit}`, MARGIN, y, regular, 10);
    y -= 22;
  } else y -= 8;
  y = paragraph(page, title, MARGIN, y, textWidth, bold, 16, 20) - 6;
  y = paragraph(page, `Periodo: ${r.period.label}`, MARGIN, y, textWidth, bold, 11, 15);
  y = paragraph(page, reportScope(r, formatLongDate), MARGIN, y, textWidth, regular, 10, 14) - 10;

  for (const table of reportTables(r)) {
    room(22 + 16 * (table.rows.length + 1) + (table.note ? 28 : 0));
    text(page, table.caption, MARGIN, y, bold, 12, PDF_GREEN);
    y -= 18;
    text(page, table.head, MARGIN, y, bold, 10);
    right(page, table.valueHead, y, bold, 10);
    y -= 5;
    page.drawLine({ start: { x: MARGIN, y }, end: { x: width - MARGIN, y }, thickness: 1, color: PDF_INK });
    y -= 12;
    for (const row of table.rows) {
      const font = row.total ? bold : regular;
      text(page, row.label, MARGIN, y, font, 10);
      right(page, reportNumber(row.value), y, font, 10);
      y -= 5;
      page.drawLine({ start: { x: MARGIN, y }, end: { x: width - MARGIN, y }, thickness: 0.5, color: RULE });
      y -= 11;
    }
    if (table.note) y = paragraph(page, table.note, MARGIN, y - 2, textWidth, regular, 9, 12);
    y -= 14;
  }
  room(20);
  paragraph(page, reportGenerated(r), MARGIN, y, textWidth, regular, 9, 12);
  return pdf.save();
}
