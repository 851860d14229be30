import { certificatePage } from 'shared/server/pdf/certificate-page';
import { site } from 'shared/foundation/site';
import { formatCOP } from 'shared/format/money';
import { centered, paragraph, PDF_INK, pdfLongDate } from 'shared/server/pdf/layout';

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

const longDate = pdfLongDate;
const INK = PDF_INK;

/**
 * The enrolment certificate (constancia de inscripción) as a one-page A4 PDF, in the site's typeface: any name the
 * enrolment form accepts (Spanish, Latin Extended, Vietnamese) renders as typed; what no font has prints as '?'.
 * The longest name the form allows (four 80-character parts; the test prints four of 120) still fits the page. The route
 * prints only a name that passes the name rule (shared/schemas/common).
 */
export async function enrolmentCertificate(data: CertificateData): Promise<Uint8Array> {
  const { pdf, page, regular, bold, width, height, margin, textWidth } = await certificatePage({
    documentTitle: `Constancia de inscripción ${data.reference}`,
    heading: 'CONSTANCIA DE INSCRIPCIÓN',
    issuedAt: data.issuedAt,
  });

  const body = `${site.name} hace constar que ${data.fullName}, identificado(a) con ${data.idType} número ${data.idNumber}, se encuentra inscrito(a) en el programa ${data.courseTitle}, ${data.moduleName}, con el pago de su matrícula aprobado.`;
  let y = paragraph(page, body, margin, height - 250, textWidth, regular, 12, 18);

  y -= 16;
  const rows: Array<[string, string]> = [
    ['Programa', data.courseTitle],
    ['Módulo', data.moduleName],
    ['Valor pagado', formatCOP(data.amount)],
    ['Fecha del pago', data.paymentDate ? longDate(data.paymentDate) : '—'],
    ['Número de pago', data.paymentId ?? '—'],
    ['Número de inscripción', data.reference],
  ];
  const valueX = margin + 160;
  for (const [label, value] of rows) {
    page.drawText(label, { x: margin, y, size: 11, font: bold, color: INK });
    // A long module name wraps inside its column instead of running over the border; the next row starts below it.
    y = paragraph(page, value, valueX, y, width - margin - valueX, regular, 11, 15) - 5;
  }

  y -= 24;
  page.drawText(`Expedida el ${longDate(data.issuedAt)}.`, { x: margin, y, size: 11, font: regular, color: INK });
  const footer = [site.name, site.contact.email, site.contact.phoneDisplay].filter(Boolean).join(' · ');
  centered(page, footer, 48, regular, 9);
  centered(page, 'La autenticidad de esta constancia puede verificarse con la fundación citando el número de inscripción.', 62, regular, 8);
  return pdf.save();
}
