import { certificatePage } from 'shared/server/pdf/certificate-page';
import { encode } from 'uqr';
import { site } from 'shared/foundation/site';
import { formatLongDate } from 'shared/format/dates';
import type { SiteDb } from 'shared/server/database';
import { centered, paragraph, PDF_INK } from 'shared/server/pdf/layout';
import type { CourseEnrolmentsService } from 'shared/server/services';
import { groupedCode, verificationUrl } from './certificate-codes';

/**
 * The completion certificate (#31) as a one-page A4 PDF: the student's name and document, the course and module, the
 * cohort's dates, the date of completion, the number, and the public verification address with its QR code. Drawn from
 * the certificate's own row (what was certified when it was issued), so every download prints the same facts.
 *
 * It sits in the manifest because the courses domain's service renders it for the account's Mis Cursos
 * (`completionCertificatePdf`, ./course-enrolments.ts) and a manifest may not import the remote's src/; the staff's
 * download (src/enrolments/server/ledger.ts) uses it too. No side effects on import; no Fastify, no React.
 */

export interface CompletionCertificateData {
  number: string;
  verificationCode: string;
  studentName: string;
  idType: string;
  idNumber: string;
  courseTitle: string;
  moduleName: string;
  /** YYYY-MM-DD, or null for an enrolment from before cohorts. */
  cohortStart: string | null;
  cohortEnd: string;
  /** YYYY-MM-DD (Bogotá). */
  completedOn: string;
  issuedAt: Date;
}

/** The certificate's PDF; `publicOrigin` makes its verification address (https://<site>/verificar/<code>). */
export async function completionCertificatePdfOf(data: CompletionCertificateData, publicOrigin: string): Promise<Uint8Array> {
  const { pdf, page, regular, bold, width, height, margin, textWidth } = await certificatePage({
    documentTitle: `Certificado de finalización ${data.number}`,
    heading: 'CERTIFICADO DE FINALIZACIÓN',
    issuedAt: data.issuedAt,
  });
  centered(page, `No. ${data.number}`, height - 212, regular, 11);

  const dates = data.cohortStart
    ? `, cursado del ${formatLongDate(data.cohortStart)} al ${formatLongDate(data.cohortEnd)}`
    : `, terminado el ${formatLongDate(data.cohortEnd)}`;
  const body = `${site.name} certifica que ${data.studentName}, identificado(a) con ${data.idType} número ${data.idNumber}, finalizó el programa ${data.courseTitle}, ${data.moduleName}${dates}.`;
  let y = paragraph(page, body, margin, height - 262, textWidth, regular, 12, 18);

  y -= 16;
  const rows: Array<[string, string]> = [
    ['Programa', data.courseTitle],
    ['Módulo', data.moduleName],
    ['Inicio de clases', data.cohortStart ? formatLongDate(data.cohortStart) : '—'],
    ['Fin de clases', formatLongDate(data.cohortEnd)],
    ['Fecha de finalización', formatLongDate(data.completedOn)],
    ['Número de certificado', data.number],
  ];
  const valueX = margin + 160;
  for (const [label, value] of rows) {
    page.drawText(label, { x: margin, y, size: 11, font: bold, color: PDF_INK });
    y = paragraph(page, value, valueX, y, width - margin - valueX, regular, 11, 15) - 5;
  }

  // The verification address and its QR: anyone holding the paper can check it is genuine and still valid.
  const url = verificationUrl(publicOrigin, data.verificationCode);
  const qr = encode(url, { ecc: 'M', border: 0 });
  const qrSide = 110;
  const moduleSize = qrSide / qr.size;
  const qrTop = y - 24;
  qr.data.forEach((row, ry) =>
    row.forEach((dark, rx) => {
      if (dark)
        page.drawRectangle({
          x: margin + rx * moduleSize,
          y: qrTop - (ry + 1) * moduleSize,
          width: moduleSize,
          height: moduleSize,
          color: PDF_INK,
        });
    }),
  );
  const textX = margin + qrSide + 16;
  let ty = qrTop - 10;
  page.drawText('Verifica este certificado en:', { x: textX, y: ty, size: 10, font: bold, color: PDF_INK });
  ty = paragraph(page, url, textX, ty - 15, width - margin - textX, regular, 9, 12);
  ty = paragraph(
    page,
    `Código de verificación: ${groupedCode(data.verificationCode)}`,
    textX,
    ty - 6,
    width - margin - textX,
    regular,
    9,
    12,
  );
  paragraph(
    page,
    'O escanea el código QR. La página muestra si el certificado es válido o fue anulado.',
    textX,
    ty - 6,
    width - margin - textX,
    regular,
    9,
    12,
  );

  const footer = [site.name, site.contact.email, site.contact.phoneDisplay].filter(Boolean).join(' · ');
  centered(page, footer, 48, regular, 9);
  return pdf.save();
}

/** The enrolment's certificate in force (not voided), as its PDF draws it; undefined when it has none. */
export async function readValidCertificate(db: SiteDb, reference: string): Promise<CompletionCertificateData | undefined> {
  const c = await db
    .selectFrom('courses.completion_certificates')
    .selectAll()
    .where('enrolment_reference', '=', reference)
    .where('voided_at', 'is', null)
    .executeTakeFirst();
  return c
    ? {
        number: c.number,
        verificationCode: c.verification_code,
        studentName: c.student_name,
        idType: c.id_type,
        idNumber: c.id_number,
        courseTitle: c.course_title,
        moduleName: c.module_name,
        cohortStart: c.cohort_start_date,
        cohortEnd: c.cohort_end_date,
        completedOn: c.completed_on,
        issuedAt: new Date(c.issued_at),
      }
    : undefined;
}

/** The courses domain's service to Mis Cursos: the PDF of an enrolment's certificate in force, or null. */
export const completionCertificatePdf: CourseEnrolmentsService['completionCertificatePdf'] = async (ctx, reference) => {
  const data = await readValidCertificate(ctx.db, reference);
  return data ? { number: data.number, pdf: await completionCertificatePdfOf(data, ctx.settings.publicOrigin) } : null;
};
