import { degrees, PDFDocument, rgb, type PDFFont, type PDFPage } from 'pdf-lib';
import type { Site } from 'shared/foundation/site';
import { formatCOP } from 'shared/format/money';
import { paymentTypeLabel } from 'shared/payments/ledger';
import { embedSiteFonts } from 'shared/server/pdf/fonts';
import { A4, centered, paragraph, PDF_GREEN, PDF_INK, pdfLongDate } from 'shared/server/pdf/layout';
import { printable } from 'shared/server/pdf/text';

const lowerFirst = (text: string) => text.charAt(0).toLowerCase() + text.slice(1);

/**
 * The donation certificate as a one-page A4 PDF (Estatuto Tributario art. 125-2; DUR 1625 de 2016 art. 1.2.1.4.3):
 * the foundation's name, NIT and nature; the donor's name and identification; the date, amount in COP and form of
 * payment of each donation; its destination; the number; where and when it was issued; and the signature blocks of the
 * legal representative and the revisor fiscal. A value the foundation has not confirmed prints as 'Dato por confirmar'
 * and the page as a specimen (the site never makes one up); outside production every certificate is a specimen.
 */

export interface CertifiedDonation {
  reference: string;
  amount: number;
  approvedAt: Date;
  paymentType: string | null;
}

export interface CertificatePdfData {
  number: string;
  kind: 'donation' | 'annual';
  year: number;
  donorName: string;
  idType: string;
  idNumber: string;
  donations: CertifiedDonation[];
  issuedAt: Date;
  /** Printed across the page: 'ESPÉCIMEN — SIN VALIDEZ TRIBUTARIA'. */
  specimen: boolean;
}

export const PENDING = 'Dato por confirmar';
export const SPECIMEN_MARK = 'ESPÉCIMEN — SIN VALIDEZ TRIBUTARIA';

/** The foundation's data the certificate needs, and whether all of it is confirmed. */
export function certificateFoundationData(site: Site) {
  const c = site.certificates;
  const values = {
    nit: site.nit,
    city: c.city,
    destination: c.destination,
    representative: c.legalRepresentative,
    reviewer: c.fiscalReviewer,
  };
  return { ...values, complete: Object.values(values).every((v) => v !== null && v.trim() !== '') };
}

/** A label and its value (wrapped within the right margin, `x` from either edge); answers the y below it. */
function row(
  page: PDFPage,
  label: string,
  value: string,
  y: number,
  fonts: { regular: PDFFont; bold: PDFFont },
  x: number,
  valueX: number,
) {
  page.drawText(label, { x, y, size: 10.5, font: fonts.bold, color: PDF_INK });
  return paragraph(page, value, valueX, y, page.getSize().width - x - valueX, fonts.regular, 10.5, 14) - 4;
}

function signature(
  page: PDFPage,
  x: number,
  y: number,
  width: number,
  name: string,
  role: string,
  fonts: { regular: PDFFont; bold: PDFFont },
) {
  page.drawLine({ start: { x, y }, end: { x: x + width, y }, thickness: 0.8, color: PDF_INK });
  const after = paragraph(page, name, x, y - 14, width, fonts.bold, 9.5, 12);
  page.drawText(printable(role, fonts.regular), { x, y: after - 2, size: 9.5, font: fonts.regular, color: PDF_INK });
}

