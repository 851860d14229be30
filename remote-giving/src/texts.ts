// Fixed texts of the spec for the giving remote: a copy change is one edit here, or in the two modules re-exported below.
import type { ResultTexts } from 'shared/payments/result-texts';

/** What the generic result pages say about a donation; the rest of their texts are the shared ones (spec §2). */
export const donationResultTexts: Partial<ResultTexts> = {
  successLead: '¡Gracias por tu donación! Tu aporte fue recibido.',
  // Shown only under a payment the server confirmed approved: the receipt e-mail goes out with that approval.
  accessPromise:
    'Te enviamos el comprobante de tu donación por correo, con un enlace personal para descargar el certificado de donación para tu declaración de renta.',
};

// The donation page's and the campaign block's texts are in their own modules (re-exported here): the page loads
// those, not the other screens' texts (#33).
export { donationPageTexts } from './donation/page-texts';
export { campaignProgressTexts } from './campaign/progress-texts';

/** The page the provider sends the donor back to after authorizing a monthly gift (#29): nothing personal on it. */
export const monthlyResultTexts = {
  title: 'Donación mensual',
  heading: '¡Gracias! Tu donación mensual quedó autorizada',
  lead: 'Mercado Pago cobrará el valor que elegiste cada mes a la tarjeta que autorizaste.',
  email:
    'Te enviamos por correo el comprobante de cada cobro, con un enlace personal para ver tu donación mensual, cambiar el valor, pausarla o cancelarla. Guarda ese correo: el enlace más reciente es el que funciona.',
  notYet: 'Si no autorizaste el cobro o Mercado Pago lo rechazó, no se hizo ningún cargo: puedes volver a intentarlo cuando quieras.',
  back: 'Volver a Donaciones',
  home: 'Volver al inicio',
} as const;

/** The donor's manage page (#29), opened from the link in their e-mail. */
export const monthlyManageTexts = {
  title: 'Tu donación mensual',
  loading: 'Cargando tu donación mensual…',
  loadFailed: 'No pudimos cargar tu donación mensual. Revisa tu conexión e intenta de nuevo.',
  retry: 'Intentar de nuevo',
  network: 'No pudimos comunicarnos con el servidor. Revisa tu conexión e intenta de nuevo.',
  summaryTitle: 'Resumen',
  amount: 'Valor mensual',
  status: 'Estado',
  nextCharge: 'Próximo cobro',
  noNextCharge: 'Sin cobros programados',
  statuses: { pending: 'Por autorizar', authorized: 'Activa', paused: 'Pausada', cancelled: 'Cancelada' },
  pendingNote: 'Aún no autorizaste el cobro con tu tarjeta en Mercado Pago: hasta entonces no se hará ningún cargo.',
  cancelledNote: (date: string) => `Cancelaste esta donación mensual el ${date}. No se harán más cobros.`,
  failingTitle: 'Último cobro rechazado',
  failing:
    'Mercado Pago no pudo cobrar el último mes a tu tarjeta. Revisa que tenga fondos o cupo y que no esté vencida o bloqueada; Mercado Pago volverá a intentarlo en los próximos días. Si sigues teniendo problemas, comunícate con tu banco. Después de tres meses rechazados la donación se cancela.',
  chargesTitle: 'Cobros',
  noCharges: 'Todavía no hay cobros.',
  chargesCaption: 'Cobros de tu donación mensual, del más reciente al más antiguo',
  chargeDate: 'Fecha',
  chargeAmount: 'Valor',
  chargeState: 'Estado',
  chargeStates: {
    approved: 'Aprobado',
    refunded: 'Reembolsado',
    charged_back: 'Contracargo',
    cancelled: 'Anulado',
    rejected: 'Rechazado',
    in_process: 'En proceso',
    pending: 'Pendiente',
  } as Readonly<Record<string, string>>,
  otherChargeState: 'En revisión',
  amountTitle: 'Cambiar el valor',
  amountLegend: 'Nuevo valor mensual',
  customLabel: 'Otro valor en pesos (solo números)',
  customHint: 'O escribe otro valor: reemplaza al elegido arriba.',
  customHintWithin: (min: string, max: string) => `O escribe otro valor (mínimo ${min}, máximo ${max}): reemplaza al elegido arriba.`,
  amountNote: 'El nuevo valor se cobra desde el próximo mes.',
  saveAmount: 'Guardar el nuevo valor',
  sameAmount: 'Ese ya es el valor de tu donación mensual.',
  amountChanged: (amount: string) => `Listo: desde el próximo cobro donarás ${amount} cada mes.`,
  pauseTitle: 'Pausar o reanudar',
  pauseNote: 'Mientras esté pausada no se hará ningún cobro. Puedes reanudarla cuando quieras.',
  pause: 'Pausar la donación',
  resume: 'Reanudar la donación',
  paused: 'Listo: pausaste tu donación mensual. No se harán cobros hasta que la reanudes.',
  resumed: 'Listo: reanudaste tu donación mensual.',
  cancelTitle: 'Cancelar',
  cancelNote:
    'Cancelar es definitivo: no se harán más cobros y no podrás reanudarla. Si quieres volver a donar cada mes, tendrás que empezar una nueva donación.',
  cancel: 'Cancelar la donación mensual',
  confirmTitle: '¿Seguro que quieres cancelar?',
  confirmText: 'La cancelación es definitiva: tu donación mensual no se podrá reanudar.',
  confirmYes: 'Sí, cancelar definitivamente',
  confirmNo: 'No, mantenerla',
  cancelled: 'Cancelaste tu donación mensual. No se harán más cobros. Te enviamos la confirmación por correo. Gracias por tu apoyo.',
  working: 'Guardando…',
  backToDonations: 'Volver a Donaciones',
} as const;

