// Fixed server-side texts of the courses API (Spanish, as the visitor reads them).
export const apiTexts = {
  enrolmentNotFound: 'No encontramos la inscripción. Vuelve a diligenciar el formulario.',
  alreadyPaid: 'Esta inscripción ya está pagada.',
  moduleUnavailable: 'El módulo elegido no está disponible para este curso.',
} as const;
