import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { signNotification } from 'shared/server/payments/signature';

/** How failed deliveries (network error, timeout or non-2xx answer) are retried: exponential backoff, bounded. */
export interface RetryPolicy {
  /** Total attempts per delivery, the first included. */
  attempts: number;
  /** Delay before the second attempt; doubles on each further one. */
  baseDelayMs: number;
  maxDelayMs: number;
  /** The provider gives the receiver 22 s to answer. */
  timeoutMs: number;
}

export const defaultRetryPolicy: RetryPolicy = { attempts: 6, baseDelayMs: 1000, maxDelayMs: 60_000, timeoutMs: 22_000 };

/**
 * The notification topics the stand-in sends. `payment` as before; the subscription topics as Mercado Pago names
 * them (`subscription_preapproval`: data.id is a preapproval id; `subscription_authorized_payment`: an authorized
 * payment id).
 */
export type NotificationTopic = 'payment' | 'subscription_preapproval' | 'subscription_authorized_payment';

/** One webhook event about one resource. Its `id` stays the same across retries and duplicates, as the provider's. */
export interface PaymentNotification {
  id: number;
  /** `payment.created` / `payment.updated` for payments; `created` / `updated` for the subscription topics. */
  action: 'payment.created' | 'payment.updated' | 'created' | 'updated';
  /** Absent: `payment` (states saved before subscriptions existed have none). */
  topic?: NotificationTopic;
  dataId: string;
  notificationUrl: string;
  dateCreated: string;
}

/** A delivery attempt, kept (in memory, the latest 500) for `GET /sandbox/notifications.json`. */
export interface DeliveryAttempt {
  notificationId: number;
  topic: NotificationTopic;
  action: string;
  dataId: string;
  url: string;
  requestId: string;
  attempt: number;
  at: string;
  status: number | null;
  error: string | null;
}

export interface NotifierOptions {
  secret: string;
  userId: number;
  /** Extra deliveries of every notification (each with its own x-request-id, like the provider's repeats). */
  duplicates: number;
  retry: RetryPolicy;
  log: FastifyBaseLogger;
}

/** The URL the provider posts to: the preference's notification_url plus `data.id` and `type` in the query. */
export function notificationTarget(notificationUrl: string, dataId: string, topic: NotificationTopic = 'payment'): string {
  const sep = notificationUrl.includes('?') ? '&' : '?';
  return `${notificationUrl}${sep}data.id=${encodeURIComponent(dataId)}&type=${topic}`;
}

/**
 * The JSON body of a notification. Payments: the shape the payments tests already check. Subscription topics: our
 * reading of Mercado Pago's subscription webhooks (`entity`, `application_id`, `date`, `version`; no `api_version`),
 * not verified against a recorded delivery.
 */
function notificationBody(n: PaymentNotification, userId: number): Record<string, unknown> {
  const topic = n.topic ?? 'payment';
  if (topic === 'payment')
    return {
      action: n.action,
      api_version: 'v1',
      data: { id: n.dataId },
      date_created: n.dateCreated,
      id: n.id,
      live_mode: false,
      type: 'payment',
      user_id: userId,
    };
  return {
    action: n.action,
    application_id: String(userId).slice(0, 10),
    data: { id: n.dataId },
    date: n.dateCreated,
    entity: topic === 'subscription_preapproval' ? 'preapproval' : 'authorized_payment',
    id: n.id,
    type: topic,
    version: 0,
  };
}

/** A delivery waiting in the outbox: kept in the sandbox's state file, so a restart resumes pending retries. */
export interface DeliveryJob {
  key: string;
  notification: PaymentNotification;
  /** The attempt to make next (1 = first). */
  attempt: number;
  /** When to make it (epoch ms). */
  dueAt: number;
  /** Delivered again once this job ended (out-of-order knob). */
  thenResend?: PaymentNotification;
}

/**
 * Posts signed webhook notifications asynchronously from an outbox, retrying with backoff; never blocks the caller.
 * The outbox array belongs to the caller's persisted state and `persist` is called after every change to it.
 */
export class Notifier {
  readonly attempts: DeliveryAttempt[] = [];
  #running = 0;
  #timers = new Map<string, NodeJS.Timeout>();
  #waiters: (() => void)[] = [];
  readonly #abort = new AbortController();

  constructor(
    private readonly options: NotifierOptions,
    private readonly outbox: DeliveryJob[],
    private readonly persist: () => void,
  ) {
    // Resume what a previous run left (a restart while deliveries were being retried).
    for (const job of outbox) this.#schedule(job);
  }

