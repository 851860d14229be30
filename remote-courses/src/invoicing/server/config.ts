// Electronic invoicing's settings (#30): the provider's credentials, the DIAN numbering resolution and the tax treatment
// of each course. Everything here is configuration an accountant or an operator changes, never code. Nothing set (and
// not production): the local stand-in of the provider (sandbox/src/invoicing), started by `npm start`.
import { envInt } from 'shared/server/server-config';

/** The provider's API origin (Factus, production). */
export const FACTUS_API_ORIGIN = 'https://api.factus.com.co';

/** The stand-in's public credentials, which ship with the code: production refuses them. */
export const STAND_IN_CREDENTIALS = {
  clientId: 'sandbox-factus-client',
  clientSecret: 'sandbox-factus-secret',
  username: 'sandbox@factus.local',
  password: 'sandbox-factus-password',
} as const;

/** DIAN's public technical key of its test set (habilitación); the stand-in computes its CUFEs with it. */
export const STAND_IN_TECHNICAL_KEY = 'fc8eac422eba16e22ffd8c6f94b3f40a6e38162c';

/** The DIAN resolution the invoices are numbered under (Factus keeps it as a numbering range). */
export interface NumberingResolution {
  /** Factus's id of the range (`numbering_range_id`). */
  rangeId: number;
  /** Factus's id of the credit notes' range. */
  creditNoteRangeId: number;
  number: string;
  prefix: string;
  from: number;
  to: number;
  /** Bogotá calendar dates, YYYY-MM-DD, both included. */
  startDate: string;
  endDate: string;
}

/** How a course's sale is taxed: excluded from VAT, or taxed at a rate (its price then includes the VAT). */
export type VatTreatment = { kind: 'excluded' } | { kind: 'taxed'; rate: number };

export interface InvoicingConfig {
  baseUrl: string;
  credentials: { clientId: string; clientSecret: string; username: string; password: string };
  resolution: NumberingResolution;
  /** Per course slug; courses not named take `defaultVat`. */
  vat: Readonly<Record<string, VatTreatment>>;
  defaultVat: VatTreatment;
  /** Whether INVOICE_VAT was set (production requires an accountant's explicit choice). */
  vatConfigured: boolean;
  /** Start the local stand-in (nothing configured, not production). */
  startStandIn: boolean;
  standInPort: number;
  /** How often the outbox looks for invoices due (INVOICING_EVERY_MS). */
  everyMs: number;
  /** How long one call to the provider may take (INVOICING_TIMEOUT_MS). */
  timeoutMs: number;
}

/** The stand-in's resolution: Factus's own test range (prefix SETP) and dates that cover the tests. */
const standInResolution: NumberingResolution = {
  rangeId: 8,
  creditNoteRangeId: 9,
  number: '18760000001',
  prefix: 'SETP',
  from: 990000000,
  to: 995000000,
  startDate: '2019-01-19',
  endDate: '2030-01-19',
};

const isoDay = /^\d{4}-\d{2}-\d{2}$/;

/** `excluido` / `excluded`, or a rate in percent (`19`), as INVOICE_VAT writes each treatment. */
function readTreatment(value: string, where: string): VatTreatment {
  const v = value.trim().toLowerCase();
  if (v === 'excluido' || v === 'excluded' || v === 'exento') return { kind: 'excluded' };
  if (/^\d{1,2}(\.\d{1,2})?$/.test(v) && Number(v) > 0 && Number(v) < 100) return { kind: 'taxed', rate: Number(v) };
  throw new Error(`${where}: el tratamiento del IVA debe ser "excluido" o una tarifa en porcentaje (p. ej. 19); vale "${value}"`);
}

/**
 * INVOICE_VAT: one treatment for every course (`excluido`, `19`), or per course `slug=treatment` separated by commas, with
 * an optional `*=treatment` for the rest (`desarrollo-software=19,*=excluido`).
 */
