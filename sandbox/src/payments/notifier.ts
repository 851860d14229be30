import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyBaseLogger } from 'fastify';
import { signNotification } from './signature';

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

/** One webhook event about one payment. Its `id` stays the same across retries and duplicates, as the provider's. */
export interface PaymentNotification {
  id: number;
  action: 'payment.created' | 'payment.updated';
  dataId: string;
  notificationUrl: string;
  dateCreated: string;
}

/** A delivery attempt, kept (in memory, the latest 500) for `GET /sandbox/notifications.json`. */
export interface DeliveryAttempt {
  notificationId: number;
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
export function notificationTarget(notificationUrl: string, dataId: string): string {
  const sep = notificationUrl.includes('?') ? '&' : '?';
  return `${notificationUrl}${sep}data.id=${encodeURIComponent(dataId)}&type=payment`;
}

/** Posts signed webhook notifications asynchronously, retrying with backoff; never blocks the caller. */
export class Notifier {
  readonly attempts: DeliveryAttempt[] = [];
  #pending = 0;
  #waiters: (() => void)[] = [];
  readonly #abort = new AbortController();

  constructor(private readonly options: NotifierOptions) {}

  /**
   * Schedules the notification (plus the configured duplicates). `thenResend`, if given, is delivered again after the
   * first delivery of `notification` ended: an older event arriving after a newer one.
   */
  send(notification: PaymentNotification, thenResend?: PaymentNotification): void {
    const copies = 1 + Math.max(0, Math.floor(this.options.duplicates));
    for (let i = 0; i < copies; i++) {
      this.#track(async () => {
        // Duplicates are spread a little, as real repeats are.
        if (i > 0) await sleep(10 * i, undefined, { signal: this.#abort.signal });
        await this.#deliver(notification);
        if (i === 0 && thenResend) await this.#deliver(thenResend);
      });
    }
  }

  /** Resolves when every scheduled delivery (with its retries) has ended. */
  idle(): Promise<void> {
    if (this.#pending === 0) return Promise.resolve();
    return new Promise((resolve) => this.#waiters.push(resolve));
  }

  /** Stops retries and in-flight deliveries (on server close). */
  close(): void {
    this.#abort.abort();
  }

  #track(task: () => Promise<void>): void {
    this.#pending++;
    void task()
      .catch((err: unknown) => {
        if (!this.#abort.signal.aborted) this.options.log.error({ err }, 'payment sandbox: notification task failed');
      })
      .finally(() => {
        this.#pending--;
        if (this.#pending === 0) for (const resolve of this.#waiters.splice(0)) resolve();
      });
  }

  async #deliver(n: PaymentNotification): Promise<void> {
    const { retry, secret, userId, log } = this.options;
    const url = notificationTarget(n.notificationUrl, n.dataId);
    const body = JSON.stringify({
      action: n.action,
      api_version: 'v1',
      data: { id: n.dataId },
      date_created: n.dateCreated,
      id: n.id,
      live_mode: false,
      type: 'payment',
      user_id: userId,
    });
    for (let attempt = 1; attempt <= retry.attempts; attempt++) {
      if (this.#abort.signal.aborted) return;
      const requestId = randomUUID();
      const record: DeliveryAttempt = {
        notificationId: n.id,
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
            'user-agent': 'MercadoPago WebHook v1.0 payment (sandbox)',
            'x-request-id': requestId,
            'x-signature': signNotification(secret, n.dataId, requestId),
          },
          body,
          redirect: 'manual',
          signal: AbortSignal.any([this.#abort.signal, AbortSignal.timeout(retry.timeoutMs)]),
        });
        record.status = res.status;
        await res.arrayBuffer().catch(() => undefined);
        if (res.ok) {
          this.#record(record);
          log.info({ notification: n.id, action: n.action, attempt, status: res.status }, 'payment sandbox: notification delivered');
          return;
        }
        record.error = `HTTP ${res.status}`;
      } catch (err) {
        record.error = err instanceof Error ? err.message : String(err);
      }
      this.#record(record);
      if (this.#abort.signal.aborted) return;
      if (attempt === retry.attempts) {
        log.warn(
          { notification: n.id, action: n.action, attempts: attempt, error: record.error },
          'payment sandbox: notification given up',
        );
        return;
      }
      const delay = Math.min(retry.baseDelayMs * 2 ** (attempt - 1), retry.maxDelayMs);
      log.info({ notification: n.id, attempt, error: record.error, retryInMs: delay }, 'payment sandbox: notification failed, will retry');
      await sleep(delay, undefined, { signal: this.#abort.signal }).catch(() => undefined);
    }
  }

  #record(attempt: DeliveryAttempt): void {
    this.attempts.push(attempt);
    if (this.attempts.length > 500) this.attempts.splice(0, this.attempts.length - 500);
  }
}
