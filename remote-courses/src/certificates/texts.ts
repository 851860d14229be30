/** The verification page's copy (#31), in one place. */
export const verificationTexts = {
  title: 'Verificar un certificado',
  intro:
    'Comprueba si un certificado de finalización de nuestros cursos es auténtico y sigue vigente. Escanea su código QR o escribe el código de verificación que aparece en él.',
  loading: 'Consultando el certificado…',
  loadFailed: 'No pudimos consultar el certificado en este momento. Revisa tu conexión e intenta de nuevo.',
  retry: 'Intentar de nuevo',
  valid: 'Certificado válido',
  validNote: 'La fundación expidió este certificado y está vigente.',
  voided: 'Certificado anulado',
  voidedNote: (date: string) => `La fundación anuló este certificado el ${date}: ya no acredita la finalización del curso.`,
  facts: {
    name: 'Nombre',
    course: 'Curso',
    completedOn: 'Fecha de finalización',
    number: 'Número de certificado',
    state: 'Estado',
    voidedOn: 'Anulado el',
  },
  stateValid: 'Válido',
  stateVoided: 'Anulado',
  formTitle: 'Verificar otro código',
  formTitleFirst: 'Escribe el código de verificación',
  codeLabel: 'Código de verificación',
  codeHint: 'Está en el certificado, junto al código QR: 32 letras y números. Puedes escribirlo con o sin guiones.',
  codeInvalid: 'Escribe el código completo: 32 letras y números (del 2 al 7), como aparece en el certificado.',
  submit: 'Verificar',
} as const;
