import { rgb, type PDFFont, type PDFPage } from 'pdf-lib';
import { printable, wrapText } from './text';

/** The site's PDF colours: the brand green for titles and borders, ink for text. */
export const PDF_GREEN = rgb(0.06, 0.36, 0.3);
export const PDF_INK = rgb(0.12, 0.16, 0.22);

/** An A4 page in points. */
export const A4: [number, number] = [595.28, 841.89];

/** A long Colombian date ('5 de marzo de 2026') of an instant, in Bogotá. */
export const pdfLongDate = (d: Date) =>
  new Intl.DateTimeFormat('es-CO', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'America/Bogota' }).format(d);

/** Draws `text` centred on the page; every string goes through `printable`, so no visitor's text reaches the font raw. */
export function centered(page: PDFPage, text: string, y: number, font: PDFFont, size: number, color = PDF_INK) {
  const line = printable(text, font);
  const { width } = page.getSize();
  page.drawText(line, { x: (width - font.widthOfTextAtSize(line, size)) / 2, y, size, font, color });
}

/** Draws `text` from (x, y) wrapped to `maxWidth`; answers the y below its last line. */
export function paragraph(
  page: PDFPage,
  text: string,
  x: number,
  y: number,
  maxWidth: number,
  font: PDFFont,
  size: number,
  leading: number,
) {
  for (const line of wrapText(printable(text, font), font, size, maxWidth)) {
    page.drawText(line, { x, y, size, font, color: PDF_INK });
    y -= leading;
  }
  return y;
}
