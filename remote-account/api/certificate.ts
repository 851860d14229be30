import { PDFDocument, StandardFonts, rgb, type PDFFont, type PDFPage } from 'pdf-lib';
import { site } from 'shared/config/site';
import { formatCOP } from 'shared/format/money';

export interface CertificateData {
  reference: string;
  fullName: string;
  idType: string;
  idNumber: string;
  courseTitle: string;
  moduleName: string;
  amount: number;
  paymentId: string | null;
  paymentDate: Date | null;
  issuedAt: Date;
}

const longDate = (d: Date) =>
  new Intl.DateTimeFormat('es-CO', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'America/Bogota' }).format(d);

const GREEN = rgb(0.06, 0.36, 0.3);
const INK = rgb(0.12, 0.16, 0.22);

/** Lines of `text` no wider than `width` at `size` (pdf-lib does not wrap). */
function wrap(text: string, font: PDFFont, size: number, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/)) {
    const next = line ? `${line} ${word}` : word;
    if (font.widthOfTextAtSize(next, size) > width && line) {
      lines.push(line);
      line = word;
    } else line = next;
  }
  if (line) lines.push(line);
  return lines;
}

function centered(page: PDFPage, text: string, y: number, font: PDFFont, size: number, color = INK) {
  const { width } = page.getSize();
  page.drawText(text, { x: (width - font.widthOfTextAtSize(text, size)) / 2, y, size, font, color });
}

/**
 * The enrolment certificate (constancia de inscripción) as a one-page A4 PDF. Standard fonts cover Spanish accents
 * (WinAnsi), so nothing is downloaded or embedded from outside.
 */
export async function enrolmentCertificate(data: CertificateData): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  pdf.setTitle(`Constancia de inscripción ${data.reference}`);
  pdf.setAuthor(site.name);
  pdf.setLanguage('es-CO');
  pdf.setCreationDate(data.issuedAt);
  const page = pdf.addPage([595.28, 841.89]);
  const regular = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  const { width, height } = page.getSize();
  const margin = 64;

  page.drawRectangle({ x: 24, y: 24, width: width - 48, height: height - 48, borderColor: GREEN, borderWidth: 2 });
  centered(page, site.name, height - 110, bold, 20, GREEN);
  centered(page, `NIT ${site.nit}`, height - 132, regular, 11);
  centered(page, 'CONSTANCIA DE INSCRIPCIÓN', height - 190, bold, 18);

  const body = `${site.name} hace constar que ${data.fullName}, identificado(a) con ${data.idType} número ${data.idNumber}, se encuentra inscrito(a) en el programa ${data.courseTitle}, ${data.moduleName}, con el pago de su matrícula aprobado.`;
  let y = height - 250;
  for (const line of wrap(body, regular, 12, width - margin * 2)) {
    page.drawText(line, { x: margin, y, size: 12, font: regular, color: INK, lineHeight: 16 });
    y -= 18;
  }

  y -= 16;
  const rows: Array<[string, string]> = [
    ['Programa', data.courseTitle],
    ['Módulo', data.moduleName],
    ['Valor pagado', formatCOP(data.amount)],
    ['Fecha del pago', data.paymentDate ? longDate(data.paymentDate) : '—'],
    ['Número de pago', data.paymentId ?? '—'],
    ['Número de inscripción', data.reference],
  ];
  for (const [label, value] of rows) {
    page.drawText(label, { x: margin, y, size: 11, font: bold, color: INK });
    page.drawText(value, { x: margin + 160, y, size: 11, font: regular, color: INK });
    y -= 20;
  }

  y -= 24;
  page.drawText(`Expedida el ${longDate(data.issuedAt)}.`, { x: margin, y, size: 11, font: regular, color: INK });
  const footer = `${site.name} · ${site.contact.email} · ${site.contact.phoneDisplay}`;
  centered(page, footer, 48, regular, 9);
  centered(page, 'La autenticidad de esta constancia puede verificarse con la fundación citando el número de inscripción.', 62, regular, 8);
  return pdf.save();
}
