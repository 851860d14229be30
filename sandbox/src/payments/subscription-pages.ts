import { monthNames } from 'shared/format/dates';
// The hosted page where a payer authorizes a subscription (its init_point), and the control panel's subscriptions
// table. Same layout, stylesheet and headers as the hosted checkout; no scripts.
import { formatCOP } from 'shared/format/money';
import { esc, testCard } from './pages';
import { retryScheduleDays } from './subscriptions';
import type { AuthorizedPaymentRecord, PreapprovalRecord } from './store';

const frequencyText = (pre: PreapprovalRecord) => {
  const { frequency: n, frequency_type: unit } = pre.auto_recurring;
  if (unit === 'months') return n === 1 ? 'cada mes' : `cada ${n} meses`;
  return n === 1 ? 'cada día' : `cada ${n} días`;
};

export interface AuthorizationPageState {
  values?: Record<string, string>;
  errors?: Record<string, string>;
  /** A rejected first charge: the message shown above the form. */
  rejected?: string;
  /** The sandbox clock's now (epoch ms): the expiry years start at its year; a later start_date is announced. */
  nowMs: number;
}

/** Field with its label, its hint and, when invalid, its error tied to it with aria-describedby. */
function field(name: string, label: string, input: (describedBy: string, invalid: string) => string, error?: string, hint?: string) {
  const ids = [error ? `${name}_error` : '', hint ? `${name}_hint` : ''].filter(Boolean).join(' ');
  return `<div class="field">
<label for="${name}">${esc(label)}</label>
${input(ids ? ` aria-describedby="${ids}"` : '', error ? ' aria-invalid="true"' : '')}
${error ? `<p id="${name}_error" class="error">${esc(error)}</p>\n` : ''}${hint ? `<p id="${name}_hint" class="hint">${esc(hint)}</p>\n` : ''}</div>`;
}

/** The page at init_point: what the payer agrees to, why only a card, and the card form. */
export function authorizationPage(
  pre: PreapprovalRecord,
  layout: (title: string, body: string) => string,
  state: AuthorizationPageState,
): string {
  const v = state.values ?? {};
  const e = state.errors ?? {};
  const amount = formatCOP(pre.auto_recurring.transaction_amount);
  const hasErrors = Object.keys(e).length > 0 || state.rejected !== undefined;
  const start = Date.parse(pre.auto_recurring.start_date);
  const value = (name: string, fallback: string) => ` value="${esc(v[name] ?? fallback)}"`;
  const [defaultMonth, defaultYear] = testCard.expiration.split('/');
  const selectedMonth = v.expiration_month ?? String(Number(defaultMonth));
  const selectedYear = v.expiration_year ?? `20${defaultYear}`;
  const months = monthNames
    .map(
      (name, i) =>
        `<option value="${i + 1}"${String(i + 1) === selectedMonth ? ' selected' : ''}>${String(i + 1).padStart(2, '0')} – ${name}</option>`,
    )
    .join('');
  const years = Array.from({ length: 12 }, (_, i) => String(new Date(state.nowMs).getUTCFullYear() - 1 + i))
    .map((y) => `<option value="${y}"${y === selectedYear ? ' selected' : ''}>${y}</option>`)
    .join('');
  const errorSummary = hasErrors
    ? `<div class="card" role="alert" aria-labelledby="problema">
<h2 id="problema">${state.rejected ? 'Tu tarjeta fue rechazada' : 'Revisa los datos'}</h2>
<p>${esc(state.rejected ?? 'Hay campos por corregir; cada uno dice qué falta.')}</p>
</div>\n`
    : '';
  return layout(
    `${hasErrors ? 'Error: ' : ''}Suscribirte: ${pre.reason} — Mercado Pago`,
    `<h1>Autoriza tu suscripción</h1>
${errorSummary}<section class="card" aria-labelledby="resumen">
<h2 id="resumen">Resumen</h2>
<p>${esc(pre.reason)}</p>
<p class="total"><span>Pagarás ${esc(frequencyText(pre))}</span> <strong class="amount">${esc(amount)}</strong></p>
<p class="hint">${
      start > state.nowMs + 60_000
        ? `El primer cobro será el ${esc(pre.auto_recurring.start_date.slice(0, 10))}.`
        : 'El primer cobro se hace ahora, al autorizar.'
    }${pre.auto_recurring.end_date ? ` Los cobros terminan el ${esc(pre.auto_recurring.end_date.slice(0, 10))}.` : ''} Puedes cancelar cuando quieras.</p>
</section>
<section class="card" aria-labelledby="medios">
<h2 id="medios">Por qué solo con tarjeta</h2>
<p class="hint">Una suscripción se cobra sola en cada período, sin que tengas que entrar a pagar. En Colombia eso solo es posible con tarjeta de crédito o débito (o con dinero en tu cuenta de Mercado Pago): PSE y Efecty necesitan que hagas cada pago tú mismo, así que no se ofrecen aquí.</p>
</section>
<section class="card" aria-labelledby="con-tarjeta">
<h2 id="con-tarjeta">Tarjeta de crédito o débito</h2>
<form method="post" action="/subscriptions/checkout/authorize" novalidate>
<input type="hidden" name="preapproval_id" value="${esc(pre.id)}">
${field(
  'payer_email',
  'Correo de tu cuenta de Mercado Pago',
  (d, inv) =>
    `<input id="payer_email" name="payer_email" type="email" autocomplete="email" required${d}${inv}${value('payer_email', pre.payer_email)}>`,
  e.payer_email,
  'Debe ser el mismo correo que diste en el sitio.',
)}
${field(
  'card_number',
  'Número de la tarjeta',
  (d, inv) =>
    `<input id="card_number" name="card_number" type="text" inputmode="numeric" autocomplete="off" required${d}${inv}${value('card_number', testCard.number)}>`,
  e.card_number,
)}
<fieldset class="field">
<legend>Vencimiento de la tarjeta</legend>
<div class="row">
<div class="field">
<label for="expiration_month">Mes</label>
<select id="expiration_month" name="expiration_month"${e.expiration ? ' aria-invalid="true" aria-describedby="expiration_error"' : ''}>${months}</select>
</div>
<div class="field">
<label for="expiration_year">Año</label>
<select id="expiration_year" name="expiration_year"${e.expiration ? ' aria-invalid="true" aria-describedby="expiration_error"' : ''}>${years}</select>
</div>
</div>
${e.expiration ? `<p id="expiration_error" class="error">${esc(e.expiration)}</p>\n` : ''}<p class="hint">Un cobro posterior al mes de vencimiento se rechaza.</p>
</fieldset>
${field(
  'security_code',
  'Código de seguridad',
  (d, inv) =>
    `<input id="security_code" name="security_code" type="text" inputmode="numeric" autocomplete="off" required${d}${inv}${value('security_code', testCard.securityCode)}>`,
  e.security_code,
)}
${field(
  'cardholder_name',
  'Titular de la tarjeta',
  (d, inv) =>
    `<input id="cardholder_name" name="cardholder_name" type="text" autocomplete="cc-name" required${d}${inv}${value('cardholder_name', '')}>`,
  e.cardholder_name,
  'Como aparece en la tarjeta. Para probar: APRO (o cualquier otro nombre) autoriza y cobra el primer período; OTHE, CALL, FUND, SECU, EXPI y FORM rechazan el primer cobro y la suscripción queda sin autorizar.',
)}
<button type="submit">Autorizar y pagar ${esc(amount)}</button>
</form>
</section>`,
  );
}

