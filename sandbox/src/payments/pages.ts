import type { FastifyReply } from 'fastify';
import { formatCOP } from 'shared/format/money';
import type { PaymentRecord, PreferenceRecord } from './store';
import { isHttpUrl } from './validators';

/** Escapes text for HTML content and attribute values. */
export function esc(value: unknown): string {
  return String(value ?? '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

/**
 * The headers every sandbox page goes out with: no caching, no scripts (CSP), and forms that may post only here or to
 * `formTargets`, because form-action also governs where a form's redirect may go (the back_urls' origins).
 */
export function htmlHeaders(reply: FastifyReply, formTargets: string[] = []): FastifyReply {
  const origins = [...new Set(formTargets.filter(isHttpUrl).map((u) => new URL(u).origin))];
  return reply
    .type('text/html; charset=utf-8')
    .header('cache-control', 'no-store')
    .header('x-content-type-options', 'nosniff')
    .header('referrer-policy', 'no-referrer')
    .header(
      'content-security-policy',
      `default-src 'none'; style-src 'self'; img-src 'self'; base-uri 'none'; frame-ancestors 'none'; form-action 'self' ${origins.join(' ')}`.trim(),
    );
}

export const preferenceTotal = (pref: PreferenceRecord): number =>
  pref.items.reduce((sum, item) => sum + item.quantity * item.unit_price, 0);

/** The test card the provider documents for Colombia (Mastercard); the cardholder name decides the outcome. */
export const testCard = { number: '5254 1336 7440 3564', expiration: '11/30', securityCode: '123' };
/** The test card's expiry as a payment reports it (`card.expiration_month` / `card.expiration_year`). */
export const testCardExpiry = { month: 11, year: 2030 } as const;

export function layout(title: string, body: string, wide = false): string {
  return `<!doctype html>
<html lang="es">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${esc(title)}</title>
<link rel="stylesheet" href="/checkout/static/checkout.css">
</head>
<body>
<header class="bar"><p class="brand">Mercado Pago <span class="tag">Sandbox de pruebas</span></p></header>
<main${wide ? ' class="wide"' : ''}>
${body}
</main>
</body>
</html>
`;
}

export function messagePage(title: string, message: string): string {
  return layout(title, `<h1>${esc(title)}</h1>\n<section class="card"><p>${esc(message)}</p></section>`);
}

/** The hosted checkout at init_point: the purchase summary, a card form, and PSE / Efecty. */
export function checkoutPage(pref: PreferenceRecord, error?: { cardholderName: string; message: string }): string {
  const total = formatCOP(preferenceTotal(pref));
  const items = pref.items
    .map(
      (item) =>
        `<li><span class="item-title">${esc(item.title)}${item.quantity > 1 ? ` × ${item.quantity}` : ''}</span>` +
        `<span class="amount">${esc(formatCOP(item.quantity * item.unit_price))}</span></li>`,
    )
    .join('\n');
  const hidden = `<input type="hidden" name="pref_id" value="${esc(pref.id)}">`;
  const nameDescribedBy = error ? 'cardholder_name_error cardholder_name_hint' : 'cardholder_name_hint';
  const title = pref.items[0]?.title ?? 'Pago';
  return layout(
    `${error ? 'Error: ' : ''}Pagar ${title} — Mercado Pago`,
    `<h1>Completa tu pago</h1>
<section class="card" aria-labelledby="resumen">
<h2 id="resumen">Resumen de tu compra</h2>
<ul class="items">
${items}
</ul>
<p class="total"><span>Total a pagar</span> <strong class="amount">${esc(total)}</strong></p>
</section>
<section class="card" aria-labelledby="con-tarjeta">
<h2 id="con-tarjeta">Tarjeta de crédito o débito</h2>
<form method="post" action="/checkout/v1/pay">
${hidden}
<input type="hidden" name="payment_method" value="card">
<div class="field">
<label for="card_number">Número de la tarjeta</label>
<input id="card_number" name="card_number" type="text" inputmode="numeric" autocomplete="off" value="${testCard.number}">
</div>
<div class="row">
<div class="field">
<label for="expiration_date">Vencimiento (MM/AA)</label>
<input id="expiration_date" name="expiration_date" type="text" inputmode="numeric" autocomplete="off" value="${testCard.expiration}">
</div>
<div class="field">
<label for="security_code">Código de seguridad</label>
<input id="security_code" name="security_code" type="text" inputmode="numeric" autocomplete="off" value="${testCard.securityCode}">
</div>
</div>
<div class="field">
<label for="cardholder_name">Titular de la tarjeta</label>
<input id="cardholder_name" name="cardholder_name" type="text" autocomplete="cc-name" required aria-describedby="${nameDescribedBy}"${
      error ? ` aria-invalid="true" value="${esc(error.cardholderName)}"` : ''
    }>
${error ? `<p id="cardholder_name_error" class="error">${esc(error.message)}</p>\n` : ''}<p id="cardholder_name_hint" class="hint">Como aparece en la tarjeta. Para probar: APRO aprueba; CONT deja el pago en proceso; OTHE, CALL, FUND, SECU, EXPI y FORM lo rechazan.</p>
</div>
<button type="submit">Pagar</button>
</form>
</section>
<section class="card" aria-labelledby="con-pse">
<h2 id="con-pse">Transferencia bancaria</h2>
<p class="hint">Débito desde tu cuenta de ahorros o corriente. El pago queda pendiente hasta que el banco lo confirme.</p>
<form method="post" action="/checkout/v1/pay">
${hidden}
<input type="hidden" name="payment_method" value="pse">
<button type="submit" class="secondary">PSE</button>
</form>
</section>
<section class="card" aria-labelledby="en-efectivo">
<h2 id="en-efectivo">Efectivo</h2>
<p class="hint">Paga en un punto Efecty con el código que te damos. El pago queda pendiente hasta que pagues (vence en 3 días).</p>
<form method="post" action="/checkout/v1/pay">
${hidden}
<input type="hidden" name="payment_method" value="efecty">
<button type="submit" class="secondary">Efecty</button>
</form>
</section>`,
  );
}

const statusText: Record<string, string> = {
  approved: 'Pago aprobado',
  authorized: 'Pago autorizado',
  in_process: 'Pago en proceso',
  pending: 'Pago pendiente',
  rejected: 'Pago rechazado',
  cancelled: 'Pago cancelado',
  refunded: 'Pago devuelto',
  charged_back: 'Contracargo',
};

/** Shown after paying when the preference has no back_url to return to. */
export function resultPage(payment: PaymentRecord): string {
  const label = statusText[payment.status] ?? payment.status;
  return layout(
    `${label} — Mercado Pago`,
    `<h1>${esc(label)}</h1>
<section class="card">
<p class="status">${esc(formatCOP(payment.transaction_amount))}</p>
<p>${esc(payment.description)}</p>
<p>Número de operación: <strong>${payment.id}</strong></p>
<p>Estado: <code>${esc(payment.status)}</code> / <code>${esc(payment.status_detail)}</code></p>
<p>Este pago no tiene una dirección de regreso al comercio.</p>
</section>`,
  );
}

/** The developer's control page: every payment, with buttons to settle the pending ones and reverse the approved ones. */
export function controlPage(payments: PaymentRecord[], subscriptions = ''): string {
  const rows = payments
    .map((p) => {
      const settle =
        p.status === 'pending' || p.status === 'in_process'
          ? (
              [
                ['approved', 'Aprobar'],
                ['rejected', 'Rechazar'],
                ['cancelled', 'Cancelar'],
              ] as const
            )
              .map(
                ([status, label]) =>
                  `<form class="inline" method="post" action="/sandbox/payments/${p.id}/settle">` +
                  `<input type="hidden" name="status" value="${status}">` +
                  `<button type="submit" class="small" aria-label="${label} el pago ${p.id}">${label}</button></form>`,
              )
              .join('') +
            (p.date_of_expiration
              ? `<form class="inline" method="post" action="/sandbox/payments/${p.id}/expire">` +
                `<button type="submit" class="small" aria-label="Vencer ya el pago ${p.id} (vence ${esc(p.date_of_expiration)})">Vencer ya</button></form>`
              : '')
          : p.status === 'approved'
            ? (
                [
                  ['refunded', 'Reembolsar'],
                  ['charged_back', 'Contracargo'],
                ] as const
              )
                .map(
                  ([status, label]) =>
                    `<form class="inline" method="post" action="/sandbox/payments/${p.id}/reverse">` +
                    `<input type="hidden" name="status" value="${status}">` +
                    `<button type="submit" class="small" aria-label="${label} el pago ${p.id}">${label}</button></form>`,
                )
                .join('')
            : '—';
      return `<tr><td>${p.id}</td><td>${esc(p.date_created)}</td><td>${esc(p.description)}<br><code>${esc(
        p.external_reference ?? '',
      )}</code></td><td>${esc(p.payment_type_id)}</td><td class="amount">${esc(formatCOP(p.transaction_amount))}</td><td><code>${esc(
        p.status,
      )}</code><br><code>${esc(p.status_detail)}</code></td><td>${settle}</td></tr>`;
    })
    .join('\n');
  return layout(
    'Pagos del sandbox — Mercado Pago',
    `<h1>Pagos del sandbox</h1>
<p>Los pagos pendientes (PSE, Efecty o tarjeta CONT) se liquidan aquí; cada cambio envía una notificación <code>payment.updated</code>.</p>
<div class="scroll">
<table>
<caption class="hint">${payments.length} pagos, el más reciente primero</caption>
<thead><tr><th scope="col">ID</th><th scope="col">Fecha</th><th scope="col">Descripción y referencia</th><th scope="col">Tipo</th><th scope="col">Monto</th><th scope="col">Estado</th><th scope="col">Liquidar</th></tr></thead>
<tbody>
${rows || '<tr><td colspan="7">Aún no hay pagos.</td></tr>'}
</tbody>
</table>
</div>
${subscriptions}`,
    true,
  );
}
