// The developer's and the tests' side of the sandbox, which the real provider has no equivalent of: `/sandbox` lists
// every payment and settles the pending ones (a plain form, or JSON), and the delivery log shows each webhook attempt.
import type { FastifyPluginCallback } from 'fastify';
import type { Notifier } from './notifier';
import { controlPage, htmlHeaders } from './pages';
import type { Payments } from './payments';
import { subscriptionsSection } from './subscription-pages';
import type { Subscriptions } from './subscriptions';
import { isObject } from './validators';

export interface ControlPanelOptions {
  payments: Payments;
  subscriptions: Subscriptions;
  notifier: Notifier;
}

export const controlPanel: FastifyPluginCallback<ControlPanelOptions> = (app, { payments, subscriptions, notifier }, done) => {
  app.get('/sandbox', async (_request, reply) => {
    subscriptions.runDue();
    const section = subscriptionsSection(
      subscriptions.all(),
      (id) => subscriptions.searchAuthorizedPayments({ preapproval_id: id, limit: '100' }).results,
      subscriptions.clock(),
      subscriptions.webhookUrl(),
    );
    return htmlHeaders(reply).send(controlPage(payments.all(), section));
  });
  app.get('/sandbox/payments.json', async () => payments.all());
  app.get('/sandbox/notifications.json', async () => notifier.attempts);
  app.post<{ Params: { id: string } }>('/sandbox/payments/:id/settle', async (request, reply) => {
    const fromForm = (request.headers['content-type'] ?? '').startsWith('application/x-www-form-urlencoded');
    const body = isObject(request.body) ? request.body : {};
    const payment = payments.settle(request.params.id, body.status);
    // The page's buttons are plain forms: back to the list, which now shows the new status.
    if (fromForm) return reply.status(303).header('location', '/sandbox').send();
    return payment;
  });
  // The deadline of a pending Efecty/PSE payment, brought to now: it expires (cancelled / expired) and is notified.
  app.post<{ Params: { id: string } }>('/sandbox/payments/:id/expire', async (request, reply) => {
    const fromForm = (request.headers['content-type'] ?? '').startsWith('application/x-www-form-urlencoded');
    const payment = payments.expireNow(request.params.id);
    if (fromForm) return reply.status(303).header('location', '/sandbox').send();
    return payment;
  });
  // A refund or chargeback of an approved payment (JSON `{"status":"refunded"|"charged_back"}` or the page's form).
  app.post<{ Params: { id: string } }>('/sandbox/payments/:id/reverse', async (request, reply) => {
    const fromForm = (request.headers['content-type'] ?? '').startsWith('application/x-www-form-urlencoded');
    const body = isObject(request.body) ? request.body : {};
    const payment = payments.reverse(request.params.id, body.status);
    if (fromForm) return reply.status(303).header('location', '/sandbox').send();
    return payment;
  });
  // Tests of a lost notification: `{"external_reference": "..."}` or `{"payer_email": "..."}` → never notified
  // (`"drop": false` delivers them again).
  app.post('/sandbox/notifications/drop', async (request) => {
    const body = isObject(request.body) ? request.body : {};
    return payments.dropNotifications(body);
  });
  // The clock subscriptions are charged by: read it, or move it forward (each charge that falls due runs, in order).
  app.get('/sandbox/clock', async () => subscriptions.clock());
  app.post('/sandbox/clock/advance', async (request, reply) => {
    const fromForm = (request.headers['content-type'] ?? '').startsWith('application/x-www-form-urlencoded');
    const body = isObject(request.body) ? request.body : {};
    const result = subscriptions.advance(fromForm && typeof body.days === 'string' ? Number(body.days) : body.days);
    if (fromForm) return reply.status(303).header('location', '/sandbox#suscripciones').send();
    return result;
  });
  // Tests only: the clock put at a date, back or forward (`{"now": "2025-09-15T12:00:00.000-05:00"}`).
  app.post('/sandbox/clock/set', async (request) => subscriptions.setClock(isObject(request.body) ? request.body.now : undefined));
  app.get('/sandbox/subscriptions.json', async () => {
    subscriptions.runDue();
    return subscriptions.all();
  });
  // Outcomes of a subscription's next charge attempts, retries included: `{"outcomes": ["rejected", "approved"]}`.
  app.post<{ Params: { id: string } }>('/sandbox/subscriptions/:id/next-charges', async (request) =>
    subscriptions.setNextCharges(request.params.id, request.body),
  );
  // The account's webhook URL for subscription topics (the provider's application settings): `{"url": "..."}`.
  app.post('/sandbox/subscriptions/webhook', async (request) => subscriptions.setWebhookUrl(request.body));
  done();
};
