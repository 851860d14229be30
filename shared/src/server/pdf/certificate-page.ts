import { PDFDocument, type PDFFont, type PDFPage } from 'pdf-lib';
import { site } from '../../foundation/site';
import { embedSiteFonts } from './fonts';
import { A4, centered, PDF_GREEN } from './layout';

/** A certificate's page as `certificatePage` starts it: where to write and with which fonts. */
export interface CertificatePage {
  pdf: PDFDocument;
  page: PDFPage;
  regular: PDFFont;
  bold: PDFFont;
  width: number;
  height: number;
  /** Left and right margin of the text. */
  margin: number;
  textWidth: number;
}

/**
 * A new one-page A4 certificate of the foundation in the site's typeface (the enrolment constancia, the completion
 * certificate): the document's metadata, the green frame, the foundation's name and NIT, and the heading. The text
 * starts below 220 points from the top.
 */
export async function certificatePage(options: { documentTitle: string; heading: string; issuedAt: Date }): Promise<CertificatePage> {
  const pdf = await PDFDocument.create();
  pdf.setTitle(options.documentTitle);
  pdf.setAuthor(site.name);
  pdf.setLanguage('es-CO');
  pdf.setCreationDate(options.issuedAt);
  const page = pdf.addPage(A4);
  const { regular, bold } = await embedSiteFonts(pdf);
  const { width, height } = page.getSize();
  const margin = 64;
  page.drawRectangle({ x: 24, y: 24, width: width - 48, height: height - 48, borderColor: PDF_GREEN, borderWidth: 2 });
  centered(page, site.name, height - 110, bold, 20, PDF_GREEN);
  if (site.nit) centered(page, `NIT ${site.nit}`, height - 132, regular, 11);
  centered(page, options.heading, height - 190, bold, 18);
  return { pdf, page, regular, bold, width, height, margin, textWidth: width - margin * 2 };
}
