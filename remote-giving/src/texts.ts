// Fixed texts of the spec for the giving remote: a copy change is one edit here.
import type { ResultTexts } from 'shared/payments/result-texts';

/** What the generic result pages say about a donation; the rest of their texts are the shared ones (spec §2). */
export const donationResultTexts: Partial<ResultTexts> = {
  successLead: '¡Gracias por tu donación! Tu aporte fue recibido.',
  // Shown only under a payment the server confirmed approved: the receipt e-mail goes out with that approval.
  accessPromise:
    'Te enviamos el comprobante de tu donación por correo, con un enlace personal para descargar el certificado de donación para tu declaración de renta.',
};

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

/** The campaign block of /contribuciones (#14). */
export const campaignProgressTexts = {
  heading: 'Campaña en curso',
  raised: (raised: string, goal: string) => `${raised} recaudados de una meta de ${goal}`,
  valueText: (raised: string, goal: string, percent: number) => `${percent} % de la meta: ${raised} de ${goal}`,
  donations: (n: number) => (n === 1 ? '1 donación' : `${n.toLocaleString('es-CO')} donaciones`),
  until: (date: string) => `Hasta el ${date}`,
  reached: '¡Meta alcanzada! Gracias a cada persona que donó. Tu aporte sigue sumando.',
} as const;
