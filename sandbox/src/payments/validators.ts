// Request validation as the provider does it: what a preference may carry and what a settlement may ask. Each check
// throws a ProviderError with the provider's own wording, so a client sees here what it would see there.
import type { Settlement } from './outcomes';
import { badRequest, providerDate } from './provider-shape';
import type { BackUrls, PreferenceItem, PreferenceRecord } from './store';

type Json = Record<string, unknown>;

export const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);

export const isHttpUrl = (v: string) => {
  try {
    const u = new URL(v);
    return u.protocol === 'http:' || u.protocol === 'https:';
  } catch {
    return false;
  }
};

function validateItems(raw: unknown): PreferenceItem[] {
  if (!Array.isArray(raw) || raw.length === 0) throw badRequest('invalid_items', 'items needed');
  return raw.map((item: unknown, i) => {
    if (!isObject(item)) throw badRequest('invalid_items', `items[${i}] invalid`);
    const { title, quantity, unit_price: unitPrice, currency_id: currency } = item;
    if (typeof title !== 'string' || title.trim() === '') throw badRequest('invalid_items', `items[${i}].title needed`);
    if (typeof quantity !== 'number' || !Number.isInteger(quantity) || quantity < 1)
      throw badRequest('invalid_items', `items[${i}].quantity invalid: must be an integer greater than or equal to 1`);
    if (currency !== undefined && currency !== 'COP')
      throw badRequest('invalid_items', `items[${i}].currency_id invalid: ${String(currency)} is not the currency of site MCO`);
    if (typeof unitPrice !== 'number' || !Number.isFinite(unitPrice) || unitPrice <= 0)
      throw badRequest('invalid_items', `items[${i}].unit_price invalid: must be a positive number`);
    if (!Number.isInteger(unitPrice))
      throw badRequest('invalid_items', `items[${i}].unit_price invalid: currency_id COP does not allow decimals`);
    if (!Number.isSafeInteger(unitPrice * quantity)) throw badRequest('invalid_items', `items[${i}].unit_price invalid: too large`);
    const out: PreferenceItem = { title, quantity, currency_id: 'COP', unit_price: unitPrice };
    for (const key of ['id', 'description', 'picture_url', 'category_id'] as const) {
      const v = item[key];
      if (v !== undefined && v !== null) {
        if (typeof v !== 'string') throw badRequest('invalid_items', `items[${i}].${key} invalid`);
        out[key] = v;
      }
    }
    return out;
  });
}

function validateBackUrls(raw: unknown): BackUrls {
  const urls: BackUrls = { success: '', failure: '', pending: '' };
  if (raw === undefined || raw === null) return urls;
  if (!isObject(raw)) throw badRequest('invalid_back_urls', 'back_urls invalid. Wrong format');
  for (const key of ['success', 'failure', 'pending'] as const) {
    const v = raw[key];
    if (v === undefined || v === null || v === '') continue;
    if (typeof v !== 'string' || !isHttpUrl(v)) throw badRequest('invalid_back_urls', `back_urls invalid. Wrong format: back_urls.${key}`);
    urls[key] = v;
  }
  return urls;
}

function optionalDate(body: Json, key: string): string | null {
  const v = body[key];
  if (v === undefined || v === null || v === '') return null;
  if (typeof v !== 'string' || Number.isNaN(Date.parse(v)) || !/^\d{4}-\d{2}-\d{2}T/.test(v))
    throw badRequest(`invalid_${key}`, `${key} invalid. Use the format yyyy-MM-ddTHH:mm:ss.SSSZ`);
  return v;
}

/** What a valid preference body becomes; the provider API adds the ids and the checkout links. */
export type PreferenceFields = Omit<PreferenceRecord, 'id' | 'init_point' | 'sandbox_init_point' | 'collector_id' | 'client_id'>;

/** Checks a preference as the provider does and fills in the provider's defaults. */
export function validatePreference(body: unknown): PreferenceFields {
  if (!isObject(body)) throw badRequest('bad_request', 'body must be a JSON object');
  const items = validateItems(body.items);
  const backUrls = validateBackUrls(body.back_urls);
  const autoReturn = body.auto_return ?? '';
  if (autoReturn !== '' && autoReturn !== 'approved' && autoReturn !== 'all')
    throw badRequest('invalid_auto_return', 'auto_return invalid. Use approved or all');
  if (autoReturn !== '' && !backUrls.success)
    throw badRequest('invalid_auto_return', 'auto_return invalid. back_url.success must be defined');
  const ref = body.external_reference ?? '';
  if (typeof ref !== 'string' || ref.length > 64 || (ref !== '' && !/^[A-Za-z0-9_-]+$/.test(ref)))
    throw badRequest(
      'invalid_external_reference',
      'external_reference invalid. Up to 64 characters: letters, digits, hyphen (-) and underscore (_)',
    );
  const notificationUrl = body.notification_url ?? null;
  if (notificationUrl !== null && (typeof notificationUrl !== 'string' || notificationUrl.length > 500 || !isHttpUrl(notificationUrl)))
    throw badRequest('invalid_notification_url', 'notification_url attribute must be url valid');
  const from = optionalDate(body, 'expiration_date_from');
  const to = optionalDate(body, 'expiration_date_to');
  if (from && to && Date.parse(from) > Date.parse(to))
    throw badRequest('invalid_expiration_date_to', 'expiration_date_to must be after expiration_date_from');
  const payer = body.payer ?? {};
  if (!isObject(payer)) throw badRequest('invalid_payer', 'payer invalid');
  if (payer.email !== undefined && (typeof payer.email !== 'string' || !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(payer.email)))
    throw badRequest('invalid_payer', 'payer.email invalid');
  const metadata = body.metadata ?? {};
  if (!isObject(metadata)) throw badRequest('invalid_metadata', 'metadata invalid');
  const descriptor = body.statement_descriptor ?? null;
  if (descriptor !== null && typeof descriptor !== 'string')
    throw badRequest('invalid_statement_descriptor', 'statement_descriptor invalid');
  return {
    date_created: providerDate(),
    last_updated: null,
    items,
    payer,
    back_urls: backUrls,
    auto_return: autoReturn,
    notification_url: notificationUrl,
    external_reference: ref,
    expires: body.expires === true || to !== null,
    expiration_date_from: from,
    expiration_date_to: to,
    metadata,
    statement_descriptor: descriptor,
    additional_info: typeof body.additional_info === 'string' ? body.additional_info : '',
    binary_mode: body.binary_mode === true,
    marketplace: 'NONE',
    operation_type: 'regular_payment',
    site_id: 'MCO',
    payment_methods: isObject(body.payment_methods)
      ? body.payment_methods
      : { excluded_payment_methods: [{ id: '' }], excluded_payment_types: [{ id: '' }], installments: null, default_installments: null },
  };
}

/** The status a settlement asks for: approved, rejected or cancelled, nothing else. */
export function validateSettlement(status: unknown): Settlement {
  if (status !== 'approved' && status !== 'rejected' && status !== 'cancelled')
    throw badRequest('invalid_status', 'status invalid. Use approved, rejected or cancelled');
  return status;
}
