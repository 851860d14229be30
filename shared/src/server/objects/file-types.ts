// What an uploaded file is, told by its bytes alone (#28). A name or a browser's Content-Type is whatever the sender
// wrote: an HTML page renamed informe.pdf, served back as text/html from the site's origin, would run its scripts
// there. Only kinds a browser shows without running anything are accepted, SVG (which carries scripts) never.
import { randomUUID } from 'node:crypto';

export type FileKind = 'pdf' | 'png' | 'jpeg' | 'webp' | 'gif' | 'docx' | 'xlsx' | 'pptx';

interface KindInfo {
  contentType: string;
  extension: string;
  /** How the Spanish messages name it ("El archivo no es un PDF."). */
  name: string;
  /** The short name listed among several allowed kinds. */
  short: string;
  /** A browser may show it in place: it runs nothing (served with a sandboxing CSP all the same). */
  inline: boolean;
}

export const FILE_KINDS: Readonly<Record<FileKind, KindInfo>> = {
  pdf: { contentType: 'application/pdf', extension: 'pdf', name: 'un PDF', short: 'PDF', inline: true },
  png: { contentType: 'image/png', extension: 'png', name: 'una imagen PNG', short: 'PNG', inline: true },
  jpeg: { contentType: 'image/jpeg', extension: 'jpg', name: 'una imagen JPEG', short: 'JPEG', inline: true },
  webp: { contentType: 'image/webp', extension: 'webp', name: 'una imagen WebP', short: 'WebP', inline: true },
  gif: { contentType: 'image/gif', extension: 'gif', name: 'una imagen GIF', short: 'GIF', inline: true },
  docx: {
    contentType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    extension: 'docx',
    name: 'un documento de Word (.docx)',
    short: 'Word (.docx)',
    inline: false,
  },
  xlsx: {
    contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    extension: 'xlsx',
    name: 'una hoja de cálculo de Excel (.xlsx)',
    short: 'Excel (.xlsx)',
    inline: false,
  },
  pptx: {
    contentType: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
    extension: 'pptx',
    name: 'una presentación de PowerPoint (.pptx)',
    short: 'PowerPoint (.pptx)',
    inline: false,
  },
};

/** The images a page may show. */
export const IMAGE_KINDS: readonly FileKind[] = ['png', 'jpeg', 'webp', 'gif'];
/** Office Open XML documents (Word, Excel, PowerPoint). */
export const OFFICE_KINDS: readonly FileKind[] = ['docx', 'xlsx', 'pptx'];

const startsWith = (bytes: Uint8Array, signature: readonly number[], at = 0) =>
  bytes.length >= at + signature.length && signature.every((b, i) => bytes[at + i] === b);
const ascii = (text: string) => [...text].map((c) => c.charCodeAt(0));

/**
 * The names of a ZIP archive's entries, read from its central directory (what unzip trusts), or null when the bytes are
 * not a readable ZIP. Bounded: at most `maxEntries` names, every offset checked against the buffer.
 */
export function zipEntryNames(bytes: Uint8Array, maxEntries = 10_000): string[] | null {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  // End of central directory: 22 bytes plus a comment of up to 65535, searched backwards from the end.
  const eocdSignature = 0x06054b50;
  let eocd = -1;
  for (let i = bytes.length - 22; i >= Math.max(0, bytes.length - 22 - 0xffff); i--) {
    if (view.getUint32(i, true) === eocdSignature) {
      eocd = i;
      break;
    }
  }
  if (eocd < 0) return null;
  const count = view.getUint16(eocd + 10, true);
  const size = view.getUint32(eocd + 12, true);
  const offset = view.getUint32(eocd + 16, true);
  // ZIP64 (0xffff / 0xffffffff markers) is for archives far beyond any upload limit here.
  if (count === 0xffff || offset === 0xffffffff || offset + size > eocd || count > maxEntries) return null;
  const names: string[] = [];
  const decoder = new TextDecoder('utf-8', { fatal: false });
  let at = offset;
  for (let i = 0; i < count; i++) {
    if (at + 46 > eocd || view.getUint32(at, true) !== 0x02014b50) return null;
    const nameLength = view.getUint16(at + 28, true);
    const extraLength = view.getUint16(at + 30, true);
    const commentLength = view.getUint16(at + 32, true);
    if (at + 46 + nameLength > eocd) return null;
    names.push(decoder.decode(bytes.subarray(at + 46, at + 46 + nameLength)));
    at += 46 + nameLength + extraLength + commentLength;
  }
  return names;
}

/** Which Office Open XML document a ZIP is: its `[Content_Types].xml` and the main part's folder; null otherwise. */
function officeKind(bytes: Uint8Array): FileKind | null {
  const names = zipEntryNames(bytes);
  if (!names?.includes('[Content_Types].xml')) return null;
  const found = (['docx', 'xlsx', 'pptx'] as const).filter((kind) => {
    const folder = { docx: 'word/', xlsx: 'xl/', pptx: 'ppt/' }[kind];
    return names.some((name) => name.startsWith(folder));
  });
  // An archive that claims to be two kinds at once is none of them.
  return found.length === 1 ? (found[0] ?? null) : null;
}

