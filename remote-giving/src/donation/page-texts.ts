// Fixed texts of the donation page /contribuciones (spec §2, §5, §8, #29): in their own module, so the page's first load
// carries only these (../texts.ts, which re-exports them, has every other giving screen's).

export const donationPageTexts = {
  title: 'Dona aquí',
  formTitle: 'Formulario de donación',
  amountLegend: 'Elige el monto de tu donación',
  noAmountYet: 'Aún no has elegido un monto.',
  emailHint: 'Allí te enviaremos el comprobante de tu donación.',
  customLabel: 'Valor en pesos (solo números)',
  customPlaceholder: 'Ej: 50000',
  customHint: 'O escribe otro valor: reemplaza al monto elegido arriba.',
  customHintWithin: (min: string, max: string) => `O escribe otro valor (mínimo ${min}, máximo ${max}): reemplaza al monto elegido arriba.`,
  outOfRange: (min: string, max: string) => `El monto debe estar entre ${min} y ${max}.`,
  contributorTitle: 'Tus datos',
  requiredNote: 'Los campos marcados con * son obligatorios.',
  submit: 'Donar',
  submitting: 'Loading...',
  secure: '🔒 Pago seguro procesado por Mercado Pago',
  redirecting: 'Te estamos llevando a la pasarela de pagos…',
  summary: (amount: string) => `Vas a donar ${amount}`,
  frequencyLegend: '¿Cada cuánto quieres donar?',
  once: 'Una vez',
  monthly: 'Cada mes',
  monthlyNote:
    'La donación mensual se cobra cada mes a tu tarjeta de crédito o débito, a través de Mercado Pago: la autorizas una vez y puedes cambiar el valor, pausarla o cancelarla desde el enlace que te enviamos por correo. PSE y Efecty solo sirven para donar una vez, porque piden que apruebes cada pago.',
  monthlySummary: (amount: string) => `Vas a donar ${amount} cada mes`,
  monthlySubmit: (amount: string) => `Donar ${amount} cada mes`,
  monthlyRedirecting: 'Te estamos llevando a Mercado Pago para autorizar el cobro mensual con tu tarjeta…',
  errorsTitle: 'Por favor corrige los siguientes errores:',
  certificateLinkFailed: (email: string) =>
    `El enlace del certificado de donación no es válido o ya venció. Escríbenos a ${email} desde el correo con el que donaste y te enviamos el certificado.`,
  certificateNameRefused: (email: string) =>
    `No podemos expedir el certificado con el nombre registrado en la donación: tiene números, enlaces u otros signos que un nombre no lleva. Escríbenos a ${email} desde el correo con el que donaste, con tu nombre completo y tu documento, y te lo expedimos.`,
} as const;