export async function donationCertificatePdf(site: Site, data: CertificatePdfData): Promise<Uint8Array> {
  const foundation = certificateFoundationData(site);
  const pdf = await PDFDocument.create();
  pdf.setTitle(`Certificado de donación ${data.number}`);
  pdf.setAuthor(site.name);
  pdf.setLanguage('es-CO');
  pdf.setCreationDate(data.issuedAt);
  const page = pdf.addPage(A4);
  const fonts = await embedSiteFonts(pdf);
  const { regular, bold } = fonts;
  const { width, height } = page.getSize();
  const margin = 56;
  const textWidth = width - margin * 2;
  const specimen = data.specimen || !foundation.complete;

  if (specimen) {
    // Diagonal, light and behind nothing important: it must be seen on a photocopy, not hide the data.
    const mark = printable(SPECIMEN_MARK, bold);
    const size = 30;
    const w = bold.widthOfTextAtSize(mark, size);
    page.drawText(mark, {
      x: width / 2 - (w / 2) * Math.cos(Math.PI / 5),
      y: height / 2 - (w / 2) * Math.sin(Math.PI / 5),
      size,
      font: bold,
      color: rgb(0.85, 0.85, 0.85),
      rotate: degrees(36),
    });
  }

  page.drawRectangle({ x: 24, y: 24, width: width - 48, height: height - 48, borderColor: PDF_GREEN, borderWidth: 2 });
  centered(page, site.name, height - 84, bold, 18, PDF_GREEN);
  centered(page, `NIT ${foundation.nit ?? PENDING}`, height - 104, regular, 10.5);
  centered(page, site.legalNature, height - 120, regular, 10.5);
  const title = data.kind === 'annual' ? `CERTIFICADO DE DONACIONES — AÑO ${data.year}` : 'CERTIFICADO DE DONACIÓN';
  centered(page, title, height - 160, bold, 15);
  centered(page, `No. ${data.number}`, height - 180, bold, 12, PDF_GREEN);
  if (specimen) centered(page, SPECIMEN_MARK, height - 198, bold, 10, rgb(0.6, 0.1, 0.1));

  const total = data.donations.reduce((sum, d) => sum + d.amount, 0);
  const single = data.donations.length === 1 ? data.donations[0] : undefined;
  const when = single ? `el ${pdfLongDate(single.approvedAt)}` : `durante el año ${data.year}`;
  const body =
    `El representante legal y el revisor fiscal de ${site.name}, identificada con NIT ${foundation.nit ?? PENDING}, ` +
    `${site.legalNature}, certifican que ${data.donorName}, identificado(a) con ${data.idType} número ${data.idNumber}, ` +
    `donó a la fundación ${when} la suma de ${formatCOP(total)} (pesos colombianos), recibida en dinero por medios electrónicos, ` +
    'que se destina al desarrollo de su objeto social y su actividad meritoria.';
  let y = paragraph(page, body, margin, height - 226, textWidth, regular, 10.5, 15) - 10;

  const valueX = margin + 150;
  const rows: Array<[string, string]> = [
    ['Donante', data.donorName],
    ['Identificación', `${data.idType} ${data.idNumber}`],
    ['Fecha de la donación', single ? pdfLongDate(single.approvedAt) : `Año ${data.year} (detalle abajo)`],
    ['Valor donado', `${formatCOP(total)} COP`],
    [
      'Forma de pago',
      // Only the first letter lowered: names inside (PSE, Mercado Pago) keep their capitals.
      single ? `Dinero, ${lowerFirst(paymentTypeLabel(single.paymentType))}` : 'Dinero, pagos electrónicos (detalle abajo)',
    ],
    ['Destinación', foundation.destination ?? PENDING],
    ['Entidad donataria', `${site.name}, NIT ${foundation.nit ?? PENDING}, ${site.legalNature}`],
  ];
  for (const [label, value] of rows) y = row(page, label, value, y, fonts, margin, valueX);

  if (!single) {
    y -= 6;
    page.drawText('Donaciones del año', { x: margin, y, size: 10.5, font: bold, color: PDF_INK });
    y -= 15;
    const lines = data.donations.slice(0, 12);
    for (const d of lines) {
      const text = `${pdfLongDate(d.approvedAt)} · ${paymentTypeLabel(d.paymentType)} · ${formatCOP(d.amount)} · ${d.reference}`;
      page.drawText(printable(text, regular), { x: margin + 8, y, size: 9.5, font: regular, color: PDF_INK });
      y -= 13;
    }
    if (data.donations.length > lines.length)
      page.drawText(printable(`… y ${data.donations.length - lines.length} donaciones más, incluidas en el total.`, regular), {
        x: margin + 8,
        y,
        size: 9.5,
        font: regular,
        color: PDF_INK,
      });
    y -= 13;
  }

  y -= 6;
  y = paragraph(
    page,
    'La fundación pertenece al Régimen Tributario Especial del impuesto sobre la renta. Este certificado se expide conforme al artículo 125-2 del Estatuto Tributario y al artículo 1.2.1.4.3 del Decreto 1625 de 2016, para que el donante solicite el descuento del artículo 257 del Estatuto Tributario.',
    margin,
    y,
    textWidth,
    regular,
    9.5,
    13,
  );
  y -= 8;
  page.drawText(printable(`Expedido en ${foundation.city ?? PENDING} el ${pdfLongDate(data.issuedAt)}.`, regular), {
    x: margin,
    y,
    size: 10.5,
    font: regular,
    color: PDF_INK,
  });

  const signY = Math.min(y - 70, 150);
  const colWidth = (textWidth - 40) / 2;
  signature(page, margin, signY, colWidth, foundation.representative ?? PENDING, 'Representante legal', fonts);
  signature(page, margin + colWidth + 40, signY, colWidth, foundation.reviewer ?? PENDING, 'Revisor fiscal', fonts);

  const footer = [site.name, site.contact.email, site.contact.phoneDisplay].filter(Boolean).join(' · ');
  centered(page, footer, 44, regular, 8.5);
  centered(page, `Verifique este certificado con la fundación citando el número ${data.number}.`, 58, regular, 8);
  return pdf.save();
}
