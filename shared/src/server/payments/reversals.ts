import { formatCOP } from '../../format/money';
import type { PayableDeclaration } from '../../payments/staff-operations';
import { staffPath } from '../../staff-routes';
import type { ApiContext } from '../api-contract';
import { renderMail } from '../mail-template';
import type { ProviderPayment } from './provider';
import { staffWithRole } from '../staff-directory';

/** Statuses in which money the foundation received went back to the payer. */
export const reversalStatuses = ['refunded', 'charged_back'] as const;

export const isReversal = (status: string): status is (typeof reversalStatuses)[number] =>
  (reversalStatuses as readonly string[]).includes(status);

/** How the panel and the team's e-mail name a reversed payment. */
export const reversalLabel: Record<(typeof reversalStatuses)[number], string> = {
  refunded: 'Reembolsado',
  charged_back: 'Contracargo',
};

/** One address per line of the directory; anything else is not written to. */
const PLAIN_ADDRESS = /^[^\s@<>()[\],;:"]+@[^\s@<>()[\],;:"]+\.[^\s@<>()[\],;:"]+$/;

/**
 * E-mails every enabled member of the team that a payment was refunded or charged back: what was paid, the record's
 * reference, the amount and the provider's payment id — no payer data (the panel shows the record to whoever may see it).
 */
export async function tellTeamOfReversal(
  ctx: Pick<ApiContext, 'staff' | 'mailer' | 'settings'>,
  payable: { payable: PayableDeclaration; reversal: { concept: string; note: string } },
  reference: string,
  payment: ProviderPayment,
  log: { warn: (o: object, m: string) => void },
): Promise<void> {
  if (!isReversal(payment.status)) return;
  const label = reversalLabel[payment.status];
  let members;
  try {
    members = (await staffWithRole(ctx.staff, 'finanzas')).filter((m) => PLAIN_ADDRESS.test(m.email));
  } catch (err) {
    log.warn({ err: String(err), reference }, 'payment reversal: the team directory could not be read');
    return;
  }
  if (!members.length) log.warn({ reference }, 'payment reversal: the team has no member to write to');
  const { concept, note } = payable.reversal;
  const path = staffPath(payable.payable.recordPage, { reference });
  for (const m of members)
    await ctx.mailer.send(
      renderMail({
        to: m.email,
        subject: `Pago ${label.toLowerCase()}: ${reference}`,
        greeting: 'Hola:',
        paragraphs: [
          payment.status === 'refunded'
            ? 'La pasarela de pagos informó que este pago fue reembolsado al pagador.'
            : 'La pasarela de pagos informó un contracargo: el banco del pagador reversó este pago.',
          note,
        ],
        details: [
          ['Concepto', concept],
          ['Referencia', reference],
          ['Valor', formatCOP(payment.transaction_amount)],
          ['Pago', payment.id],
          ['Estado', label],
        ],
        action: { label: 'Ver en el panel', url: `${ctx.settings.publicOrigin}${path}`, public: true },
      }),
    );
}
