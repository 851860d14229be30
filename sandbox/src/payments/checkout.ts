// The hosted checkout the payer's browser sees at init_point: the page, its one stylesheet, and the plain forms that
// pay by card (outcome by cardholder name), PSE or Efecty and send the payer back with the provider's parameters.
import { readFileSync } from 'node:fs';
import type { FastifyPluginCallback, FastifyReply } from 'fastify';
import { backUrlKind, cardOutcome, efectyOutcome, pseOutcome, type Outcome } from './outcomes';
import { checkoutPage, htmlHeaders, messagePage, resultPage } from './pages';
import type { Payments } from './payments';
import type { PreferenceRecord, SandboxStore } from './store';
import { isObject } from './validators';

export interface CheckoutOptions {
  store: SandboxStore;
  payments: Payments;
}

const css = readFileSync(new URL('./checkout.css', import.meta.url), 'utf8');

export const checkout: FastifyPluginCallback<CheckoutOptions> = (app, { store, payments }, done) => {
  app.get('/checkout/static/checkout.css', async (_request, reply) =>
    reply.type('text/css; charset=utf-8').header('cache-control', 'public, max-age=3600').send(css),
  );
  app.get('/favicon.ico', async (_request, reply) => reply.status(204).header('cache-control', 'public, max-age=86400').send());

  /** The preference a payer may pay now, or the page explaining why not. */
  const payablePreference = (prefId: unknown, reply: FastifyReply): PreferenceRecord | null => {
    const pref = typeof prefId === 'string' ? store.state.preferences[prefId] : undefined;
    if (!pref) {
      void htmlHeaders(reply.status(404)).send(messagePage('Pago no encontrado', 'El enlace de pago no existe o ya no es válido.'));
      return null;
    }
    const now = Date.now();
    if (pref.expiration_date_from && Date.parse(pref.expiration_date_from) > now) {
      void htmlHeaders(reply.status(409)).send(messagePage('Pago aún no disponible', 'Este enlace de pago todavía no está habilitado.'));
      return null;
    }
    if (pref.expiration_date_to && Date.parse(pref.expiration_date_to) < now) {
      void htmlHeaders(reply.status(410)).send(
        messagePage('Enlace de pago vencido', 'Este enlace de pago venció. Vuelve al sitio e inicia el pago de nuevo.'),
      );
      return null;
    }
    return pref;
  };

  app.get<{ Querystring: { pref_id?: string } }>('/checkout/v1/redirect', async (request, reply) => {
    const pref = payablePreference(request.query.pref_id, reply);
    if (!pref) return reply;
    return htmlHeaders(reply, Object.values(pref.back_urls)).send(checkoutPage(pref));
  });

  app.post<{ Body: Record<string, string | undefined> }>('/checkout/v1/pay', async (request, reply) => {
    const body = isObject(request.body) ? (request.body as Record<string, unknown>) : {};
    const pref = payablePreference(body.pref_id, reply);
    if (!pref) return reply;
    const method = body.payment_method;
    let outcome: Outcome;
    let cardholderName = '';
    if (method === 'pse') outcome = pseOutcome;
    else if (method === 'efecty') outcome = efectyOutcome;
    else if (method === 'card') {
      cardholderName = typeof body.cardholder_name === 'string' ? body.cardholder_name.trim().slice(0, 100) : '';
      if (!cardholderName) {
        return htmlHeaders(reply.status(400), Object.values(pref.back_urls)).send(
          checkoutPage(pref, { cardholderName: '', message: 'Ingresa el nombre del titular como aparece en la tarjeta.' }),
        );
      }
      outcome = cardOutcome(cardholderName);
    } else {
      return htmlHeaders(reply.status(400)).send(messagePage('Medio de pago no válido', 'Elige tarjeta, PSE o Efecty.'));
    }
    const payment = payments.create(pref, method, outcome, cardholderName);
    const target = pref.back_urls[backUrlKind(payment.status)];
    if (!target) return reply.status(303).header('location', `/checkout/v1/congrats?payment_id=${payment.id}`).send();
    // The provider's real return parameters; status_detail is deliberately not among them.
    const params = new URLSearchParams({
      collection_id: String(payment.id),
      collection_status: payment.status,
      payment_id: String(payment.id),
      status: payment.status,
      external_reference: payment.external_reference ?? 'null',
      payment_type: payment.payment_type_id,
      merchant_order_id: String(payment.order?.id ?? 'null'),
      preference_id: pref.id,
      site_id: 'MCO',
      processing_mode: 'aggregator',
      merchant_account_id: 'null',
    });
    const location = `${target}${target.includes('?') ? '&' : '?'}${params.toString()}`;
    return reply.status(303).header('location', location).send();
  });

  app.get<{ Querystring: { payment_id?: string } }>('/checkout/v1/congrats', async (request, reply) => {
    const payment = store.state.payments[request.query.payment_id ?? ''];
    if (!payment) return htmlHeaders(reply.status(404)).send(messagePage('Pago no encontrado', 'No encontramos ese pago.'));
    return htmlHeaders(reply).send(resultPage(payment));
  });

  done();
};
