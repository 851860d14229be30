import type { FastifyInstance, FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { Selectable } from 'kysely';
import type { Operation } from '../../api/operation';
import type { PayableDeclaration } from '../../payments/staff-operations';
import {
  paymentNotificationResponseSchema,
  type paymentStatusRequestSchema,
  type PaymentNotificationResponse,
  type PaymentStatusResponse,
} from '../../payments/schemas';
import type { z } from '../../schemas/zod';
import type { ApiContext } from '../api-contract';
import { publicWebhook, publicWrite } from '../api-module';
import type {
  Database,
  PayableTableName,
  PaymentDiscrepanciesTableName,
  PaymentEventSource,
  PaymentEventsTableName,
  PaymentNotificationsTableName,
  SiteDb,
} from '../database';
import { ApiError, zodResponse } from '../http';
import { route } from '../operation-routes';
import {
  applyProviderPayment,
  rememberNotification,
  wasNotificationProcessed,
  type AdmissionRefusal,
  type PayableAdmission,
} from './apply';
import { isReversal, tellTeamOfReversal } from './reversals';
import { claimMatches } from './claim';
import type { ProviderPayment } from './provider';
import { verifyNotificationSignature } from './signature';

export interface PaymentRoutesOptions<T extends PayableTableName, R extends object> {
  /**
   * What is paid, as the domain declares it (`remote-<domain>/manifest/payables.ts`): its domain is the OpenAPI tag and
   * log label, and with its name it keeps the panel's review and the reconciliation job of each payable apart.
   */
  payable: PayableDeclaration;
  /**
   * The team's e-mail when a payment of it is refunded or charged back: what it was (`Inscripción a un curso`) and what
   * the reversal means for the record (`El curso ya no aparece en Mis Cursos de esa persona.`).
   */
  reversal: { concept: string; note: string };
  /** Table of payable records, e.g. `courses.enrolments`. */
  table: T;
  /** The amount the server priced the record at, in whole COP (a payment must pay exactly this). */
  amountOf: (record: Selectable<Database[T]>) => number;
  /** Table remembering processed notifications, e.g. `courses.payment_notifications`. */
  notificationsTable: PaymentNotificationsTableName;
  /** Payments that could not be applied (amount or currency mismatch, unknown reference), e.g. `courses.payment_discrepancies`. */
  discrepanciesTable: PaymentDiscrepanciesTableName;
  /** Every status reported for a record's payments, e.g. `courses.payment_events`. */
  eventsTable: PaymentEventsTableName;
  /** How long a provider read answers repeated status checks of one payment (default 5 s). */
  statusCacheMs?: number;
  /** What the status check tells the paying browser the payment was for, read from the record (never from the request). */
  receipt: (record: Selectable<Database[T]>) => R;
  /**
   * The result pages' status check as the domain declares it (#27, `POST /api/<domain>/payments/status`): its body is
   * `paymentStatusRequestSchema`, its answer `paymentStatusResponseSchema` extended with the receipt's fields.
   */
  statusOperation: PaymentStatusOperation<R>;
  /** Runs after the provider's report was applied (in its own transaction); `firstApproval` is true once per record. */
  afterApply?: (ctx: ApiContext, record: Selectable<Database[T]>, payment: ProviderPayment, firstApproval: boolean) => Promise<void>;
  /** The domain's own condition on a report, checked in its transaction (courses: a seat for the payment). */
  admit?: PayableAdmission<T>;
  /** Runs once when the domain's `admit` refused a payment for the first time (courses: the payer is told the team will look). */
  afterRefusal?: (ctx: ApiContext, record: Selectable<Database[T]>, payment: ProviderPayment, refusal: AdmissionRefusal) => Promise<void>;
  /**
   * Records whose payment's own deadline passed with no final word from the provider (courses: seats held by PSE/Efecty
   * payments): each reconciliation asks the provider about them, whatever their age, then `release` ends what is still
   * waiting among those it could read (see reconcile.ts).
   */
  lapsed?: {
    due: (db: SiteDb, now: Date, limit: number) => Promise<string[]>;
    release: (ctx: ApiContext, references: string[], now: Date, log: WarnLog) => Promise<number>;
  };
}

/** A domain's declared status check: the claim and payment in, the payment and the domain's receipt out. */
export type PaymentStatusOperation<R extends object> = Operation<
  `/api/${string}/payments/status`,
  undefined,
  undefined,
  typeof paymentStatusRequestSchema,
  z.ZodMiniType<PaymentStatusResponse & R>
>;

/** What a payment report is applied with and by: the record's domain, its tables and its follow-up. */
export type PayableOptions<T extends PayableTableName> = Pick<
  PaymentRoutesOptions<T, object>,
  'payable' | 'reversal' | 'table' | 'amountOf' | 'discrepanciesTable' | 'eventsTable' | 'afterApply' | 'admit' | 'afterRefusal' | 'lapsed'
>;

/** A payable's label in logs: `courses/enrolments`. */
export const payableTag = (payable: PayableDeclaration) => `${payable.domain}/${payable.name}`;

type WarnLog = { warn: (o: object, m: string) => void };

/**
 * Applies a provider's report to its record and runs what follows, the same for a notification, a status check and
 * reconciliation: the domain's `afterApply` (enrolment, receipt…), and a word to the team when a payment was refunded
 * or charged back (money left the foundation; someone must look).
 */
export function payableApplier<T extends PayableTableName>(ctx: ApiContext, options: PayableOptions<T>) {
  const target = {
    table: options.table,
    amountOf: options.amountOf,
    discrepanciesTable: options.discrepanciesTable,
    eventsTable: options.eventsTable,
    admit: options.admit,
  };
  return async (payment: ProviderPayment, source: PaymentEventSource, log: WarnLog) => {
    const result = await applyProviderPayment(ctx.db, target, payment, source);
    if (result.discrepancy)
      log.warn({ tag: payableTag(options.payable), kind: result.discrepancy, paymentId: payment.id }, 'payment not applied');
    if (result.discrepancy === 'seat_unavailable' && result.firstNoted && result.record)
      await options.afterRefusal?.(ctx, result.record, payment, result.discrepancy);
    if (result.applied && result.record) {
      await options.afterApply?.(ctx, result.record, payment, result.firstApproval);
      if (result.changed && isReversal(payment.status) && payment.external_reference)
        await tellTeamOfReversal(ctx, options, payment.external_reference, payment, log);
    }
    return result;
  };
}

const providerDown = 'No pudimos comunicarnos con la pasarela de pagos. Intenta de nuevo en unos minutos.';
const paymentNotFound = 'No encontramos ese pago.';
const paymentNotConfirmed = 'No pudimos confirmar este pago. Nuestro equipo lo revisará y te escribiremos al correo que registraste.';
/** The same answer for an unknown reference and a wrong claim: a guessed reference learns nothing. */
const notThisBrowser = 'No podemos mostrar este pago en este navegador. Te enviamos el resultado al correo que registraste.';

/** A few seconds of memory per payment id, so repeated checks cannot spend the merchant's API quota. */
function providerReadCache(ttlMs: number, maxEntries = 1000) {
  const entries = new Map<string, { at: Date; payment: ProviderPayment | null }>();
  return {
    get(id: string) {
      const hit = entries.get(id);
      return hit && Date.now() - hit.at.getTime() < ttlMs ? hit : undefined;
    },
    set(id: string, payment: ProviderPayment | null) {
      if (entries.size >= maxEntries) entries.delete(entries.keys().next().value as string);
      const entry = { at: new Date(), payment };
      entries.set(id, entry);
      return entry;
    },
  };
}

/**
 * One payable of a domain, ready for `paymentRoutes`: its options checked against its table's types, then kept behind
 * what the routes need, so a domain's payables of different tables go in one list.
 */
export interface DomainPayable {
  payable: PayableDeclaration;
  table: PayableTableName;
  notificationsTable: PaymentNotificationsTableName;
  statusCacheMs: number | undefined;
  /** The report applier of its records (payableApplier). */
  applierFor(ctx: ApiContext): (payment: ProviderPayment, source: PaymentEventSource, log: WarnLog) => Promise<{ applied: boolean }>;
  /** Registers its result pages' status check. */
  registerStatus(app: FastifyInstance, ctx: ApiContext, readPayment: ReadPayment): void;
}

type ReadPayment = (id: string, fresh: boolean) => Promise<{ at: Date; payment: ProviderPayment | null }>;

/** A payable of the domain, for `paymentRoutes`. */
export function domainPayable<T extends PayableTableName, R extends object>(options: PaymentRoutesOptions<T, R>): DomainPayable {
  return {
    payable: options.payable,
    table: options.table,
    notificationsTable: options.notificationsTable,
    statusCacheMs: options.statusCacheMs,
    applierFor: (ctx) => payableApplier(ctx, options),
    registerStatus(app, ctx, readPayment) {
      const apply = payableApplier(ctx, options);
      route(
        app,
        options.statusOperation,
        async (request) => {
          const { payment_id: paymentId, external_reference: reference, claim_secret: secret } = request.body;
          // The claim is checked before the provider is asked: without it a request costs one indexed read, nothing more.
          const table: PayableTableName = options.table;
          const record = await ctx.db
            .selectFrom(table)
            .select(['reference', 'claim_hash'])
            .where('reference', '=', reference)
            .executeTakeFirst();
          if (!record || !claimMatches(record.claim_hash, secret)) throw new ApiError(403, 'claim_required', notThisBrowser);
          const { payment, at } = await readPayment(paymentId, false);
          if (!payment || payment.external_reference !== reference) throw new ApiError(404, 'not_found', paymentNotFound);
          const result = await apply(payment, 'status_check', request.log);
          if (result.discrepancy) throw new ApiError(409, 'payment_not_confirmed', paymentNotConfirmed);
          if (!result.record) throw new ApiError(404, 'not_found', paymentNotFound);
          const answer: PaymentStatusResponse & R = {
            payment_id: payment.id,
            status: payment.status,
            status_detail: payment.status_detail,
            payment_type: payment.payment_type_id,
            payment_method: payment.payment_method_id,
            external_reference: reference,
            amount: payment.transaction_amount,
            date_created: payment.date_created,
            date_approved: payment.date_approved,
            checked_at: at.toISOString(),
            ...options.receipt(result.record),
          };
          return answer;
        },
        { config: publicWrite(ctx.settings) },
      );
    },
  };
}

/**
 * A domain's payments API: the provider's signed notifications, one route for all its payables (the provider is given
 * one address per domain, `/api/<domain>/payments/notifications`; a report goes to the payable whose table holds its
 * reference, and one that none holds is noted on the first's), and each payable's result pages' status check. A
 * payment's status is only ever what the server read from the provider, applied so it only moves forward.
 */
export function paymentRoutes(first: DomainPayable, ...more: DomainPayable[]): FastifyPluginAsync<ApiContext> {
  const payables = [first, ...more];
  return async (app, ctx) => {
    const cache = providerReadCache(first.statusCacheMs ?? 5000);
    /** The provider's report of a payment and when it was read (a cached read keeps its time). */
    const readPayment: ReadPayment = async (id, fresh) => {
      const hit = fresh ? undefined : cache.get(id);
      if (hit) return hit;
      try {
        return cache.set(id, await ctx.payments.getPayment(id));
      } catch {
        // 503 so the provider retries its notification later.
        throw new ApiError(503, 'payment_provider_unavailable', providerDown);
      }
    };
    const appliers = payables.map((p) => ({ table: p.table, apply: p.applierFor(ctx) }));
    /** The payable whose table holds the reference; the first one notes a reference nobody issued. */
    const applierOf = async (reference: string | null) => {
      if (reference && appliers.length > 1)
        for (const a of appliers) {
          const table: PayableTableName = a.table;
          if (await ctx.db.selectFrom(table).select('reference').where('reference', '=', reference).executeTakeFirst()) return a.apply;
        }
      return (appliers[0] as (typeof appliers)[number]).apply;
    };
    const tag = first.payable.domain;
    const notificationsTable = first.notificationsTable;

    app.post<{ Querystring: Record<string, string | undefined>; Reply: PaymentNotificationResponse }>(
      '/payments/notifications',
      {
        config: publicWebhook(ctx.settings),
        schema: {
          tags: [tag],
          summary: 'Notificación firmada de la pasarela de pagos',
          response: { 200: zodResponse(paymentNotificationResponseSchema) },
        },
      },
      async (request, reply) => {
        const { type, dataId, requestId } = signedNotification(request, ctx.settings.paymentWebhookSecret, {
          tag,
          refused: 'payment notification refused',
        });
        if (type !== 'payment' || !dataId) return reply.status(200).send({ received: true, ignored: true });
        if (await wasNotificationProcessed(ctx.db, notificationsTable, requestId as string)) {
          return reply.status(200).send({ received: true, duplicate: true });
        }
        const { payment } = await readPayment(dataId, true);
        if (!payment) return reply.status(200).send({ received: true, unknownPayment: true });
        const apply = await applierOf(payment.external_reference);
        const result = await apply(payment, 'notification', request.log);
        await rememberNotification(ctx.db, notificationsTable, requestId as string, dataId);
        return reply.status(200).send({ received: true, applied: result.applied });
      },
    );

    for (const p of payables) p.registerStatus(app, ctx, readPayment);
  };
}

/**
 * A provider notification's topic, data id and request id, once its signature (x-signature over the data id and
 * x-request-id) checks out with the webhook secret; a 401 in Spanish otherwise. Every notification route reads them so
 * (payments here, monthly gifts' subscriptions in the giving domain); the body is never trusted beyond its `type`.
 */
export function signedNotification(
  request: FastifyRequest<{ Querystring: Record<string, string | undefined> }>,
  secret: string,
  log: { tag: string; refused: string },
): { type: string | undefined; dataId: string | undefined; requestId: string | undefined } {
  const query = request.query;
  const body = (request.body && typeof request.body === 'object' ? request.body : {}) as { type?: string };
  const type = query.type ?? query.topic ?? body.type;
  const dataId = query['data.id'] ?? query.id;
  const requestHeader = request.headers['x-request-id'];
  const requestId = typeof requestHeader === 'string' ? requestHeader : undefined;
  const signature = request.headers['x-signature'];
  const check = verifyNotificationSignature({
    secret,
    signature: typeof signature === 'string' ? signature : undefined,
    requestId,
    dataId,
  });
  if (!check.ok) {
    request.log.warn({ reason: check.reason, tag: log.tag }, log.refused);
    throw new ApiError(401, 'invalid_signature', 'Notificación no autorizada.');
  }
  return { type, dataId, requestId };
}
