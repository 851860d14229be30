// The kinds of a data subject's request (#15), as data: the account remote's schemas and screens use them, and so does
// this manifest's personal-data registry (which imports nothing of src/).

/**
 * What a person may ask (Ley 1581 art. 8): to know the data held (a *consulta*, art. 14), or to correct or update it,
 * to have it erased, or to revoke the authorization (each a *reclamo*, art. 15).
 */
export const dataRequestKinds = ['acceso', 'correccion', 'supresion', 'revocatoria'] as const;
export type DataRequestKind = (typeof dataRequestKinds)[number];

/** The kinds' names as people read them (screens and e-mails). */
export const dataRequestKindLabels: Record<DataRequestKind, string> = {
  acceso: 'Acceso a mis datos (consulta)',
  correccion: 'Corrección o actualización de mis datos (reclamo)',
  supresion: 'Supresión de mis datos (reclamo)',
  revocatoria: 'Revocatoria de la autorización (reclamo)',
};
