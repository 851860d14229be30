// The payment sandbox put together: one store, one notifier, and the parts that answer each side of the provider —
// the API our server's SDK calls (provider-api.ts), the hosted checkout the payer sees (checkout.ts), the
// MercadoPago.js stand-in (mercadopago-js.ts) and the control panel only the sandbox has (control-panel.ts).
import Fastify, { type FastifyBaseLogger, type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { checkout } from './checkout';
import { controlPanel } from './control-panel';
import { mercadoPagoJs } from './mercadopago-js';
import { Notifier, defaultRetryPolicy, type DeliveryAttempt, type RetryPolicy } from './notifier';
import type { Settlement } from './outcomes';
import { paymentsOf, type PaymentExpiry } from './payments';
import { providerApi } from './provider-api';
import { answerErrorsAsProvider } from './provider-shape';
import { SandboxStore, type PaymentRecord, type PreapprovalRecord } from './store';
import { subscriptionsOf, type Subscriptions } from './subscriptions';
import { subscriptionsApi } from './subscriptions-api';
import { defaultHttpTimeouts } from 'shared/server/http';

export { signNotification } from 'shared/server/payments/signature';
export { cardholderOutcomes } from './outcomes';
export type { AuthorizedPaymentRecord, PaymentRecord, PreapprovalBody, PreapprovalRecord, PreferenceRecord } from './store';
export { rejectedCyclesBeforeCancel, retryScheduleDays, subscriptionAmountBounds } from './subscriptions';
export type { DeliveryAttempt, RetryPolicy } from './notifier';

export interface PaymentSandboxOptions {
  /** Directory for `payment-sandbox.json`, the sandbox's whole state (preferences, payments, merchant orders). */
  dataDir: string;
  /** The sandbox's own base URL as the payer's browser reaches it (for init_point); default: the request's host. */
  publicUrl?: string | undefined;
  /** The only access token accepted (`Authorization: Bearer <token>`). */
  accessToken?: string | undefined;
  /** Secret that signs notifications (x-signature). */
  webhookSecret?: string | undefined;
  /** Extra deliveries of each notification (0 = each once). */
  duplicates?: number | undefined;
  /** When a payment changes after its creation, deliver the older `payment.created` again after the newer update. */
  outOfOrder?: boolean | undefined;
  /** Retries of failed notification deliveries (exponential backoff, bounded). */
  retry?: Partial<RetryPolicy> | undefined;
  /** The account id the provider reports as collector_id / user_id. */
  userId?: number | undefined;
  /** How long unpaid Efecty tickets and PSE transfers stay payable (default 3 days and 2 hours). */
  expiry?: Partial<PaymentExpiry> | undefined;
  /** How often pending payments past their deadline are expired and notified (default every 30 s; reads expire them too). */
  expiryCheckMs?: number | undefined;
  /**
   * The account's webhook URL for the subscription topics (Mercado Pago takes it from the application's settings, not
   * from the preapproval); also `POST /sandbox/subscriptions/webhook`. Kept in the state file once set.
   */
  subscriptionNotificationUrl?: string | undefined;
  /** false (default): silent; true or a level: Fastify's logger; or a pino logger instance to log through. */
  log?: boolean | string | FastifyBaseLogger | undefined;
}

export interface PaymentSandboxControl {
  /** Every payment, newest first. */
  payments(): PaymentRecord[];
  /** Settles a pending payment, as `POST /sandbox/payments/:id/settle` does. */
  settle(id: string | number, status: Settlement): PaymentRecord;
  /** Expires a pending Efecty/PSE payment now, as `POST /sandbox/payments/:id/expire` does. */
  expire(id: string | number): PaymentRecord;
  /** Expires every pending payment past its deadline (the periodic check, on demand). */
  expireDue(now?: Date): PaymentRecord[];
  /** Resolves when every scheduled notification delivery (retries included) has ended. */
  idle(): Promise<void>;
  /** Delivery attempts so far (latest 500). */
  deliveries(): DeliveryAttempt[];
  /** Every subscription as the stand-in keeps it, newest first. */
  subscriptions(): PreapprovalRecord[];
  /** The subscriptions' side: clock, charges, test controls (what the `/sandbox/...` routes call). */
  subscriptionEngine: Subscriptions;
}

export type PaymentSandboxApp = FastifyInstance & { sandbox: PaymentSandboxControl };

export const defaultAccessToken = 'TEST-sandbox-token';
export const defaultWebhookSecret = 'sandbox-webhook-secret';

function resolveLogger(log: PaymentSandboxOptions['log']): Pick<FastifyServerOptions, 'logger' | 'loggerInstance'> {
  if (log === undefined || log === false) return { logger: false };
  if (log === true) return { logger: { level: 'info' } };
  if (typeof log === 'string') return { logger: log === 'silent' ? false : { level: log } };
  return { loggerInstance: log };
}

/**
 * A local stand-in for Mercado Pago Checkout Pro (site MCO, COP): the API the official SDK calls, the hosted checkout
 * at init_point, signed webhook notifications, and a control page to settle pending payments. Not listening: see
 * `startPaymentSandbox`.
 */
export function buildPaymentSandbox(options: PaymentSandboxOptions): PaymentSandboxApp {
  const userId = options.userId ?? 1_234_567_890;
  const store = new SandboxStore(options.dataDir);
  const app = Fastify({
    ...resolveLogger(options.log),
    bodyLimit: 256 * 1024,
    routerOptions: { ignoreTrailingSlash: true, ignoreDuplicateSlashes: true },
    // A stand-in is still a server on this machine: slow clients are cut as on the site's own servers (#11 row 8).
    requestTimeout: defaultHttpTimeouts.requestMs,
    connectionTimeout: defaultHttpTimeouts.idleMs,
    keepAliveTimeout: defaultHttpTimeouts.keepAliveMs,
    http: {
      headersTimeout: defaultHttpTimeouts.headersMs,
      requestTimeout: defaultHttpTimeouts.requestMs,
      connectionsCheckingInterval: 1000,
    },
    // Fastify types the instance by its logger option and resolveLogger may pick either; the app is the same.
  }) as unknown as FastifyInstance;
  const notifier = new Notifier(
    {
      secret: options.webhookSecret ?? defaultWebhookSecret,
      userId,
      duplicates: options.duplicates ?? 0,
      retry: { ...defaultRetryPolicy, ...options.retry },
      log: app.log,
    },
    store.state.outbox,
    () => store.save(),
  );
  app.addHook('onClose', async () => notifier.close());

  // Plain HTML forms (the hosted checkout and the control page) post urlencoded bodies.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(body as string)));
  });
  answerErrorsAsProvider(app);

  const payments = paymentsOf({ store, notifier, userId, outOfOrder: options.outOfOrder ?? false, expiry: options.expiry });
  const subscriptions = subscriptionsOf({ store, notifier, payments, userId, outOfOrder: options.outOfOrder ?? false });
  // Like the provider, an unpaid ticket or transfer ends at its deadline by itself, and its end is notified; and a
  // subscription's charge falls due by itself (by the sandbox's clock), not only when a test moves the clock.
  const expiryTimer = setInterval(() => {
    try {
      payments.expireDue();
      subscriptions.runDue();
    } catch (err) {
      app.log.error({ err }, 'payment sandbox: expiring pending payments or charging subscriptions failed');
    }
  }, options.expiryCheckMs ?? 30_000);
  expiryTimer.unref();
  app.addHook('onClose', async () => clearInterval(expiryTimer));
  void app.register(providerApi, {
    store,
    payments,
    userId,
    accessToken: options.accessToken ?? defaultAccessToken,
    publicUrl: options.publicUrl,
    // A read never shows a payment as pending past its deadline, whenever the periodic check runs.
    beforeRead: () => void payments.expireDue(),
  });
  if (options.subscriptionNotificationUrl !== undefined) subscriptions.setWebhookUrl({ url: options.subscriptionNotificationUrl });
  void app.register(subscriptionsApi, {
    subscriptions,
    accessToken: options.accessToken ?? defaultAccessToken,
    publicUrl: options.publicUrl,
  });
  void app.register(checkout, { store, payments });
  void app.register(mercadoPagoJs);
  void app.register(controlPanel, { payments, subscriptions, notifier });

  const control: PaymentSandboxControl = {
    payments: payments.all,
    settle: payments.settle,
    expire: payments.expireNow,
    expireDue: payments.expireDue,
    idle: () => notifier.idle(),
    deliveries: () => [...notifier.attempts],
    subscriptions: subscriptions.all,
    subscriptionEngine: subscriptions,
  };
  app.decorate('sandbox', control);
  return app as PaymentSandboxApp;
}

export interface StartedPaymentSandbox {
  /** Where the sandbox listens, e.g. `http://127.0.0.1:8090` (use it as the SDK's base URL). */
  url: string;
  app: PaymentSandboxApp;
  close(): Promise<void>;
}

/** Builds the sandbox and listens (loopback by default; port 0 picks a free port). */
export async function startPaymentSandbox(
  options: PaymentSandboxOptions & { port?: number; host?: string },
): Promise<StartedPaymentSandbox> {
  const app = buildPaymentSandbox(options);
  const host = options.host ?? '127.0.0.1';
  await app.listen({ port: options.port ?? 8090, host });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : options.port;
  const url = `http://${host.includes(':') ? `[${host}]` : host}:${port}`;
  return { url, app, close: () => app.close() };
}