/** Mis donaciones (#29): the signed-in donor's gifts. */
export const misDonacionesTexts = {
  title: 'Mis donaciones',
  intro: 'Tus donaciones mensuales y únicas hechas con el correo de tu cuenta. Desde aquí puedes gestionar tus donaciones mensuales.',
  anonymousTitle: 'Ingresa para ver tus donaciones',
  anonymousText: 'Ingresa con el correo con el que donaste y te traemos de vuelta aquí.',
  loginButton: 'Iniciar sesión',
  registerButton: 'Crear una cuenta',
  sessionExpired: 'Tu sesión expiró. Ingresa de nuevo para ver tus donaciones.',
  verifyLink: 'Verificar mi correo',
  loading: 'Cargando tus donaciones…',
  loadError: 'No pudimos cargar tus donaciones. Revisa tu conexión e intenta de nuevo.',
  retry: 'Intentar de nuevo',
  emptyTitle: 'Aún no hay donaciones con tu correo',
  emptyText:
    'Si donaste con otro correo, las verás en el comprobante que te llegó a esa dirección: trae el enlace para gestionar tu donación mensual.',
  donate: 'Hacer una donación',
  giftTitle: (since: string) => `Donación mensual desde el ${since}`,
  oneTimeTitle: 'Donaciones únicas',
  noOneTime: 'No tienes donaciones únicas aprobadas con este correo.',
  oneTimeCaption: 'Tus donaciones únicas aprobadas, de la más reciente a la más antigua',
  date: 'Fecha',
  amount: 'Valor',
  state: 'Estado',
  reference: 'Referencia',
  certificatesTitle: 'Certificados de donación',
  certificatesText:
    'Cada comprobante de donación (también el de cada cobro mensual) trae un enlace personal para descargar su certificado para tu declaración de renta. El certificado anual, con todas tus donaciones aprobadas del año, lo expide la fundación cuando el año termina.',
  certificatesAsk: (email: string) =>
    `Si el enlace venció o necesitas el certificado anual, escríbenos a ${email} desde el correo de tu cuenta y te lo enviamos.`,
} as const;
