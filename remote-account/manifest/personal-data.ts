import { sql } from 'kysely';
import { dataRequestKindLabels } from './data-request-kinds';
import { dataRequestEmailKey } from 'shared/server/address-keys';
import { caseAttachmentColumns } from 'shared/server/cases/attachment-registry';
import { tableSpec, type DomainRegistry } from 'shared/server/personal-data/registry';

/** The account domain (remote-account/server/tables.ts): accounts opened after a payment and the data subject's requests. */
export const accountPersonalData: DomainRegistry = {
  tables: [
    tableSpec({
      table: 'account.payment_accounts',
      label: 'Cuenta abierta tras un pago',
      belongs: [{ email: ['email'] }],
      columns: {
        enrolment_reference: { label: 'Número de inscripción' },
        payment_id: { label: 'Número del pago' },
        email: { label: 'Correo electrónico', personal: 'correo' },
        outcome: { label: 'Resultado', values: { pending: 'En trámite', created: 'Cuenta creada', existing: 'Ya tenía una cuenta' } },
        user_sub: { personal: 'cuenta' },
        created_at: { label: 'Fecha' },
      },
      erase: {
        action: 'anonymise',
        why: 'Queda que la inscripción ya abrió su cuenta, sin el correo: así volver a la página del pago no crea otra.',
      },
      orderBy: 'created_at',
    }),
    tableSpec({
      table: 'account.data_requests',
      label: 'Solicitudes sobre tus datos personales',
      belongs: [{ email: ['email'] }],
      columns: {
        radicado: { label: 'Radicado' },
        kind: { label: 'Tipo', values: dataRequestKindLabels },
        status: { label: 'Estado' },
        name: { label: 'Nombre', personal: 'nombre' },
        email: { label: 'Correo electrónico', personal: 'correo' },
        details: { label: 'Solicitud', personal: 'texto' },
        correction: { label: 'Qué corregir', personal: 'texto' },
        term_days: { label: 'Plazo (días hábiles)' },
        due_date: { label: 'Fecha límite de respuesta' },
        original_due_date: { label: 'Fecha límite antes de la ampliación' },
        extension_reason: { label: 'Motivo de la ampliación', personal: 'texto' },
        extended_at: { label: 'Fecha de la ampliación' },
        response: { label: 'Respuesta', personal: 'texto' },
        responded_at: { label: 'Fecha de respuesta' },
        outcome: { label: 'Resultado', values: { exportada: 'Copia enviada', suprimida: 'Datos suprimidos', desistida: 'Desistida' } },
        // Counts per kind of record (no personal data).
        erasure_summary: {},
        erased_at: { label: 'Fecha de la supresión' },
        contact_erased_at: {},
        completion_requested_at: { label: 'Fecha en que pedimos completarla' },
        completion_message: { label: 'Lo que pedimos completar', personal: 'texto' },
        completed_at: { label: 'Fecha en que se completó' },
        created_at: { label: 'Fecha de radicación' },
        // Assignment (#32): the member of the team (their data, kept) or the area, and when.
        assignee_sub: { personal: 'equipo' },
        assignee_email: { personal: 'equipo' },
        assignee_name: { personal: 'equipo' },
        assigned_area: { label: 'Área asignada' },
        assigned_at: { label: 'Fecha de asignación' },
      },
      erase: {
        action: 'anonymise',
        why: 'Quedan el radicado, el tipo, las fechas y el resultado, sin datos de contacto ni textos: la prueba de que el derecho se atendió (Ley 1581 arts. 14 y 15).',
      },
      orderBy: 'created_at',
    }),
    tableSpec({
      table: 'account.data_request_events',
      label: 'Historial de tus solicitudes sobre datos personales',
      belongs: [{ parent: 'account.data_requests', column: 'request_id', parentColumn: 'id' }],
      columns: {
        request_id: {},
        action: { label: 'Acción' },
        status: { label: 'Estado' },
        note: { label: 'Nota', personal: 'texto' },
        due_date: { label: 'Fecha límite' },
        at: { label: 'Fecha' },
        actor_sub: { personal: 'equipo' },
        actor_email: { personal: 'equipo' },
      },
      extra: { Radicado: sql`(select r.radicado from account.data_requests r where r.id = t.request_id)` },
      erase: { action: 'anonymise', why: 'Quedan las acciones y sus fechas, sin notas.' },
      orderBy: 'at',
    }),
    tableSpec({
      table: 'account.data_request_attachments',
      label: 'Archivos adjuntos a la respuesta de tus solicitudes sobre datos personales',
      belongs: [{ parent: 'account.data_requests', column: 'request_id', parentColumn: 'id' }],
      columns: {
        request_id: {},
        attached_to: { label: 'Adjunto a', values: { respuesta: 'La respuesta', nota: 'Una nota interna' } },
        ...caseAttachmentColumns,
      },
      extra: { Radicado: sql`(select r.radicado from account.data_requests r where r.id = t.request_id)` },
      // The files go with the erasure (their bytes by the removals' trigger and the hourly job).
      erase: { action: 'delete' },
      orderBy: 'uploaded_at',
    }),
    tableSpec({
      table: 'account.data_request_codes',
      label: 'Códigos de verificación pedidos para solicitudes sobre tus datos',
      belongs: [{ key: 'email_key', digest: dataRequestEmailKey }],
      columns: {
        email_key: { personal: 'seudonimo' },
        ip_key: { personal: 'red' },
        salt: {},
        code_hash: {},
        attempts: { label: 'Intentos' },
        created_at: { label: 'Fecha' },
        expires_at: { label: 'Vencía' },
        used_at: { label: 'Usado' },
        link_hash: {},
        link_expires_at: { label: 'El enlace del correo vencía' },
      },
      erase: { action: 'delete' },
      orderBy: 'created_at',
    }),
    tableSpec({
      table: 'account.data_request_code_misses',
      label: 'Códigos incorrectos escritos para tu correo',
      belongs: [{ key: 'email_key', digest: dataRequestEmailKey }],
      columns: { email_key: { personal: 'seudonimo' }, ip_key: { personal: 'red' }, at: { label: 'Fecha' } },
      erase: { action: 'delete' },
      orderBy: 'at',
    }),
    tableSpec({
      table: 'account.data_request_exports',
      label: 'Copias de tus datos enviadas antes',
      belongs: [{ key: 'email_key', digest: dataRequestEmailKey }],
      columns: {
        request_id: {},
        token_hash: {},
        email_key: { personal: 'seudonimo' },
        // The earlier copy itself holds everything the site held then; this copy lists it only by its dates.
        json: { personal: 'texto' },
        pdf: { personal: 'texto' },
        records: { label: 'Registros' },
        created_at: { label: 'Fecha' },
        expires_at: { label: 'El enlace vence' },
        downloaded_at: { label: 'Descargada' },
      },
      extra: { Radicado: sql`(select r.radicado from account.data_requests r where r.id = t.request_id)` },
      erase: { action: 'delete' },
      orderBy: 'created_at',
    }),
    tableSpec({
      table: 'account.data_request_account_deletions',
      label: 'Borrado pendiente de tu cuenta en el sitio',
      belongs: [{ email: ['email'] }],
      columns: {
        request_id: {},
        // The identity provider deletes an account by its address: kept only until the account is gone.
        email: { label: 'Correo electrónico', personal: 'correo', keptOnRetained: true },
        created_at: { label: 'Fecha de la supresión' },
        attempts: { label: 'Intentos' },
        last_attempt_at: { label: 'Último intento' },
        claimed_until: {},
      },
      erase: {
        action: 'retain-if',
        when: sql<boolean>`true`,
        why: 'Es el borrado de la cuenta que una supresión ya ordenó: el proveedor de identidad la borra por el correo, y la fila se borra en cuanto la cuenta deja de existir.',
      },
      orderBy: 'created_at',
    }),
  ],
  plain: [
    { table: 'account.data_request_counters', why: 'El último número de radicado de cada año.' },
    {
      table: 'account.data_request_attachment_removals',
      why: 'Claves aleatorias de archivos adjuntos ya borrados, hasta que el almacén de objetos los elimina.',
    },
  ],
};
