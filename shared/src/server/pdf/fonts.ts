// Server-only (reads node_modules from disk): browser code must never import shared/server/*; webpack would fail on
// node:fs anyway, which is the point.
import fontkit from '@pdf-lib/fontkit';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import type { PDFDocument, PDFFont } from 'pdf-lib';

/**
 * The site's typeface, Nunito (SIL Open Font License 1.1), as TrueType from node_modules: pdf-lib's fontkit reads TTF
 * and OTF but not the WOFF/WOFF2 of @fontsource/nunito. It covers Latin, Latin Extended-A, Vietnamese and Cyrillic;
 * pdf-lib's standard fonts are WinAnsi only and throw on a name like "Nguyễn Łukasz".
 */
const fontFiles = {
  regular: '@expo-google-fonts/nunito/400Regular/Nunito_400Regular.ttf',
  bold: '@expo-google-fonts/nunito/700Bold/Nunito_700Bold.ttf',
} as const;

export type FontWeight = keyof typeof fontFiles;
export type SiteFonts = Record<FontWeight, PDFFont>;

const resolveFromHere = createRequire(import.meta.url).resolve;
let fontBytes: Promise<Record<FontWeight, Uint8Array>> | undefined;

/** The TTF files, read once per process: every certificate after the first costs no disk access. */
function loadFontBytes(): Promise<Record<FontWeight, Uint8Array>> {
  fontBytes ??= Promise.all([readFile(resolveFromHere(fontFiles.regular)), readFile(resolveFromHere(fontFiles.bold))]).then(
    ([regular, bold]) => ({ regular, bold }),
    (error: unknown) => {
      // A failed read is not remembered, so the next request tries again instead of failing for the process's life.
      fontBytes = undefined;
      throw error;
    },
  );
  return fontBytes;
}

/**
 * Embeds Nunito regular and bold into `pdf`, subset to the glyphs the document draws (a certificate weighs ~12 KB
 * instead of ~130 KB with both fonts whole). The one place PDFs of the site get their fonts.
 */
export async function embedSiteFonts(pdf: PDFDocument): Promise<SiteFonts> {
  const bytes = await loadFontBytes();
  pdf.registerFontkit(fontkit);
  const [regular, bold] = await Promise.all([pdf.embedFont(bytes.regular, { subset: true }), pdf.embedFont(bytes.bold, { subset: true })]);
  return { regular, bold };
}
