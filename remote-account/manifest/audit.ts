import type { AuditLabels } from 'shared/server/audit-labels';

/** How the audit log names the account domain's actions (the team, people's data requests) and records (#27). */
export const accountAudit: AuditLabels = {
  kinds: { 'account.staff': 'Cambios en el equipo', 'account.data': 'Solicitudes sobre datos personales' },
  actions: {
    'account.staff.invite': 'Invitó a una persona al equipo',
    'account.staff.accept': 'Aceptó su invitación al equipo',
    'account.staff.roles': 'Cambió los roles de una persona del equipo',
    'account.staff.remove': 'Retiró a una persona del equipo',
    'account.staff.sessions_ended':
      'Se cerraron sus sesiones porque su cuenta cambió (verificación en dos pasos configurada o contraseña restablecida)',
    'account.staff.second_factor.reset': 'Restableció la verificación en dos pasos de una persona del equipo',
    'account.staff.read': 'Consultó la lista del equipo',
    'account.staff.audit.read': 'Consultó el registro de auditoría',
    'account.staff.notices': 'Cambió sus propios avisos por correo de casos nuevos',
    'account.data.read': 'Consultó solicitudes sobre datos personales',
    'account.data.start': 'Pasó una solicitud de datos personales a «En trámite»',
    'account.data.extend': 'Amplió el plazo de una solicitud de datos personales',
    'account.data.respond': 'Respondió una solicitud de datos personales',
    'account.data.export': 'Generó la copia de los datos de una persona',
    'account.data.erase': 'Suprimió los datos personales de una persona',
    'account.data.retention': 'Ejecutó a mano la anonimización por vencimiento',
    'account.data.incomplete': 'Devolvió un reclamo incompleto pidiendo lo que falta',
    'account.data.resume': 'Reanudó un reclamo que volvió completo',
    'account.data.withdraw': 'Cerró como desistido un reclamo que no volvió completo',
    'account.data.assign': 'Asignó una solicitud de datos personales a una persona del equipo o a un área',
    'account.data.attachment.upload': 'Subió un adjunto a una solicitud de datos personales',
    'account.data.attachment.remove': 'Quitó un adjunto aún no enviado de una solicitud de datos personales',
    'account.data.attachment.read': 'Descargó un adjunto de una solicitud de datos personales',
  },
  entities: {
    staff_member: 'Miembro del equipo',
    data_request: 'Solicitud de datos personales',
    audit_log: 'Registro de auditoría',
  },
};
