import { tableSpec, type DomainRegistry } from './registry';
import { consentChannels } from '../../legal/consent-channels';

/**
 * The tables every server shares: the mail outbox (mailer.ts), the consent proofs (consents.ts) and the panel's audit
 * log and job runs (audit.ts). `consentForms` maps each form's name to its label in the copy, as the domains declare
 * them (`remote-<domain>/manifest/consent.ts`, composed by composeDomains).
 */
export const siteTables = (consentForms: Readonly<Record<string, string>>): DomainRegistry => ({
  tables: [
    tableSpec({
      table: 'mail.outbox',
      label: 'Correos que te enviamos',
      // A message to the address is theirs; one that merely names it (none does today) goes with an erasure too. The
      // HTML body is the text body's twin: searching it too would double a scan of every mail of the last months.
      belongs: [{ email: ['to_address'] }, { mentions: ['subject', 'text_body'] }],
      columns: {
        to_address: { label: 'Destinatario', personal: 'correo' },
        subject: { label: 'Asunto', personal: 'texto' },
        text_body: { label: 'Texto', personal: 'texto' },
        html_body: { personal: 'texto' },
        // RFC 8058 headers: the newsletter's unsubscribe link (a token, no personal data).
        headers: {},
        // The message's links, codes and passwords while it waits for delivery (mailer.ts): secrets, not personal data,
        // and never shown in a copy (they are in the text as it was sent until then).
        secrets: {},
        // Files sent with a message (a transferred PQRSF's PDF, #32): personal data while the message waits; the
        // mailer drops the bytes once an SMTP server accepted it or delivery was given up.
        attachments: { personal: 'texto' },
        status: {
          label: 'Estado del envío',
          values: { pending: 'Pendiente', sending: 'Enviándose', sent: 'Enviado', failed: 'No se pudo entregar' },
        },
        attempts: {},
        // A delivery error may quote the address.
        last_error: { personal: 'texto' },
        next_attempt_at: {},
        created_at: { label: 'Fecha' },
        sent_at: { label: 'Enviado' },
      },
      erase: { action: 'delete' },
      orderBy: 'created_at',
    }),
    tableSpec({
      table: 'privacy.consents',
      label: 'Autorizaciones para el tratamiento de tus datos',
      belongs: [{ email: ['subject_email'] }],
      columns: {
        form: { label: 'Formulario', values: consentForms },
        record_table: {},
        record_ref: { label: 'Número del registro' },
        subject_email: { label: 'Correo', personal: 'correo' },
        policy_version: { label: 'Versión de la política de privacidad' },
        text_sha256: {},
        basis: { label: 'Base', values: { consent: 'Autorización expresa', legal_duty: 'Aviso (trámite de un derecho)' } },
        channel: { label: 'Cómo se dio', values: consentChannels },
        granted_at: { label: 'Fecha' },
      },
      // The proof that an authorization was given is kept (Decreto 1377 art. 7) without the address it was given from.
      erase: {
        action: 'anonymise',
        why: 'La prueba de que se dio la autorización (formulario, versión, texto y fecha) se conserva sin el correo: muestra que el tratamiento anterior a la supresión fue autorizado.',
      },
      orderBy: 'granted_at',
    }),
  ],
  team: [
    {
      table: 'staff.audit_log',
      columns: ['actor_sub', 'actor_email', 'actor_roles', 'entity_id', 'detail'],
      why: 'Registro de auditoría del panel, de solo inserción (la base de datos rechaza cambios y borrados): quién del equipo hizo qué y cuándo, con qué roles. Nombra los registros por número o radicado y nunca guarda datos de un visitante (de una búsqueda guarda solo qué filtros se usaron); `entity_id` es el correo de un miembro del equipo en las acciones sobre el equipo.',
    },
    {
      table: 'publishing.revisions',
      columns: ['saved_by', 'published_by', 'body'],
      why: 'Lo que el equipo publica en el sitio desde el panel (datos de la fundación, precios, textos), cada versión guardada con el correo de quien la guardó y la publicó. El contenido es el que la fundación hace público (nombra a quienes firman sus certificados), nunca datos de un visitante.',
    },
    {
      table: 'staff.members',
      columns: ['email', 'name', 'roles', 'status', 'username', 'sub', 'invite_token_hash', 'invited_by'],
      why: 'El equipo del panel y sus invitaciones: correo invitado, nombre, roles y la cuenta que aceptó la invitación (de la invitación se guarda solo la huella del enlace). Es el registro de quién tiene acceso; quien deja el equipo queda como «retirado» con la fecha.',
    },
  ],
  plain: [{ table: 'staff.job_runs', why: 'Qué tarea programada corrió y cuándo.' }],
});
