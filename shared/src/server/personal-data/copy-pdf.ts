import { PDFDocument, rgb, type PDFFont, type PDFPage } from 'pdf-lib';
import { site } from '../../foundation/site';
import { formatColombianDateTime } from '../../format/dates';
import { embedSiteFonts } from '../pdf/fonts';
import { printable, wrapText } from '../pdf/text';
import type { CopyValue, PersonalDataCopy } from './copy';

const A4: [number, number] = [595.28, 841.89];
const MARGIN = 56;
const GREEN = rgb(0.06, 0.36, 0.3);
const INK = rgb(0.12, 0.16, 0.22);
const MUTED = rgb(0.33, 0.37, 0.43);

const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/;

/** A value as a person reads it: dates in Colombian time, yes/no, a dash for nothing. */
export function readableValue(value: CopyValue): string {
  if (value === null || value === '') return '—';
  if (typeof value === 'boolean') return value ? 'Sí' : 'No';
  if (typeof value === 'number') return String(value);
  if (typeof value === 'string') return ISO_INSTANT.test(value) ? formatColombianDateTime(value) : value;
  return JSON.stringify(value);
}

/** Writes lines top to bottom, starting a new page when one is full. */
class Writer {
  private page: PDFPage;
  private y: number;
  constructor(
    private readonly pdf: PDFDocument,
    private readonly fonts: { regular: PDFFont; bold: PDFFont },
  ) {
    this.page = pdf.addPage(A4);
    this.y = A4[1] - MARGIN;
  }

  private room(height: number) {
    if (this.y - height >= MARGIN) return;
    this.page = this.pdf.addPage(A4);
    this.y = A4[1] - MARGIN;
  }

  /** A wrapped paragraph; every text goes through `printable`, so nothing a visitor typed reaches the font raw. */
  text(text: string, options: { bold?: boolean; size?: number; color?: ReturnType<typeof rgb>; indent?: number; after?: number } = {}) {
    const font = options.bold ? this.fonts.bold : this.fonts.regular;
    const size = options.size ?? 10;
    const leading = size * 1.35;
    const x = MARGIN + (options.indent ?? 0);
    for (const line of wrapText(printable(text, font), font, size, A4[0] - MARGIN - x)) {
      this.room(leading);
      this.page.drawText(line, { x, y: this.y - size, size, font, color: options.color ?? INK });
      this.y -= leading;
    }
    this.y -= options.after ?? 0;
  }

  /** Keeps a heading with what follows it. */
  keep(height: number) {
    this.room(height);
  }
}

/** The copy as a readable A4 PDF in the site's typeface: each kind of record with its count, each field named. */
export async function copyPdf(copy: PersonalDataCopy): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  pdf.setTitle('Copia de tus datos personales');
  pdf.setAuthor(site.name);
  pdf.setLanguage('es-CO');
  pdf.setCreationDate(copy.generatedAt);
  const fonts = await embedSiteFonts(pdf);
  const w = new Writer(pdf, fonts);

  w.text(site.name, { bold: true, size: 16, color: GREEN, after: 2 });
  if (site.nit) w.text(`NIT ${site.nit}`, { size: 10, color: MUTED });
  w.text('Copia de tus datos personales', { bold: true, size: 18, after: 6 });
  w.text(
    `Esta es la información que ${site.name} tiene asociada al correo ${copy.email}, generada el ${formatColombianDateTime(copy.generatedAt)} en respuesta a tu solicitud de acceso (Ley 1581 de 2012, art. 14).`,
    { after: 4 },
  );
  w.text(
    `Para corregirla, actualizarla o pedir que la suprimamos, escríbenos a ${site.legal.dataProtectionEmail} o usa la página «Tus datos personales» del sitio.`,
    { color: MUTED, after: 10 },
  );

  if (!copy.groups.length) w.text('No encontramos ningún registro asociado a este correo.', { bold: true });
  else w.text(`Registros encontrados: ${copy.records}.`, { bold: true, after: 8 });

  for (const group of copy.groups) {
    w.keep(60);
    w.text(`${group.title} (${group.records.length})`, { bold: true, size: 13, color: GREEN, after: 4 });
    group.records.forEach((record, i) => {
      w.keep(40);
      if (group.records.length > 1) w.text(`Registro ${i + 1}`, { bold: true, size: 10, after: 1 });
      for (const [label, value] of Object.entries(record)) w.text(`${label}: ${readableValue(value)}`, { indent: 12, size: 9.5 });
      w.text('', { after: 6 });
    });
  }
  return pdf.save();
}
