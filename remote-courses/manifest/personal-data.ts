import { sql } from 'kysely';
import { tableSpec, type DomainRegistry } from 'shared/server/personal-data/registry';
import { enrolmentStatuses } from './enrolment-statuses';
import { moneyMoved, payableColumns, paymentEventColumns, retainedPaymentWhy } from 'shared/server/payments/personal-data';

/** The courses domain (remote-courses/server/tables.ts). */
export const coursesPersonalData: DomainRegistry = {
  tables: [
    tableSpec({
      table: 'courses.enrolments',
      label: 'Inscripciones a cursos',
      belongs: [{ email: ['email'] }, { linkedBy: ['user_email'], unlink: ['user_email', 'user_sub'] }],
      columns: {
        reference: { label: 'Número de inscripción' },
        created_at: { label: 'Fecha de inscripción' },
        course_name: {},
        course_title: { label: 'Curso' },
        module_name: { label: 'Módulo' },
        price: { label: 'Valor (COP)' },
        student_name: { label: 'Primer nombre', personal: 'nombre', keptOnRetained: true },
        student_name_second: { label: 'Segundo nombre', personal: 'nombre', keptOnRetained: true },
        student_lastname: { label: 'Primer apellido', personal: 'nombre', keptOnRetained: true },
        student_second_lastname: { label: 'Segundo apellido', personal: 'nombre', keptOnRetained: true },
        full_name: { label: 'Nombre completo', personal: 'nombre', keptOnRetained: true },
        id_type: { label: 'Tipo de documento', personal: 'documento', keptOnRetained: true },
        id_number: { label: 'Número de documento', personal: 'documento', keptOnRetained: true },
        phone_number: { label: 'Teléfono', personal: 'telefono' },
        email: { label: 'Correo electrónico', personal: 'correo' },
        profession: { label: 'Profesión u ocupación', personal: 'perfil' },
        education: { label: 'Nivel educativo', personal: 'perfil' },
        has_terms: { label: 'Aceptó los términos' },
        enrollment_status: { label: 'Estado de la inscripción', values: enrolmentStatuses },
        user_email: { label: 'Correo de la cuenta', personal: 'correo' },
        user_sub: { personal: 'cuenta' },
        cohort_id: {},
        cohort_start_date: { label: 'Inicio de la cohorte' },
        seat_held_until: {},
        seat_hold_client: { personal: 'red' },
        pending_seat_until: {},
        seat_released_at: { label: 'Fecha en que se liberó el cupo apartado' },
        ledger_search: { personal: 'derivado' },
        completed_at: { label: 'Fecha en que se marcó como completada' },
        completed_by: { personal: 'equipo' },
        receipt_resent_at: { label: 'Fecha del último reenvío del comprobante' },
        // A company buyer's NIT and name (#30): a company's data, on a tax document, kept like the payer's.
        buyer_nit: { label: 'NIT de la empresa compradora', personal: 'documento', keptOnRetained: true },
        buyer_business_name: { label: 'Razón social de la empresa compradora', personal: 'perfil', keptOnRetained: true },
        // An enrolment the team entered (#31): a scholarship (its reason may speak of the person) or a payment outside the site.
        manual_kind: { label: 'Origen de la inscripción', values: { scholarship: 'Beca', outside_payment: 'Pago fuera del sitio' } },
        manual_note: { label: 'Motivo de la beca o referencia del pago externo', personal: 'texto' },
        manual_amount: { label: 'Valor recibido fuera del sitio (COP)' },
        manual_by: { personal: 'equipo' },
        // The cohort and start date the 24-hour reminder went out for (`<cohort id>:<YYYY-MM-DD>`, #31).
        reminded_for: { label: 'Cohorte y fecha de inicio de las que se envió el recordatorio' },
        ...payableColumns,
      },
      // Money received outside the site (#31, `manual_amount`) is accounting support as a provider's payment is.
      erase: { action: 'retain-if', when: sql<boolean>`(${moneyMoved} or coalesce(t.manual_amount, 0) > 0)`, why: retainedPaymentWhy },
      orderBy: 'created_at',
    }),
    tableSpec({
      table: 'courses.payment_events',
      label: 'Historial de los pagos de tus inscripciones',
      belongs: [{ parent: 'courses.enrolments', column: 'reference', parentColumn: 'reference' }],
      columns: { ...paymentEventColumns, reference: { label: 'Número de inscripción' } },
      erase: { action: 'follow-parent' },
      orderBy: 'seen_at',
    }),
    tableSpec({
      table: 'courses.invoices',
      label: 'Facturas electrónicas y notas crédito de tus inscripciones',
      belongs: [{ parent: 'courses.enrolments', column: 'enrolment_reference', parentColumn: 'reference' }],
      columns: {
        kind: { label: 'Documento', values: { invoice: 'Factura electrónica de venta', credit_note: 'Nota crédito' } },
        enrolment_reference: { label: 'Número de inscripción' },
        reference_code: {},
        state: {
          label: 'Estado ante la DIAN',
          values: { pending: 'En cola', issuing: 'Enviándose', issued: 'Validada', rejected: 'Rechazada' },
        },
        number: { label: 'Número' },
        cufe: { label: 'CUFE / CUDE' },
        qr_url: {},
        issued_at: { label: 'Fecha de expedición' },
        // The buyer as the invoice names them (name and document): what DIAN received; the contact is blanked.
        buyer: { label: 'Comprador', personal: 'documento', keptOnRetained: true },
        buyer_email: { label: 'Correo del comprador', personal: 'correo' },
        buyer_phone: { label: 'Teléfono del comprador', personal: 'telefono' },
        lines: { label: 'Conceptos' },
        total: { label: 'Valor (COP)' },
        payment_method: { label: 'Medio de pago' },
        reason: { label: 'Motivo' },
        rejection: { label: 'Motivos de rechazo de la DIAN' },
        last_error: {},
        pdf_key: {},
        link_hash: { personal: 'seudonimo' },
        retried_by: { personal: 'equipo' },
      },
      // Whatever was sent to DIAN is tax support, issued or not yet; a document never sent holds the same data as its
      // enrolment, which is kept for the same reason (its payment moved money).
      erase: {
        action: 'retain-if',
        when: sql<boolean>`true`,
        why: 'Una factura electrónica o una nota crédito expedida es soporte contable y tributario de la venta (Estatuto Tributario art. 632 y 771-2; Código de Comercio art. 60): se conserva como la recibió la DIAN, con el nombre y el documento del comprador; su correo y teléfono se borran.',
      },
      orderBy: 'created_at',
    }),
    tableSpec({
      table: 'courses.completion_certificates',
      label: 'Certificados de finalización de tus cursos',
      belongs: [{ parent: 'courses.enrolments', column: 'enrolment_reference', parentColumn: 'reference' }],
      columns: {
        number: { label: 'Número del certificado' },
        enrolment_reference: { label: 'Número de inscripción' },
        // The public key of its verification page: whoever holds it sees the name, course, date and state.
        verification_code: { label: 'Código de verificación' },
        student_name: { label: 'Nombre certificado', personal: 'nombre' },
        id_type: { label: 'Tipo de documento', personal: 'documento' },
        id_number: { label: 'Número de documento', personal: 'documento' },
        course_title: { label: 'Curso' },
        module_name: { label: 'Módulo' },
        cohort_start_date: { label: 'Inicio de clases' },
        cohort_end_date: { label: 'Fin de clases' },
        completed_on: { label: 'Fecha de finalización' },
        previous_status: { values: enrolmentStatuses },
        issued_at: { label: 'Fecha de expedición' },
        issued_by: { personal: 'equipo' },
        voided_at: { label: 'Fecha de anulación' },
        voided_by: { personal: 'equipo' },
        void_reason: { label: 'Motivo de la anulación', personal: 'texto' },
      },
      // The row stays so the year's numbering keeps no gap; the name and document go, and with the name gone the public
      // verification answers as for an unknown code (src/certificates/server/verification.ts).
      erase: {
        action: 'anonymise',
        why: 'El número del certificado se conserva para que la numeración del año no tenga huecos; el nombre, el documento y el motivo se borran, y el certificado deja de poder verificarse.',
      },
      orderBy: 'issued_at',
    }),
    tableSpec({
      table: 'courses.refunds',
      label: 'Reembolsos de tus inscripciones',
      belongs: [{ parent: 'courses.enrolments', column: 'enrolment_reference', parentColumn: 'reference' }],
      columns: {
        enrolment_reference: { label: 'Número de inscripción' },
        payment_id: { label: 'Número del pago' },
        idempotency_key: {},
        amount: { label: 'Valor reembolsado (COP)' },
        reason: { label: 'Motivo del reembolso', personal: 'texto' },
        state: { label: 'Estado', values: { requested: 'Solicitado', done: 'Hecho' } },
        provider_refund_id: { label: 'Número del reembolso' },
        requested_by: { personal: 'equipo' },
        requested_at: { label: 'Fecha de la solicitud' },
        done_at: { label: 'Fecha del reembolso' },
      },
      // Money moved back: kept with its enrolment, which is kept for the same reason.
      erase: { action: 'follow-parent' },
      orderBy: 'requested_at',
    }),
    tableSpec({
      table: 'courses.cohort_message_deliveries',
      label: 'Mensajes del equipo a tu cohorte',
      belongs: [{ parent: 'courses.enrolments', column: 'enrolment_reference', parentColumn: 'reference' }],
      columns: {
        message_id: {},
        enrolment_reference: { label: 'Número de inscripción' },
        sent_at: { label: 'Fecha de envío' },
      },
      // No personal data of its own: it goes with the enrolment when that is deleted, and stays when it is kept.
      erase: { action: 'follow-parent' },
      orderBy: 'sent_at',
    }),
    tableSpec({
      table: 'courses.module_completions',
      label: 'Módulos que completaste',
      belongs: [{ parent: 'courses.enrolments', column: 'enrolment_reference', parentColumn: 'reference' }],
      columns: {
        enrolment_reference: { label: 'Número de inscripción' },
        module_number: { label: 'Módulo (número)' },
        completed_on: { label: 'Fecha en que se registró completado' },
        marked_by: { personal: 'equipo' },
        marked_at: {},
      },
      // A student's progress: it goes with the enrolment when that is deleted, and stays when it is kept.
      erase: { action: 'follow-parent' },
      orderBy: 'marked_at',
    }),
  ],
  team: [
    {
      table: 'courses.module_materials',
      columns: ['created_by'],
      why: 'Materiales que el equipo adjunta a cada módulo de un curso (título, archivo o enlace): quién los adjuntó.',
    },
    {
      table: 'courses.cohort_messages',
      columns: ['sent_by'],
      why: 'Mensajes que el equipo envió por correo a una cohorte (asunto, texto, cuántos los recibieron): quién los envió.',
    },
    {
      table: 'courses.payment_discrepancies',
      columns: ['reviewed_by'],
      why: 'Pagos que no cuadraron con su registro (referencia, número del pago, valores): quién del equipo los revisó.',
    },
  ],
  plain: [
    { table: 'courses.cohorts', why: 'Fechas, horarios y cupos de los cursos.' },
    { table: 'courses.certificate_counters', why: 'El último número de certificado de finalización expedido en cada año.' },
    { table: 'courses.invoicing_since', why: 'Desde cuándo se facturan electrónicamente las ventas de cursos.' },
    { table: 'courses.payment_notifications', why: 'Identificadores de las notificaciones del proveedor de pagos ya procesadas.' },
  ],
};
