import { sql } from 'kysely';
import { tableSpec, type DomainRegistry } from 'shared/server/personal-data/registry';
import { moneyMoved, payableColumns, paymentEventColumns, retainedPaymentWhy } from 'shared/server/payments/personal-data';

/** The giving domain (remote-giving/server/tables.ts). */
export const givingPersonalData: DomainRegistry = {
  tables: [
    tableSpec({
      table: 'giving.contributions',
      label: 'Donaciones',
      belongs: [{ email: ['email'] }],
      columns: {
        reference: { label: 'Número de la donación' },
        created_at: { label: 'Fecha de la donación' },
        donation_amount: { label: 'Valor donado (COP)' },
        contributor_name: { label: 'Nombres', personal: 'nombre', keptOnRetained: true },
        contributor_lastname: { label: 'Apellidos', personal: 'nombre', keptOnRetained: true },
        id_type: { label: 'Tipo de documento', personal: 'documento', keptOnRetained: true },
        id_number: { label: 'Número de documento', personal: 'documento', keptOnRetained: true },
        email: { label: 'Correo electrónico', personal: 'correo' },
        phone_number: { label: 'Teléfono', personal: 'telefono' },
        ledger_search: { personal: 'derivado' },
        // Digest of the random token of the receipt's certificate link, and its expiry: no personal data.
        certificate_token_hash: {},
        certificate_token_expires_at: {},
        subscription_reference: { label: 'Número de la donación mensual' },
        authorized_payment_id: { label: 'Número del cobro mensual' },
        ...payableColumns,
      },
      erase: {
        action: 'retain-if',
        when: moneyMoved,
        why: `${retainedPaymentWhy} En una donación, el nombre y el documento del donante sustentan además su certificado de donación (Estatuto Tributario art. 125-2).`,
      },
      orderBy: 'created_at',
    }),
    tableSpec({
      table: 'giving.subscriptions',
      label: 'Donaciones mensuales',
      belongs: [{ email: ['email'] }],
      columns: {
        reference: { label: 'Número de la donación mensual' },
        preapproval_id: { label: 'Número de la suscripción en Mercado Pago' },
        contributor_name: { label: 'Nombres', personal: 'nombre' },
        contributor_lastname: { label: 'Apellidos', personal: 'nombre' },
        id_type: { label: 'Tipo de documento', personal: 'documento' },
        id_number: { label: 'Número de documento', personal: 'documento' },
        email: { label: 'Correo electrónico', personal: 'correo' },
        phone_number: { label: 'Teléfono', personal: 'telefono' },
        amount: { label: 'Valor mensual (COP)' },
        status: {
          label: 'Estado',
          values: { pending: 'Por autorizar', authorized: 'Activa', paused: 'Pausada', cancelled: 'Cancelada' },
        },
        next_payment_date: { label: 'Próximo cobro' },
        provider_modified_at: {},
        // Digest of the random token of the donor's manage link: no personal data.
        manage_token_hash: {},
        failing: { label: 'Último cobro rechazado' },
        last_charge_status: { label: 'Estado del último cobro' },
        welcome_sent_at: { label: 'Comprobante de inicio enviado el' },
        created_at: { label: 'Fecha de inicio' },
        updated_at: {},
        cancelled_at: { label: 'Cancelada el' },
        cancel_reason: { label: 'Motivo de la cancelación' },
        authorized_at: { label: 'Autorizada el' },
        paused_at: { label: 'Pausada desde' },
        payment_method_id: { label: 'Tarjeta (franquicia)' },
        ledger_search: { personal: 'derivado' },
        // The card of the latest approved charge, as Mercado Pago reports it: never the number, only its last four digits.
        card_last_four: { label: 'Últimos cuatro dígitos de la tarjeta' },
        card_expires: { label: 'Vencimiento de la tarjeta (año-mes)' },
      },
      // Each charge is a donation (giving.contributions), kept by its own rule; the subscription itself moves no money.
      erase: { action: 'delete' },
      orderBy: 'created_at',
    }),
    tableSpec({
      table: 'giving.subscription_notices',
      label: 'Avisos enviados sobre tus donaciones mensuales',
      belongs: [{ parent: 'giving.subscriptions', column: 'subscription_reference', parentColumn: 'reference' }],
      columns: {
        // What was noticed (a charge, a cancellation, a card's expiry, January's thank-you keyed by a digest of the address).
        payment_id: { personal: 'seudonimo' },
        subscription_reference: { label: 'Número de la donación mensual' },
        kind: {
          label: 'Aviso',
          values: {
            rejected: 'Cobro rechazado',
            cancelled: 'Cancelada por Mercado Pago',
            expiry: 'La tarjeta está por vencer',
            thanks: 'Agradecimiento del año',
          },
        },
        sent_at: { label: 'Enviado el' },
      },
      erase: { action: 'follow-parent' },
      orderBy: 'sent_at',
    }),
    tableSpec({
      table: 'giving.payment_events',
      label: 'Historial de los pagos de tus donaciones',
      belongs: [{ parent: 'giving.contributions', column: 'reference', parentColumn: 'reference' }],
      columns: { ...paymentEventColumns, reference: { label: 'Número de la donación' } },
      erase: { action: 'follow-parent' },
      orderBy: 'seen_at',
    }),
    tableSpec({
      table: 'giving.certificate_donations',
      label: 'Donaciones incluidas en tus certificados de donación',
      belongs: [{ parent: 'giving.contributions', column: 'contribution_reference', parentColumn: 'reference' }],
      columns: {
        contribution_reference: { label: 'Número de la donación' },
        amount: { label: 'Valor certificado (COP)' },
        approved_at: { label: 'Fecha de la donación' },
        payment_type: { label: 'Forma de pago', values: payableColumns.payment_type.values },
      },
      erase: { action: 'follow-parent' },
      orderBy: 'approved_at',
    }),
    tableSpec({
      table: 'giving.certificates',
      label: 'Certificados de donación',
      belongs: [{ parent: 'giving.certificate_donations', column: 'id', parentColumn: 'certificate_id' }],
      columns: {
        number: { label: 'Número del certificado' },
        kind: { label: 'Tipo', values: { donation: 'Por donación', annual: 'Anual consolidado' } },
        year: { label: 'Año' },
        contribution_reference: { label: 'Número de la donación' },
        donor_key: { personal: 'documento', keptOnRetained: true },
        donor_name: { label: 'Donante', personal: 'nombre', keptOnRetained: true },
        donor_id_type: { label: 'Tipo de documento', personal: 'documento', keptOnRetained: true },
        donor_id_number: { label: 'Número de documento', personal: 'documento', keptOnRetained: true },
        amount: { label: 'Valor certificado (COP)' },
        issued_at: { label: 'Fecha de expedición' },
        issued_by: { personal: 'equipo' },
        voided_at: { label: 'Anulado el' },
      },
      erase: {
        action: 'retain-if',
        when: sql<boolean>`true`,
        why: 'Un certificado de donación expedido sustenta la declaración del donante y la contabilidad de la fundación (Estatuto Tributario art. 125-2 y 632): se conservan su número, valor, fechas y el nombre y documento del donante.',
      },
      orderBy: 'issued_at',
    }),
  ],
  team: [
    { table: 'giving.campaigns', columns: ['updated_by'], why: 'Campañas de donación: quién del equipo las guardó por última vez.' },
    {
      table: 'giving.payment_discrepancies',
      columns: ['reviewed_by'],
      why: 'Pagos que no cuadraron con su registro (referencia, número del pago, valores): quién del equipo los revisó.',
    },
  ],
  plain: [
    { table: 'giving.payment_notifications', why: 'Identificadores de las notificaciones del proveedor de pagos ya procesadas.' },
    { table: 'giving.certificate_counters', why: 'El último número de certificado de donación usado en cada año.' },
  ],
};
