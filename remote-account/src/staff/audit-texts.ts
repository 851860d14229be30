/**
 * The audit screen (admins), in plain Spanish. What each action and kind of record means is not here: every domain
 * names its own in its manifest (`remote-<name>/manifest/audit.ts`, #27) and the audit API answers with the labels.
 */
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
