import type { AuditLabels } from 'shared/server/audit-labels';

/** How the audit log names the community domain's actions (PQRSF, its inbox, the newsletter) and records (#27). */
export const communityAudit: AuditLabels = {
  kinds: {
    'community.pqrsf': 'Casos PQRSF',
    'community.export': 'Exportaciones de datos',
    'community.inbox': 'Bandeja de la comunidad',
    'community.newsletter': 'Boletín',
  },
  actions: {
    'community.pqrsf.read': 'Consultó casos PQRSF',
    'community.inbox.read': 'Consultó registros de la comunidad',
    'community.pqrsf.start': 'Pasó un caso PQRSF a «En trámite»',
    'community.pqrsf.respond': 'Respondió un caso PQRSF',
    'community.pqrsf.extend': 'Amplió el plazo de un caso PQRSF',
    'community.pqrsf.transfer': 'Trasladó un caso PQRSF a otra entidad',
    'community.pqrsf.close': 'Cerró un caso PQRSF',
    'community.pqrsf.note': 'Agregó una nota interna a un caso PQRSF',
    'community.pqrsf.attachment.upload': 'Subió un adjunto a un caso PQRSF',
    'community.pqrsf.attachment.remove': 'Quitó un adjunto aún no enviado de un caso PQRSF',
    'community.pqrsf.attachment.read': 'Descargó un adjunto de un caso PQRSF',
    'community.pqrsf.assign': 'Asignó un caso PQRSF a una persona del equipo o a un área',
    'community.pqrsf.digest': 'Envió a mano el resumen de vencimientos',
    'community.pqrsf.report.export': 'Descargó el informe de PQRSF (CSV o PDF; solo cifras)',
    'community.export': 'Exportó datos a CSV',
    'community.inbox.contact': 'Registró un contacto con un registro de la comunidad',
    'community.inbox.contact.undo': 'Quitó la marca de contactado',
    'community.inbox.reply': 'Respondió por correo a un registro de la comunidad',
    'community.inbox.correct': 'Corrigió datos de un registro de la comunidad',
    'community.inbox.remove': 'Eliminó un registro de la comunidad',
    'community.newsletter.send': 'Envió el boletín a los suscriptores',
  },
  entities: {
    pqrsf: 'PQRSF',
    volunteers: 'Voluntarios',
    allies: 'Empresas aliadas',
    workshop_inquiries: 'Consultas de talleres',
    software_requests: 'Solicitudes de software',
    newsletter_subscriptions: 'Suscriptores del boletín',
    newsletter_sends: 'Envío del boletín',
    community_record: 'Registro de la comunidad',
  },
};
