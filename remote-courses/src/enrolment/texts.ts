// Fixed texts of the spec for the enrolment page: a copy change is one edit here.
export const enrolmentPageTexts = {
  stepsTitle: 'Inscribirte toma dos pasos',
  step1: 'Diligencia el formulario con tus datos personales.',
  step2: 'Paga el módulo elegido en la pasarela segura.',
  requiredNote: 'Los campos marcados con * son obligatorios.',
  pay: '💳 Proceder al Pago',
  paying: 'Procesando...',
  secure: '🔒 Pago seguro procesado por Mercado Pago',
  reserved: '✅ Tu cupo estará reservado una vez completes el pago',
  summaryTitle: 'Resumen de tu inscripción',
  noModuleYet: 'Elige un módulo',
  fullCourseUnit: 'por los 3 módulos',
  toCompany: 'Necesito la factura a nombre de una empresa',
  toCompanyHint: 'La factura electrónica sale a nombre de la empresa; sin marcar, sale a tu nombre con tu documento.',
  buyerNit: 'NIT de la empresa (con dígito de verificación)',
  buyerNitPlaceholder: '901.234.567-7',
  buyerBusinessName: 'Razón social',
  restored:
    'Recuperamos los datos que escribiste antes de ir a pagar (se guardan en este dispositivo hasta 24 horas). Revísalos, elige de nuevo tu ocupación y tu nivel educativo y acepta los términos.',
} as const;
