// For tests only: reads a PDF back the way a viewer does (pdfjs-dist, a devDependency), so a test proves what a
// reader sees, not what the generator meant to draw.
import { PDFDict, PDFDocument, PDFName } from 'pdf-lib';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
// Loading the worker here makes pdfjs run it in this thread: no worker file to locate under Jest or tsx.
import 'pdfjs-dist/legacy/build/pdf.worker.mjs';

/** A run of text as drawn, in PDF points from the page's bottom-left corner. */
export interface DrawnText {
  text: string;
  x: number;
  y: number;
  width: number;
}

export interface PdfPageText {
  width: number;
  height: number;
  items: DrawnText[];
  /** The page's text, one line per baseline from top to bottom, NFC. */
  text: string;
}

/** The text of every page of `bytes`, extracted through the fonts' ToUnicode maps. */
export async function readPdfText(bytes: Uint8Array): Promise<PdfPageText[]> {
  // pdfjs takes ownership of (detaches) the buffer it is given: hand it a copy.
  const doc = await getDocument({ data: new Uint8Array(bytes), isEvalSupported: false, useSystemFonts: false, verbosity: 0 }).promise;
  try {
    const pages: PdfPageText[] = [];
    for (let n = 1; n <= doc.numPages; n++) {
      const page = await doc.getPage(n);
      const [, , width, height] = page.view as [number, number, number, number];
      const content = await page.getTextContent();
      const items: DrawnText[] = [];
      for (const item of content.items) {
        // Marked-content items carry no text.
        if (!('str' in item) || !item.str) continue;
        const [, , , , x, y] = item.transform as number[];
        items.push({ text: item.str.normalize('NFC'), x: x!, y: y!, width: item.width });
      }
      const byLine = new Map<number, DrawnText[]>();
      for (const item of items) {
        const key = Math.round(item.y);
        byLine.set(key, [...(byLine.get(key) ?? []), item]);
      }
      const text = [...byLine.entries()]
        .sort(([a], [b]) => b - a)
        .map(([, line]) =>
          line
            .sort((a, b) => a.x - b.x)
            .map((i) => i.text)
            .join(''),
        )
        .join('\n');
      pages.push({ width, height, items, text });
    }
    return pages;
  } finally {
    await doc.destroy();
  }
}

/** The fonts `bytes` draws with (BaseFont) and whether each carries its font program; standard fonts do not. */
export async function pdfFonts(bytes: Uint8Array): Promise<Array<{ name: string; embedded: boolean }>> {
  const doc = await PDFDocument.load(bytes);
  const fonts: Array<{ name: string; embedded: boolean }> = [];
  for (const [, object] of doc.context.enumerateIndirectObjects()) {
    if (!(object instanceof PDFDict) || object.get(PDFName.of('Type')) !== PDFName.of('Font')) continue;
    // A composite (Type0) font is listed through its descendant, which holds the descriptor.
    if (object.get(PDFName.of('Subtype')) === PDFName.of('Type0')) continue;
    const name = object.get(PDFName.of('BaseFont'));
    const descriptor = object.lookupMaybe(PDFName.of('FontDescriptor'), PDFDict);
    const embedded = ['FontFile', 'FontFile2', 'FontFile3'].some((key) => descriptor?.has(PDFName.of(key)) ?? false);
    fonts.push({ name: name instanceof PDFName ? name.decodeText() : String(name), embedded });
  }
  return fonts;
}