/** The subscriptions table of the control panel, with the clock and its form. */
export function subscriptionsSection(
  subscriptions: PreapprovalRecord[],
  charges: (id: string) => AuthorizedPaymentRecord[],
  clock: { now: string; offset_ms: number },
  webhookUrl: string | null,
): string {
  const rows = subscriptions
    .map((s) => {
      const list = charges(s.id)
        .map(
          (a) =>
            `<li><code>${a.id}</code> ${esc(a.debit_date.slice(0, 10))} <code>${esc(a.status)}</code>${
              a.payment ? ` / <code>${esc(a.payment.status)}</code> <code>${esc(a.payment.status_detail)}</code>` : ''
            }${a.next_retry_date ? ` (reintento ${a.retry_attempt + 1} el ${esc(a.next_retry_date.slice(0, 10))})` : ''}</li>`,
        )
        .join('');
      return `<tr><td><code>${esc(s.id)}</code></td><td>${esc(s.reason)}<br><code>${esc(s.external_reference)}</code><br>${esc(
        s.payer_email,
      )}</td><td class="amount">${esc(formatCOP(s.auto_recurring.transaction_amount))}</td><td><code>${esc(s.status)}</code>${
        s.next_payment_date ? `<br>próximo: ${esc(s.next_payment_date.slice(0, 10))}` : ''
      }${s.sandbox.nextOutcomes.length ? `<br>forzados: ${esc(s.sandbox.nextOutcomes.join(', '))}` : ''}</td><td>${
        list ? `<ul class="items">${list}</ul>` : '—'
      }</td></tr>`;
    })
    .join('\n');
  return `<h2 id="suscripciones">Suscripciones</h2>
<p>Reloj del sandbox: <strong>${esc(clock.now)}</strong> (adelantado ${Math.round(clock.offset_ms / 86_400_000)} días). Avanzarlo cobra cada período vencido; un cobro rechazado se reintenta ${
    retryScheduleDays.length
  } veces (días ${retryScheduleDays.join(', ')}) y tres períodos rechazados cancelan la suscripción.</p>
<form method="post" action="/sandbox/clock/advance" class="inline">
<label for="days">Avanzar el reloj (días)</label>
<input id="days" name="days" type="number" min="0" max="3660" value="30">
<button type="submit" class="small">Avanzar</button>
</form>
<p class="hint">Notificaciones de suscripciones a: <code>${esc(webhookUrl ?? 'ninguna dirección configurada')}</code></p>
<div class="scroll">
<table>
<caption class="hint">${subscriptions.length} suscripciones, la más reciente primero</caption>
<thead><tr><th scope="col">ID</th><th scope="col">Motivo, referencia y correo</th><th scope="col">Monto</th><th scope="col">Estado</th><th scope="col">Cobros</th></tr></thead>
<tbody>
${rows || '<tr><td colspan="5">Aún no hay suscripciones.</td></tr>'}
</tbody>
</table>
</div>`;
}