export function readVat(value: string | undefined): { vat: Record<string, VatTreatment>; defaultVat: VatTreatment } {
  const vat: Record<string, VatTreatment> = {};
  let defaultVat: VatTreatment = { kind: 'excluded' };
  const text = (value ?? '').trim();
  if (!text) return { vat, defaultVat };
  if (!text.includes('=')) return { vat, defaultVat: readTreatment(text, 'INVOICE_VAT') };
  for (const part of text.split(',')) {
    const [slug, treatment] = part.split('=').map((s) => s.trim());
    if (!slug || treatment === undefined) throw new Error(`INVOICE_VAT: cada curso se escribe curso=tratamiento; "${part}" no lo es`);
    if (slug === '*') defaultVat = readTreatment(treatment, 'INVOICE_VAT (*)');
    else vat[slug] = readTreatment(treatment, `INVOICE_VAT (${slug})`);
  }
  return { vat, defaultVat };
}

/** Reads the invoicing settings; every default is the stand-in's. */
export function readInvoicingConfig(env: NodeJS.ProcessEnv, production: boolean): InvoicingConfig {
  const standInPort = envInt(env.INVOICING_SANDBOX_PORT, 9450);
  const configured = Boolean(env.FACTUS_BASE_URL || env.FACTUS_CLIENT_ID);
  const startStandIn = !configured && !production;
  const baseUrl = (env.FACTUS_BASE_URL || (startStandIn ? `http://127.0.0.1:${standInPort}` : FACTUS_API_ORIGIN)).replace(/\/+$/, '');
  const text = (name: string, fallback: string) => (env[name] ?? '').trim() || fallback;
  const resolution: NumberingResolution = {
    rangeId: envInt(env.INVOICE_NUMBERING_RANGE_ID, standInResolution.rangeId),
    creditNoteRangeId: envInt(env.INVOICE_CREDIT_NOTE_RANGE_ID, standInResolution.creditNoteRangeId),
    number: text('INVOICE_RESOLUTION_NUMBER', standInResolution.number),
    prefix: text('INVOICE_PREFIX', standInResolution.prefix),
    from: envInt(env.INVOICE_RANGE_FROM, standInResolution.from),
    to: envInt(env.INVOICE_RANGE_TO, standInResolution.to),
    startDate: text('INVOICE_RESOLUTION_START', standInResolution.startDate),
    endDate: text('INVOICE_RESOLUTION_END', standInResolution.endDate),
  };
  for (const [name, day] of [
    ['INVOICE_RESOLUTION_START', resolution.startDate],
    ['INVOICE_RESOLUTION_END', resolution.endDate],
  ] as const)
    if (!isoDay.test(day) || Number.isNaN(Date.parse(day))) throw new Error(`${name} debe ser una fecha AAAA-MM-DD; vale "${day}"`);
  if (resolution.to < resolution.from) throw new Error('INVOICE_RANGE_TO no puede ser menor que INVOICE_RANGE_FROM');
  if (!/^[A-Z0-9]{0,4}$/.test(resolution.prefix))
    throw new Error(
      `INVOICE_PREFIX son hasta cuatro letras o números en mayúscula, como los autoriza la DIAN; vale "${resolution.prefix}"`,
    );
  const { vat, defaultVat } = readVat(env.INVOICE_VAT);
  return {
    baseUrl,
    credentials: {
      clientId: env.FACTUS_CLIENT_ID || STAND_IN_CREDENTIALS.clientId,
      clientSecret: env.FACTUS_CLIENT_SECRET || STAND_IN_CREDENTIALS.clientSecret,
      username: env.FACTUS_USERNAME || STAND_IN_CREDENTIALS.username,
      password: env.FACTUS_PASSWORD || STAND_IN_CREDENTIALS.password,
    },
    resolution,
    vat,
    defaultVat,
    vatConfigured: Boolean((env.INVOICE_VAT ?? '').trim()),
    startStandIn,
    standInPort,
    everyMs: Math.max(200, envInt(env.INVOICING_EVERY_MS, 30_000)),
    timeoutMs: Math.max(1000, envInt(env.INVOICING_TIMEOUT_MS, 15_000)),
  };
}

/** The course's treatment: its own, or the default. */
export function vatOf(config: Pick<InvoicingConfig, 'vat' | 'defaultVat'>, course: string): VatTreatment {
  return config.vat[course] ?? config.defaultVat;
}

