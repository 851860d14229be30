import { tableSpec, type DomainRegistry } from '../registry';
import { moneyMoved, payableColumns, paymentEventColumns, retainedPaymentWhy } from './payable';

/** The giving domain (remote-giving/api/tables.ts). */
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
      table: 'giving.payment_events',
      label: 'Historial de los pagos de tus donaciones',
      belongs: [{ parent: 'giving.contributions', column: 'reference', parentColumn: 'reference' }],
      columns: { ...paymentEventColumns, reference: { label: 'Número de la donación' } },
      erase: { action: 'follow-parent' },
      orderBy: 'seen_at',
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
  plain: [{ table: 'giving.payment_notifications', why: 'Identificadores de las notificaciones del proveedor de pagos ya procesadas.' }],
};
