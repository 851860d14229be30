import { describe, expect, it } from '@jest/globals';
import { acceptUpload, cleanFileName, detectFileType, newObjectKey, zipEntryNames, type FileKind } from './file-types';
import { zipOf } from './zip-testing';

const pdf = Buffer.from('%PDF-1.7\n%âãÏÓ\n1 0 obj <<>> endobj\n%%EOF\n', 'latin1');
const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]);
const jpeg = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 16, 0x4a, 0x46, 0x49, 0x46]);
const gif = Buffer.from('GIF89a\x01\x00\x01\x00', 'latin1');
const webp = Buffer.concat([Buffer.from('RIFF'), Buffer.from([26, 0, 0, 0]), Buffer.from('WEBPVP8 ')]);
const docx = zipOf(['[Content_Types].xml', '_rels/.rels', 'word/document.xml']);
const xlsx = zipOf(['[Content_Types].xml', '_rels/.rels', 'xl/workbook.xml']);
const pptx = zipOf(['[Content_Types].xml', 'ppt/presentation.xml']);
const html = Buffer.from('<!DOCTYPE html><html><script>alert(document.cookie)</script></html>');
const svg = Buffer.from('<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>');

const MB = 1024 * 1024;

describe('detectFileType: by content, never by name', () => {
  it.each<[string, Buffer, FileKind]>([
    ['PDF', pdf, 'pdf'],
    ['PNG', png, 'png'],
    ['JPEG', jpeg, 'jpeg'],
    ['GIF', gif, 'gif'],
    ['WebP', webp, 'webp'],
    ['Word', docx, 'docx'],
    ['Excel', xlsx, 'xlsx'],
    ['PowerPoint', pptx, 'pptx'],
  ])('tells a %s file', (_label, bytes, kind) => {
    expect(detectFileType(bytes)).toBe(kind);
  });

  it.each<[string, Buffer]>([
    ['an HTML page', html],
    ['an SVG image (it carries scripts)', svg],
    ['a ZIP that is not an Office document', zipOf(['informe.pdf', 'fotos/1.jpg'])],
    ['a ZIP with word/ but no [Content_Types].xml', zipOf(['word/document.xml'])],
    ['a ZIP that claims to be Word and Excel at once', zipOf(['[Content_Types].xml', 'word/document.xml', 'xl/workbook.xml'])],
    ['a truncated ZIP', docx.subarray(0, docx.length - 30)],
    ['plain text', Buffer.from('Informe de gestión')],
    ['a Windows executable', Buffer.from('MZ\x90\x00\x03', 'latin1')],
    ['nothing', Buffer.alloc(0)],
    ['PDF bytes not at the start (an HTML page that mentions %PDF-)', Buffer.from(' %PDF-1.7 <html>')],
  ])('refuses %s', (_label, bytes) => {
    expect(detectFileType(bytes)).toBeNull();
  });

  it('reads ZIP entry names from the central directory, with a comment after it', () => {
    const withComment = Buffer.concat([docx.subarray(0, docx.length - 2), Buffer.from([5, 0]), Buffer.from('hola!')]);
    expect(zipEntryNames(withComment)).toEqual(['[Content_Types].xml', '_rels/.rels', 'word/document.xml']);
  });
});

describe('acceptUpload', () => {
  it('takes a PDF named .png as the PDF it is, with the PDF type', () => {
    // The name plays no part: only the bytes are given.
    expect(acceptUpload({ bytes: pdf, allowed: ['pdf'], maxBytes: 10 * MB })).toEqual({
      ok: true,
      kind: 'pdf',
      contentType: 'application/pdf',
      extension: 'pdf',
      inline: true,
    });
    expect(cleanFileName('informe.png', 'pdf')).toBe('informe.pdf');
  });

  it('refuses an HTML file named x.pdf, saying it is not a PDF', () => {
    expect(acceptUpload({ bytes: html, allowed: ['pdf'], maxBytes: 10 * MB })).toEqual({
      ok: false,
      status: 415,
      error: 'El archivo no es un PDF.',
    });
  });

  it('refuses an SVG where images are allowed, naming the kinds that are', () => {
    expect(acceptUpload({ bytes: svg, allowed: ['png', 'jpeg', 'webp', 'gif'], maxBytes: 5 * MB })).toEqual({
      ok: false,
      status: 415,
      error: 'El archivo no es de un tipo admitido: PNG, JPEG, WebP o GIF.',
    });
  });

  it('refuses a kind it detects but was not allowed (a Word document where a PDF is asked for)', () => {
    expect(acceptUpload({ bytes: docx, allowed: ['pdf'], maxBytes: 10 * MB })).toMatchObject({
      ok: false,
      error: 'El archivo no es un PDF.',
    });
    expect(acceptUpload({ bytes: docx, allowed: ['pdf', 'docx'], maxBytes: 10 * MB })).toMatchObject({ ok: true, inline: false });
  });

  it('refuses a file over the limit, stating the limit, and an empty one', () => {
    const big = Buffer.concat([pdf, Buffer.alloc(10 * MB)]);
    expect(acceptUpload({ bytes: big, allowed: ['pdf'], maxBytes: 10 * MB })).toEqual({
      ok: false,
      status: 413,
      error: 'El archivo pesa más de 10 MB.',
    });
    expect(acceptUpload({ bytes: pdf, allowed: ['pdf'], maxBytes: 20 })).toMatchObject({ error: 'El archivo pesa más de 1 KB.' });
    expect(acceptUpload({ bytes: Buffer.alloc(0), allowed: ['pdf'], maxBytes: MB })).toMatchObject({
      status: 400,
      error: 'El archivo está vacío.',
    });
  });
});

describe('cleanFileName', () => {
  it('keeps a Spanish name as it reads, and gives it the extension of what it is', () => {
    expect(cleanFileName('Informe de gestión 2025.pdf', 'pdf')).toBe('Informe de gestión 2025.pdf');
    expect(cleanFileName('Estados financieros', 'pdf')).toBe('Estados financieros.pdf');
    expect(cleanFileName('foto.JPEG', 'jpeg')).toBe('foto.JPEG');
    expect(cleanFileName('acta.v2', 'pdf')).toBe('acta.v2.pdf');
  });

  it('drops folders, control and invisible characters, and what file systems refuse', () => {
    expect(cleanFileName('C:\\Users\\ana\\..\\acta.pdf', 'pdf')).toBe('acta.pdf');
    expect(cleanFileName('../../etc/passwd', 'pdf')).toBe('passwd.pdf');
    // U+202E turns "fdp.exe" into what reads as "exe.pdf".
    expect(cleanFileName('factura\u202Efdp.exe', 'pdf')).toBe('facturafdp.exe.pdf');
    expect(cleanFileName('a\u0000b\r\n<c>:"d"|?*.pdf', 'pdf')).toBe('abcd.pdf');
    expect(cleanFileName('  ..  ', undefined)).toBeNull();
    expect(cleanFileName('.pdf', 'pdf')).toBe('pdf.pdf');
  });

  it('shortens a long name to 120 characters, keeping the extension', () => {
    const clean = cleanFileName(`${'á'.repeat(300)}.pdf`, 'pdf');
    expect([...(clean ?? '')].length).toBe(120);
    expect(clean?.endsWith('á.pdf')).toBe(true);
  });
});

describe('newObjectKey', () => {
  it('is random under its prefix, never built from a name', () => {
    const a = newObjectKey('transparency');
    expect(a).toMatch(/^transparency\/[0-9a-f-]{36}$/);
    expect(newObjectKey('transparency')).not.toBe(a);
    expect(() => newObjectKey('../x')).toThrow();
  });
});
