import { createHmac, timingSafeEqual } from 'node:crypto';

export type SignatureCheck = { ok: true } | { ok: false; reason: 'missing' | 'malformed' | 'stale' | 'mismatch' };

/**
 * Verifies a provider notification: `x-signature: ts=<ts>,v1=<hex>` is the HMAC-SHA256, with the webhook secret, of
 * `id:<data.id from the query>;request-id:<x-request-id>;ts:<ts>;`. Old timestamps are refused (replays).
 */
export function verifyNotificationSignature(input: {
  secret: string;
  signature: string | undefined;
  requestId: string | undefined;
  dataId: string | undefined;
  now?: number;
  toleranceMs?: number;
}): SignatureCheck {
  const { secret, signature, requestId, dataId } = input;
  if (!signature || !requestId || !dataId) return { ok: false, reason: 'missing' };
  const parts = Object.fromEntries(
    signature.split(',').map((p) => {
      const [k, ...v] = p.trim().split('=');
      return [k, v.join('=')];
    }),
  );
  const ts = parts.ts;
  const v1 = parts.v1;
  if (!ts || !v1 || !/^\d+$/.test(ts) || !/^[0-9a-f]{64}$/i.test(v1)) return { ok: false, reason: 'malformed' };
  // The provider sends seconds; accept milliseconds too.
  const tsMs = ts.length > 11 ? Number(ts) : Number(ts) * 1000;
  if (Math.abs((input.now ?? Date.now()) - tsMs) > (input.toleranceMs ?? 10 * 60_000)) return { ok: false, reason: 'stale' };
  const id = /^[a-z0-9]+$/i.test(dataId) ? dataId.toLowerCase() : dataId;
  const expected = createHmac('sha256', secret).update(`id:${id};request-id:${requestId};ts:${ts};`).digest();
  const given = Buffer.from(v1, 'hex');
  return given.length === expected.length && timingSafeEqual(given, expected) ? { ok: true } : { ok: false, reason: 'mismatch' };
}

/** Signs like the provider does (sandbox and tests). */
export function signNotification(secret: string, dataId: string, requestId: string, ts: number = Math.floor(Date.now() / 1000)): string {
  const v1 = createHmac('sha256', secret).update(`id:${dataId};request-id:${requestId};ts:${ts};`).digest('hex');
  return `ts=${ts},v1=${v1}`;
}
