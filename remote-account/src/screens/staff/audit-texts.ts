/** The audit screen (admins), in plain Spanish. */
export const auditTexts = {
  title: 'Auditoría',
  intro: 'Quién hizo qué en el panel, del más reciente al más antiguo. Este registro no se puede modificar.',
  loading: 'Cargando el registro…',
  caption: 'Registro de acciones del equipo',
  when: 'Fecha y hora (Bogotá)',
  who: 'Quién',
  what: 'Acción',
  record: 'Registro',
  filter: 'Tipo de acción',
  allKinds: 'Todas las acciones',
  more: 'Cargar más',
  loadingMore: 'Cargando…',
  end: 'No hay más registros.',
  empty: 'No hay acciones registradas de este tipo.',
  failed: 'No pudimos cargar el registro. Revisa tu conexión e inténtalo de nuevo.',
  retry: 'Intentar de nuevo',
  shown: (n: number) => `${n === 1 ? 'Se muestra 1 registro' : `Se muestran ${n} registros`}.`,
} as const;

/** Kinds of action the audit screen filters by (an action prefix each). */
export const auditKinds: ReadonlyArray<{ value: string; label: string }> = [
  { value: 'account.staff', label: 'Cambios en el equipo' },
  { value: 'community.pqrsf', label: 'Casos PQRSF' },
  { value: 'community.export', label: 'Exportaciones de datos' },
  { value: 'community.inbox', label: 'Bandeja de la comunidad' },
];

/** What each known action means, in plain words (the community remote's actions included); unknown ones show their code. */
export const auditActionLabels: Record<string, string> = {
  'account.staff.invite': 'Invitó a una persona al equipo',
  'account.staff.remove': 'Retiró a una persona del equipo',
  'community.pqrsf.start': 'Pasó un caso PQRSF a «En trámite»',
  'community.pqrsf.respond': 'Respondió un caso PQRSF',
  'community.pqrsf.extend': 'Amplió el plazo de un caso PQRSF',
  'community.pqrsf.transfer': 'Trasladó un caso PQRSF a otra entidad',
  'community.pqrsf.close': 'Cerró un caso PQRSF',
  'community.pqrsf.note': 'Agregó una nota interna a un caso PQRSF',
  'community.pqrsf.digest': 'Envió a mano el resumen de vencimientos',
  'community.export': 'Exportó datos a CSV',
  'community.inbox.contact': 'Marcó un registro como contactado',
  'community.inbox.contact.undo': 'Quitó la marca de contactado',
};

/** The kind of record an audit row names. */
export const auditEntityLabels: Record<string, string> = {
  staff_member: 'Miembro del equipo',
  pqrsf: 'PQRSF',
  volunteers: 'Voluntarios',
  allies: 'Empresas aliadas',
  workshop_inquiries: 'Consultas de talleres',
  software_requests: 'Solicitudes de software',
  newsletter_subscriptions: 'Suscriptores del boletín',
};
