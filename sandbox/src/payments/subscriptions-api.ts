// The subscriptions side of the stand-in: the provider's API (`/preapproval`, `/authorized_payments`, behind the
// same bearer token as the payments API) and the hosted page at a preapproval's init_point where the payer
// authorizes it with a card.
import type { FastifyPluginCallback, FastifyReply, FastifyRequest } from 'fastify';
import { htmlHeaders, layout, messagePage } from './pages';
import { bearerToken } from './provider-api';
import { authorizationPage } from './subscription-pages';
import type { AuthorizationForm, Subscriptions } from './subscriptions';
import { isObject } from './validators';

export interface SubscriptionsApiOptions {
  subscriptions: Subscriptions;
  accessToken: string;
  /** Base of init_point as the payer's browser reaches it; default: the request's host. */
  publicUrl?: string | undefined;
}

type Query = Record<string, string | undefined>;

export const subscriptionsApi: FastifyPluginCallback<SubscriptionsApiOptions> = (app, { subscriptions, accessToken, publicUrl }, done) => {
  const baseUrl = (request: FastifyRequest) => (publicUrl ?? `${request.protocol}://${request.host}`).replace(/\/$/, '');
  const onRequest = bearerToken(accessToken);

  // The SDK posts to `/preapproval/` (trailing slash); the router ignores it.
  app.post('/preapproval', { onRequest }, async (request, reply) =>
    reply.status(201).send(subscriptions.create(request.body, baseUrl(request))),
  );
  app.get<{ Querystring: Query }>('/preapproval/search', { onRequest }, async (request) => subscriptions.search(request.query));
  app.get<{ Params: { id: string } }>('/preapproval/:id', { onRequest }, async (request) => subscriptions.get(request.params.id));
  app.put<{ Params: { id: string } }>('/preapproval/:id', { onRequest }, async (request) =>
    subscriptions.update(request.params.id, request.body),
  );
  app.get<{ Querystring: Query }>('/authorized_payments/search', { onRequest }, async (request) =>
    subscriptions.searchAuthorizedPayments(request.query),
  );
  app.get<{ Params: { id: string } }>('/authorized_payments/:id', { onRequest }, async (request) =>
    subscriptions.authorizedPayment(request.params.id),
  );

  const nowMs = () => subscriptions.now().getTime();
  const unavailable = (reply: FastifyReply, status: number, title: string, message: string) =>
    htmlHeaders(reply.status(status)).send(messagePage(title, message));

  app.get<{ Querystring: { preapproval_id?: string } }>('/subscriptions/checkout', async (request, reply) => {
    subscriptions.runDue();
    const pre = subscriptions.record(request.query.preapproval_id ?? '');
    if (!pre) return unavailable(reply, 404, 'Suscripción no encontrada', 'El enlace no existe o ya no es válido.');
    if (pre.status !== 'pending')
      return unavailable(
        reply,
        409,
        pre.status === 'cancelled' ? 'Suscripción cancelada' : 'Suscripción ya autorizada',
        pre.status === 'cancelled'
          ? 'Esta suscripción fue cancelada. Vuelve al sitio para crear una nueva.'
          : 'Esta suscripción ya fue autorizada; no hace falta hacerlo de nuevo.',
      );
    return htmlHeaders(reply, [pre.back_url]).send(authorizationPage(pre, layout, { nowMs: nowMs() }));
  });

  app.post('/subscriptions/checkout/authorize', async (request, reply) => {
    const form: AuthorizationForm = isObject(request.body) ? request.body : {};
    const result = subscriptions.authorize(form);
    if (result.kind === 'unavailable') return unavailable(reply, result.status, result.title, result.message);
    const pre = result.preapproval;
    const values = Object.fromEntries(
      Object.entries(form).flatMap(([k, v]) => (typeof v === 'string' && k !== 'security_code' ? [[k, v.slice(0, 254)]] : [])),
    );
    if (result.kind === 'invalid')
      return htmlHeaders(reply.status(400), [pre.back_url]).send(
        authorizationPage(pre, layout, { values, errors: result.errors, nowMs: nowMs() }),
      );
    if (result.kind === 'rejected')
      return htmlHeaders(reply.status(402), [pre.back_url]).send(
        authorizationPage(pre, layout, {
          values,
          rejected: `El primer cobro fue rechazado (${result.payment.status_detail}) y la suscripción no quedó autorizada. Prueba con otra tarjeta.`,
          nowMs: nowMs(),
        }),
      );
    // Back to the site with the preapproval's id, as the provider returns the payer.
    const target = pre.back_url;
    const location = `${target}${target.includes('?') ? '&' : '?'}preapproval_id=${encodeURIComponent(pre.id)}`;
    return reply.status(303).header('location', location).send();
  });

  done();
};