  /**
   * Queues the notification (plus the configured duplicates). `thenResend`, if given, is delivered again after the
   * first copy's delivery ended: an older event arriving after a newer one.
   */
  send(notification: PaymentNotification, thenResend?: PaymentNotification): void {
    const copies = 1 + Math.max(0, Math.floor(this.options.duplicates));
    const now = Date.now();
    const jobs: DeliveryJob[] = [];
    for (let i = 0; i < copies; i++) {
      // Duplicates are spread a little, as real repeats are.
      const job: DeliveryJob = { key: randomUUID(), notification, attempt: 1, dueAt: now + 10 * i };
      if (i === 0 && thenResend) job.thenResend = thenResend;
      jobs.push(job);
    }
    this.outbox.push(...jobs);
    this.persist();
    for (const job of jobs) this.#schedule(job);
  }

  /** Resolves when the outbox is empty: every delivery (with its retries) has ended. */
  idle(): Promise<void> {
    if (this.#settled()) return Promise.resolve();
    return new Promise((resolve) => this.#waiters.push(resolve));
  }

  /** Stops timers and in-flight deliveries (on server close); what is left stays in the outbox for the next start. */
  close(): void {
    this.#abort.abort();
    for (const timer of this.#timers.values()) clearTimeout(timer);
    this.#timers.clear();
  }

  #settled(): boolean {
    return this.outbox.length === 0 && this.#running === 0;
  }

  #schedule(job: DeliveryJob): void {
    if (this.#abort.signal.aborted) return;
    const timer = setTimeout(
      () => {
        this.#timers.delete(job.key);
        this.#running++;
        void this.#run(job)
          .catch((err: unknown) => this.options.log.error({ err }, 'payment sandbox: notification delivery failed'))
          .finally(() => {
            this.#running--;
            if (this.#settled()) for (const resolve of this.#waiters.splice(0)) resolve();
          });
      },
      Math.max(0, job.dueAt - Date.now()),
    );
    this.#timers.set(job.key, timer);
  }

  #remove(job: DeliveryJob): void {
    const i = this.outbox.indexOf(job);
    if (i >= 0) this.outbox.splice(i, 1);
  }

  async #run(job: DeliveryJob): Promise<void> {
    const { retry, log } = this.options;
    const n = job.notification;
    const ok = await this.#attempt(n, job.attempt);
    if (this.#abort.signal.aborted) return;
    if (ok || job.attempt >= retry.attempts) {
      if (!ok) log.warn({ notification: n.id, action: n.action, attempts: job.attempt }, 'payment sandbox: notification given up');
      this.#remove(job);
      if (job.thenResend) {
        const late: DeliveryJob = { key: randomUUID(), notification: job.thenResend, attempt: 1, dueAt: Date.now() };
        this.outbox.push(late);
        this.#schedule(late);
      }
      this.persist();
      return;
    }
    const delay = Math.min(retry.baseDelayMs * 2 ** (job.attempt - 1), retry.maxDelayMs);
    log.info({ notification: n.id, attempt: job.attempt, retryInMs: delay }, 'payment sandbox: notification failed, will retry');
    job.attempt++;
    job.dueAt = Date.now() + delay;
    this.persist();
    this.#schedule(job);
  }

  /** One signed POST; true when the receiver answered 2xx. */
  async #attempt(n: PaymentNotification, attempt: number): Promise<boolean> {
    const { retry, secret, userId, log } = this.options;
    const topic = n.topic ?? 'payment';
    const url = notificationTarget(n.notificationUrl, n.dataId, topic);
    const body = JSON.stringify(notificationBody(n, userId));
    // Each request has its own x-request-id (and so its own signature), retries and duplicates included.
    const requestId = randomUUID();
    const record: DeliveryAttempt = {
      notificationId: n.id,
      topic,
      action: n.action,
      dataId: n.dataId,
      url,
      requestId,
      attempt,
      at: new Date().toISOString(),
      status: null,
      error: null,
    };
    try {
      const res = await fetch(url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'user-agent': `MercadoPago WebHook v1.0 ${topic} (sandbox)`,
          'x-request-id': requestId,
          'x-signature': signNotification(secret, n.dataId, requestId),
        },
        body,
        redirect: 'manual',
        signal: AbortSignal.any([this.#abort.signal, AbortSignal.timeout(retry.timeoutMs)]),
      });
      record.status = res.status;
      await res.arrayBuffer().catch(() => undefined);
      if (!res.ok) record.error = `HTTP ${res.status}`;
    } catch (err) {
      record.error = err instanceof Error ? err.message : String(err);
    }
    if (this.#abort.signal.aborted) return false;
    this.#record(record);
    if (!record.error)
      log.info({ notification: n.id, action: n.action, attempt, status: record.status }, 'payment sandbox: notification delivered');
    return !record.error;
  }

  #record(attempt: DeliveryAttempt): void {
    this.attempts.push(attempt);
    if (this.attempts.length > 500) this.attempts.splice(0, this.attempts.length - 500);
  }
}
