import type { AuditLabels } from 'shared/server/audit-labels';
import { publishingAudit } from 'shared/server/publishing/routes';

/** The labels of the donation settings' drafts and publications (`giving.publishing.*`, manifest/documents.ts). */
const publishing = publishingAudit('giving');

/**
 * How the audit log names the giving domain's actions (donations, their payments, certificates, the campaign, the
 * published donation settings) and records (#27, #28).
 */
export const givingAudit: AuditLabels = {
  kinds: {
    ...publishing.kinds,
    'giving.payment': 'Pagos de donaciones',
    'giving.donation': 'Donaciones',
    'giving.certificate': 'Certificados de donación',
    'giving.campaign': 'Campaña de donaciones',
    'giving.export': 'Exportaciones de donaciones',
    'giving.monthly': 'Donaciones mensuales',
  },
  actions: {
    ...publishing.actions,
    'giving.payment.read': 'Consultó pagos de donaciones por revisar',
    'giving.donation.read': 'Consultó donaciones',
    'giving.certificate.read': 'Consultó certificados de donación',
    'giving.payment.reconcile': 'Revisó a mano los pagos pendientes de donaciones',
    'giving.payment.review': 'Marcó como revisada una diferencia en un pago de donación',
    'giving.certificate.issue': 'Expidió un certificado de donación',
    'giving.certificate.batch': 'Expidió los certificados de donación de un año',
    'giving.campaign.save': 'Guardó la campaña de donaciones',
    'giving.export': 'Exportó donaciones a CSV',
    'giving.monthly.read': 'Consultó donaciones mensuales',
    'giving.monthly.pause': 'Pausó una donación mensual a pedido del donante',
    'giving.monthly.resume': 'Reanudó una donación mensual a pedido del donante',
    'giving.monthly.cancel': 'Canceló una donación mensual a pedido del donante',
    'giving.monthly.export': 'Exportó donaciones mensuales a CSV',
  },
  entities: {
    ...publishing.entities,
    payment: 'Pago',
    donation: 'Donación',
    donation_certificate: 'Certificado de donación',
    campaign: 'Campaña',
    monthly_gift: 'Donación mensual',
    monthly_gifts: 'Donaciones mensuales',
  },
};
