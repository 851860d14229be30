// Fixed server-side texts of the courses API (Spanish, as the visitor reads them).
export const apiTexts = {
  enrolmentNotFound: 'No encontramos la inscripción. Vuelve a diligenciar el formulario.',
  alreadyPaid: 'Esta inscripción ya está pagada.',
  moduleUnavailable: 'El módulo elegido no está disponible para este curso.',
  paymentNotFound: 'No encontramos ese pago.',
  providerDown: 'No pudimos comunicarnos con la pasarela de pagos. Intenta de nuevo en unos minutos.',
  invalidSignature: 'Notificación no autorizada.',
} as const;
