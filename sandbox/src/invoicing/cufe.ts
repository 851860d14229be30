// The DIAN's unique codes of an electronic document (Anexo Técnico FE v1.9, Res. 000165 de 2023): the CUFE of an
// invoice and the CUDE of a credit or debit note, a SHA-384 of fields concatenated with no separator, and the text
// the representación gráfica's QR code carries.
import { createHash } from 'node:crypto';

/** The fields of the CUFE / CUDE, in the annex's order; amounts already written with a dot and two decimals. */
export interface UniqueCodeFields {
  /** NumFac: prefix + consecutive (cbc:ID), e.g. SETP990000001. */
  number: string;
  /** FecFac: YYYY-MM-DD (Colombia). */
  date: string;
  /** HorFac: HH:MM:SS-05:00. */
  time: string;
  /** ValFac: LineExtensionAmount, the total before taxes. */
  lineExtension: string;
  /** ValImp1: the IVA (tax 01). */
  iva: string;
  /** ValImp2: the INC (tax 04). */
  inc: string;
  /** ValImp3: the ICA (tax 03). */
  ica: string;
  /** ValTot: PayableAmount. */
  payable: string;
  /** NitOFE: the issuer's NIT, digits only, without DV. */
  issuerNit: string;
  /** NumAdq: the buyer's identification, digits only (consumidor final 222222222222). */
  buyerId: string;
  /** ClTec (CUFE: the numbering range's technical key) or the Software-PIN (CUDE). */
  key: string;
  /** TipoAmbiente: '1' producción, '2' pruebas / habilitación. */
  environment: '1' | '2';
}

/** The string hashed, as the annex writes it: NumFac+FecFac+HorFac+ValFac+01+ValImp1+04+ValImp2+03+ValImp3+ValTot+NitOFE+NumAdq+Clave+TipoAmbiente. */
export function uniqueCodeInput(f: UniqueCodeFields): string {
  return (
    f.number +
    f.date +
    f.time +
    f.lineExtension +
    '01' +
    f.iva +
    '04' +
    f.inc +
    '03' +
    f.ica +
    f.payable +
    f.issuerNit +
    f.buyerId +
    f.key +
    f.environment
  );
}

/** CUFE (key = ClTec) or CUDE (key = Software-PIN): SHA-384 of the input, 96 lowercase hex characters. */
export function uniqueCode(f: UniqueCodeFields): string {
  return createHash('sha384').update(uniqueCodeInput(f), 'utf8').digest('hex');
}

/** Money as DIAN and Factus write it: dot, exactly two decimals, no thousands separator (from integer cents). */
export function money(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(Math.round(cents));
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/** The habilitación (test) catalogue's search page of a document, the `qr` field Factus's sandbox answers. */
export function searchQrUrl(code: string): string {
  return `https://catalogo-vpfe-hab.dian.gov.co/document/searchqr?documentkey=${code}`;
}

/** What the QR code of the representación gráfica encodes: one `Key: value` line per field, in the annex's order. */
export function qrText(q: {
  number: string;
  date: string;
  time: string;
  issuerNit: string;
  buyerId: string;
  lineExtension: string;
  iva: string;
  otherTaxes: string;
  payable: string;
  code: string;
  /** 'CUFE' for an invoice, 'CUDE' for a note. */
  codeName: 'CUFE' | 'CUDE';
}): string {
  return [
    `NumFac: ${q.number}`,
    `FecFac: ${q.date}`,
    `HorFac: ${q.time}`,
    `NitFac: ${q.issuerNit}`,
    `DocAdq: ${q.buyerId}`,
    `ValFac: ${q.lineExtension}`,
    `ValIva: ${q.iva}`,
    `ValOtroIm: ${q.otherTaxes}`,
    `ValTolFac: ${q.payable}`,
    `${q.codeName}: ${q.code}`,
    `QRCode: ${searchQrUrl(q.code)}`,
  ].join('\n');
}
