import { createHmac } from 'node:crypto';

/**
 * The provider's notification signature: `x-signature: ts=<unix seconds>,v1=<hex>` where v1 is the HMAC-SHA256, keyed
 * with the webhook secret, of the manifest `id:<data.id>;request-id:<x-request-id>;ts:<ts>;`. Our server's tests use
 * this to forge valid (or deliberately wrong) notifications exactly as the stand-in signs them.
 */
export function signNotification(secret: string, dataId: string, requestId: string, ts: number = Math.floor(Date.now() / 1000)): string {
  const v1 = createHmac('sha256', secret).update(`id:${dataId};request-id:${requestId};ts:${ts};`).digest('hex');
  return `ts=${ts},v1=${v1}`;
}
