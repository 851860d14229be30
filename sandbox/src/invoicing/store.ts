// The stand-in's whole state — numbering ranges, bills and credit notes, each as Factus answers it plus what the
// stand-in needs to recompute it — in memory, and in one JSON file when a data directory is given.
import { closeSync, existsSync, fsyncSync, mkdirSync, openSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { CustomerInput } from './validation';

/** A numbering range as configured (and as `GET /v1/numbering-ranges` lists it). */
export interface NumberingRange {
  id: number;
  /** Range document code: '21' factura de venta, '22' nota crédito… */
  document: string;
  prefix: string;
  from: number;
  to: number;
  /** The NEXT number to use. */
  current: number;
  resolution_number: string | null;
  /** YYYY-MM-DD */
  start_date: string | null;
  end_date: string | null;
  technical_key: string | null;
  is_active?: 0 | 1;
}

/** The `data` of a bill as `POST /v1/bills/validate` and `GET /v1/bills/show/:number` answer it. */
export type BillData = Record<string, unknown> & {
  customer: Record<string, unknown> & { identification: string; names: string; company: string; trade_name: string; email: string | null };
  bill: Record<string, unknown> & {
    id: number;
    number: string;
    reference_code: string;
    status: 0 | 1;
    cufe: string;
    total: string;
    errors: string[];
    validated: string | null;
    created_at: string;
  };
};

/** The `data` of a credit note as `POST /v1/credit-notes/validate` and `GET /v1/credit-notes/:number` answer it. */
export type CreditNoteData = Record<string, unknown> & {
  customer: Record<string, unknown> & { identification: string; names: string; company: string; trade_name: string; email: string | null };
  credit_note: Record<string, unknown> & {
    id: number;
    number: string;
    reference_code: string;
    status: 0 | 1;
    cude: string;
    total: string;
    errors: string[];
    validated: string | null;
    created_at: string;
    bill_id: number | null;
  };
};

/** What the stand-in keeps beside a document's answer: the issue instant (CUFE/CUDE, PDF) and the QR text. */
export interface DocumentMeta {
  rangeId: number;
  /** ISO instant the document was created (its FecFac/HorFac). */
  issuedAt: string;
  /** The representación gráfica's QR content. */
  qrText: string;
  /** The customer as sent (or copied from the bill), with a NIT's DV resolved. */
  customer: CustomerInput;
  /** 'slow': DIAN has not answered yet (a resend validates it); 'rejected': DIAN refused it (only DELETE frees it). */
  pending?: 'slow' | 'rejected' | undefined;
  /** A rejection's `data.message`. */
  rejectionMessage?: string | undefined;
}

export interface BillRecord {
  kind: 'bill';
  meta: DocumentMeta;
  data: BillData;
}

export interface CreditNoteRecord {
  kind: 'credit_note';
  meta: DocumentMeta;
  data: CreditNoteData;
}

export interface InvoicingState {
  version: 1;
  nextBillId: number;
  nextCreditNoteId: number;
  ranges: NumberingRange[];
  bills: BillRecord[];
  creditNotes: CreditNoteRecord[];
}

export const STATE_FILE = 'invoicing-stand-in.json';

/**
 * The state, saved after every change (temporary file, fsync, rename: a restart never finds a half-written file).
 * Without a data directory it lives in memory only.
 */
export class InvoicingStore {
  readonly file: string | null;
  state: InvoicingState;

  constructor(dataDir: string | undefined, ranges: NumberingRange[]) {
    this.file = dataDir ? path.join(dataDir, STATE_FILE) : null;
    if (dataDir) mkdirSync(dataDir, { recursive: true });
    if (this.file && existsSync(this.file)) {
      this.state = JSON.parse(readFileSync(this.file, 'utf8')) as InvoicingState;
      if (this.state.version !== 1) throw new Error(`Estado del stand-in de facturación con versión desconocida: ${this.file}`);
      // A range configured since the last run joins; a known one keeps its saved `current` (numbering continues).
      for (const range of ranges) if (!this.state.ranges.some((r) => r.id === range.id)) this.state.ranges.push({ ...range });
    } else {
      this.state = { version: 1, nextBillId: 1, nextCreditNoteId: 1, ranges: ranges.map((r) => ({ ...r })), bills: [], creditNotes: [] };
    }
  }

  save(): void {
    if (!this.file) return;
    const tmp = `${this.file}.${process.pid}.${Date.now()}.tmp`;
    writeFileSync(tmp, JSON.stringify(this.state));
    const fd = openSync(tmp, 'r');
    try {
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
    renameSync(tmp, this.file);
  }
}
