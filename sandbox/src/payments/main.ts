// Runs the payment sandbox by itself: node --import tsx sandbox/src/payments/main.ts
import path from 'node:path';
import { defaultAccessToken, defaultWebhookSecret, startPaymentSandbox } from './server';

const env = process.env;
const port = Number(env.PAYMENT_SANDBOX_PORT ?? 8090);
if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`PAYMENT_SANDBOX_PORT no válido: ${env.PAYMENT_SANDBOX_PORT}`);
const number = (value: string | undefined) => (value === undefined || value === '' ? undefined : Number(value));

const sandbox = await startPaymentSandbox({
  port,
  // Loopback only unless told otherwise: this is a test double, not a service for the network.
  host: env.PAYMENT_SANDBOX_HOST ?? '127.0.0.1',
  // Its own folder: PAYMENT_SANDBOX_DATA_DIR, or payment-sandbox/ under the site's DATA_DIR (PGlite tolerates it).
  dataDir: path.resolve(env.PAYMENT_SANDBOX_DATA_DIR || path.join(env.DATA_DIR || '.data', 'payment-sandbox')),
  publicUrl: env.PAYMENT_SANDBOX_PUBLIC_URL || undefined,
  accessToken: env.MERCADOPAGO_ACCESS_TOKEN || defaultAccessToken,
  webhookSecret: env.MERCADOPAGO_WEBHOOK_SECRET || defaultWebhookSecret,
  duplicates: number(env.PAYMENT_SANDBOX_DUPLICATES),
  outOfOrder: env.PAYMENT_SANDBOX_OUT_OF_ORDER === '1' || env.PAYMENT_SANDBOX_OUT_OF_ORDER === 'true',
  // Where subscription notifications go (the provider's application webhook setting); unset: as last set, or none.
  subscriptionNotificationUrl: env.PAYMENT_SANDBOX_SUBSCRIPTIONS_WEBHOOK_URL || undefined,
  log: env.LOG_LEVEL ?? 'info',
});
sandbox.app.log.info(`Sandbox de pagos en ${sandbox.url} (pagos pendientes: ${sandbox.url}/sandbox)`);

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    void sandbox.close().then(() => process.exit(0));
  });
}