const DAY_MS = 86_400_000;

/** What the team is warned of before the resolution runs out: 30 days before its end, or 10 % of its numbers left. */
export interface ResolutionState {
  expired: boolean;
  exhausted: boolean;
  /** Days left until its last day (0 on the last day). */
  daysLeft: number;
  /** Numbers left after the last one used. */
  numbersLeft: number;
  warning: string | null;
}

/** Bogotá's calendar date of an instant. */
const bogotaDay = (at: Date) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Bogota', year: 'numeric', month: '2-digit', day: '2-digit' }).format(at);

/**
 * Where the resolution stands at `now`, given the last number used (null: none yet). Expired after its last day;
 * exhausted when its last number is used. Warned 30 days before the end or with under 10 % of the range left.
 */
export function resolutionState(resolution: NumberingResolution, lastUsed: number | null, now: Date): ResolutionState {
  const today = bogotaDay(now);
  const daysLeft = Math.round((Date.parse(resolution.endDate) - Date.parse(today)) / DAY_MS);
  const size = resolution.to - resolution.from + 1;
  const numbersLeft = lastUsed === null ? size : Math.max(0, resolution.to - lastUsed);
  const expired = today > resolution.endDate || today < resolution.startDate;
  const exhausted = numbersLeft === 0;
  let warning: string | null = null;
  if (expired)
    warning = `La resolución de facturación ${resolution.number} no está vigente hoy (${resolution.startDate} a ${resolution.endDate}): no se pueden expedir facturas hasta configurar una nueva.`;
  else if (exhausted)
    warning = `La resolución de facturación ${resolution.number} ya usó todos sus números (${resolution.prefix}${resolution.to}): configura una nueva.`;
  else if (daysLeft <= 30)
    warning = `La resolución de facturación ${resolution.number} vence en ${daysLeft} ${daysLeft === 1 ? 'día' : 'días'} (${resolution.endDate}): pide una nueva a la DIAN y configúrala.`;
  else if (numbersLeft < size * 0.1)
    warning = `A la resolución de facturación ${resolution.number} le quedan ${numbersLeft} números (menos del 10 %): pide una nueva a la DIAN y configúrala.`;
  return { expired, exhausted, daysLeft, numbersLeft, warning };
}

/**
 * Why these settings must not run in production, one Spanish sentence per problem naming its variable: never the
 * stand-in (its credentials ship with the code), a tax treatment an accountant chose, and a resolution in force.
 */
export function invoicingProblems(config: InvoicingConfig, production: boolean, now: Date, lastUsed: number | null = null): string[] {
  if (!production) return [];
  const problems: string[] = [];
  if (config.baseUrl !== FACTUS_API_ORIGIN)
    problems.push(
      `En producción FACTUS_BASE_URL solo puede ser ${FACTUS_API_ORIGIN} o quedar vacía; un entorno de pruebas no factura ante la DIAN.`,
    );
  const c = config.credentials;
  if (
    c.clientId === STAND_IN_CREDENTIALS.clientId ||
    c.clientSecret === STAND_IN_CREDENTIALS.clientSecret ||
    c.username === STAND_IN_CREDENTIALS.username ||
    c.password === STAND_IN_CREDENTIALS.password
  )
    problems.push(
      'Faltan FACTUS_CLIENT_ID, FACTUS_CLIENT_SECRET, FACTUS_USERNAME y FACTUS_PASSWORD, las credenciales reales del proveedor de facturación.',
    );
  if (!config.vatConfigured)
    problems.push(
      'Falta INVOICE_VAT: el tratamiento del IVA de cada curso lo decide el contador (p. ej. "excluido" o "desarrollo-software=19,*=excluido").',
    );
  if (config.resolution.prefix === standInResolution.prefix && config.resolution.number === standInResolution.number)
    problems.push(
      'Faltan INVOICE_RESOLUTION_NUMBER, INVOICE_PREFIX e INVOICE_RANGE_*: la resolución de facturación de la DIAN de la fundación.',
    );
  const state = resolutionState(config.resolution, lastUsed, now);
  if (state.expired || state.exhausted) problems.push(state.warning ?? '');
  return problems;
}