/**
 * The file's kind by its content (magic bytes), or null for anything else: SVG, HTML, text, executables, other archives.
 * The name is never looked at.
 */
export function detectFileType(bytes: Uint8Array): FileKind | null {
  if (startsWith(bytes, ascii('%PDF-'))) return 'pdf';
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'jpeg';
  if (startsWith(bytes, ascii('GIF87a')) || startsWith(bytes, ascii('GIF89a'))) return 'gif';
  if (startsWith(bytes, ascii('RIFF')) && startsWith(bytes, ascii('WEBP'), 8)) return 'webp';
  if (startsWith(bytes, [0x50, 0x4b, 0x03, 0x04])) return officeKind(bytes);
  return null;
}

/** "10 MB", "512 KB", "1,5 MB": how the messages state a limit (MB = 1024 × 1024 bytes, as file managers count). */
export function sizeInWords(bytes: number): string {
  const mb = bytes / (1024 * 1024);
  if (mb >= 1) return `${Number.isInteger(mb) ? mb : mb.toFixed(1).replace('.', ',')} MB`;
  return `${Math.max(1, Math.round(bytes / 1024))} KB`;
}

const either = (names: string[]) => (names.length <= 1 ? (names[0] ?? '') : `${names.slice(0, -1).join(', ')} o ${names.at(-1)}`);

export type UploadCheck =
  | { ok: true; kind: FileKind; contentType: string; extension: string; inline: boolean }
  | { ok: false; status: 400 | 413 | 415; error: string };

/**
 * Whether an upload may be kept: not empty, at most `maxBytes`, and by its content one of `allowed`. The content type
 * to store and serve is the detected kind's, never the sender's. Errors are the Spanish sentence to show staff.
 */
export function acceptUpload(input: { bytes: Uint8Array; allowed: readonly FileKind[]; maxBytes: number }): UploadCheck {
  const { bytes, allowed, maxBytes } = input;
  if (bytes.byteLength === 0) return { ok: false, status: 400, error: 'El archivo está vacío.' };
  if (bytes.byteLength > maxBytes) return { ok: false, status: 413, error: `El archivo pesa más de ${sizeInWords(maxBytes)}.` };
  const kind = detectFileType(bytes);
  if (!kind || !allowed.includes(kind)) {
    const error =
      allowed.length === 1
        ? `El archivo no es ${FILE_KINDS[allowed[0] as FileKind].name}.`
        : `El archivo no es de un tipo admitido: ${either(allowed.map((k) => FILE_KINDS[k].short))}.`;
    return { ok: false, status: 415, error };
  }
  const info = FILE_KINDS[kind];
  return { ok: true, kind, contentType: info.contentType, extension: info.extension, inline: info.inline };
}

/** Longest file name kept (characters, extension included). */
const MAX_NAME_LENGTH = 120;

/**
 * The sender's file name made safe to keep and to offer back as a download name: no folders, no control or invisible
 * characters (bidi overrides that disguise "fdp.exe" as "exe.pdf"), none of the characters file systems refuse, NFC,
 * at most 120 characters, and the extension of the kind its bytes are. Null when nothing usable is left.
 */
export function cleanFileName(name: string, kind?: FileKind): string | null {
  const base = name.normalize('NFC').split(/[/\\]/).pop() ?? '';
  let clean = base
    .replace(/[\p{Cc}\p{Cf}\p{Co}\p{Cn}\p{Zl}\p{Zp}]/gu, '')
    .replace(/[<>:"|?*]/g, '')
    .replace(/\s+/g, ' ')
    .replace(/^[\s.]+|[\s.]+$/g, '');
  if (kind) {
    const extension = FILE_KINDS[kind].extension;
    const dot = clean.lastIndexOf('.');
    const current = dot > 0 ? clean.slice(dot + 1).toLowerCase() : '';
    const known = Object.values(FILE_KINDS).some((k) => k.extension === current) || current === 'jpeg';
    const stem = known ? clean.slice(0, dot) : clean;
    const sameKind = current === extension || (kind === 'jpeg' && current === 'jpeg');
    clean = sameKind ? clean : `${stem || 'archivo'}.${extension}`;
  }
  if (!clean) return null;
  if ([...clean].length <= MAX_NAME_LENGTH) return clean;
  // Shortened in the stem, so the extension stays.
  const dot = clean.lastIndexOf('.');
  const extension = dot > 0 && clean.length - dot <= 10 ? clean.slice(dot) : '';
  const stem = [...clean.slice(0, clean.length - extension.length)]
    .slice(0, MAX_NAME_LENGTH - extension.length)
    .join('')
    .trimEnd();
  return stem + extension;
}

/**
 * A new key for an object under `prefix` (e.g. "transparency"): random, so it tells nothing of the file and cannot
 * be guessed or chosen by the sender; the name is kept as metadata only.
 */
export function newObjectKey(prefix: string): string {
  if (!/^[a-z0-9][a-z0-9-]*(\/[a-z0-9][a-z0-9-]*)*$/.test(prefix)) throw new Error(`Prefijo de objeto no válido: ${prefix}`);
  return `${prefix}/${randomUUID()}`;
}
