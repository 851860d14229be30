// Fixed texts of the payment result pages (spec §2, §8, §9), shared by /pago/* (courses) and /success|/failure|/pending.

/** Headline of each result page (spec §2). */
export const resultHeading: Record<string, string> = { success: 'Genial', failure: 'Lo sentimos', pending: 'Tranquilo' };

/** Texts of the result screens; a page may replace the ones that name what was paid (a course or a donation). */
export const resultTexts = {
  successLead: '¡Gracias por inscribirte! Tu pago fue recibido.',
  statusTitle: 'Estado de tu pago',
  approved: 'Aprobado',
  processing: 'Procesando',
  accessPromise: 'Te enviaremos por correo las instrucciones de acceso 24 horas antes del inicio de clases.',
  failureLead: 'No pudimos completar la transacción. Si el problema continúa, comunícate con tu banco.',
  failureTitle: 'Pago No Completado',
  tips: [
    'Verifica que los datos de tu tarjeta sean correctos.',
    'Asegúrate de tener fondos suficientes.',
    'Intenta con otro medio de pago.',
    'Comunícate con tu banco para autorizar la compra.',
  ] as readonly string[],
  retry: 'Intentar Nuevamente',
  otherCourses: 'Ver Otros Cursos',
  pendingLead: 'Esperaremos hasta que tu pago se complete. Te avisaremos por correo cuando se confirme.',
  pendingTitle: 'Tu pago está en proceso',
  currentStatus: 'Estado actual:',
  verify: 'Verificar Estado',
  verifying: 'Verificando...',
  checking: 'Consultando el estado de tu pago…',
  verifyError: 'Error al verificar el estado del pago',
  notThisBrowser:
    'Este pago se inició en otro navegador o dispositivo, así que por seguridad no mostramos su estado aquí. Te enviaremos el resultado al correo que registraste.',
  /** A return URL without a payment the server can check (e.g. `payment_id=abc`): no status is shown at all. */
  noPaymentToCheck:
    'Este enlace no trae un pago que podamos consultar, así que no mostramos ningún estado. Si pagaste, te enviaremos el resultado al correo que registraste.',
  /** The failure page without a payment: the visitor left the checkout before paying (spec §4). */
  noPaymentMade: 'No se registró ningún pago, así que no se hizo ningún cobro.',
  checkAgain: 'Verificar de nuevo',
  home: 'Ir al inicio',
  receiptTitle: 'Detalle del pago',
  receiptAmount: 'Valor',
  receiptNumber: 'Número de pago',
  receiptDate: 'Fecha',
  receiptMethod: 'Medio de pago',
};

export type ResultTexts = typeof resultTexts;

/** Reason for a failed payment, by provider status and detail (spec §8). */
export function failureReason(status: string | null, detail: string | null): string {
  if (status === 'rejected') {
    const byDetail: Record<string, string> = {
      cc_rejected_insufficient_amount: 'Fondos insuficientes en tu tarjeta',
      cc_rejected_bad_filled_card_number: 'Número de tarjeta incorrecto',
      cc_rejected_bad_filled_date: 'Fecha de vencimiento incorrecta',
      cc_rejected_bad_filled_security_code: 'Código de seguridad incorrecto',
      cc_rejected_bad_filled_other: 'Revisa los datos de tu tarjeta',
    };
    return byDetail[detail ?? ''] ?? 'El pago fue rechazado por el banco';
  }
  if (status === 'cancelled') return 'El pago fue cancelado';
  return 'Hubo un problema procesando tu pago';
}

/** Processing time by payment type (spec §9). */
export function processingTime(paymentType: string | null): string {
  switch (paymentType) {
    case 'bank_transfer':
      return 'Las transferencias bancarias tardan de 1 a 2 días hábiles en confirmarse.';
    case 'ticket':
      return 'Los pagos en efectivo tardan de 1 a 3 días hábiles en confirmarse.';
    case 'atm':
      return 'Los pagos en cajero tardan de 1 a 2 días hábiles en confirmarse.';
    default:
      return 'Tu pago puede tardar de 1 a 3 días hábiles en confirmarse.';
  }
}

/**
 * A provider status in words for the pending page; a value nobody named yet is 'Desconocido' (spec §4 allows it), never
 * the provider's code (#31).
 */
export function statusLabel(status: string): string {
  const labels: Record<string, string> = {
    approved: 'Aprobado',
    pending: 'Pendiente',
    in_process: 'En proceso',
    authorized: 'Autorizado',
    rejected: 'Rechazado',
    cancelled: 'Cancelado',
    refunded: 'Reembolsado',
    charged_back: 'Contracargo',
    in_mediation: 'En disputa',
  };
  return status ? (labels[status] ?? 'Desconocido') : 'Pendiente';
}

/** What the provider's return URL says; only a hint — the page asks the server for the real status. */
export interface ReturnParams {
  paymentId: string;
  reference: string;
  /** A numeric payment id: there is a payment the server can check. */
  hasPayment: boolean;
  hint: { status: string; status_detail: string | null; payment_type: string | null };
}

/** Reads the provider's return query (payment_id or collection_id, status or collection_status, …). */
export function readReturnParams(search: string): ReturnParams {
  const params = new URLSearchParams(search);
  const paymentId = params.get('payment_id') ?? params.get('collection_id') ?? '';
  return {
    paymentId,
    reference: params.get('external_reference') ?? '',
    hasPayment: /^\d+$/.test(paymentId),
    hint: {
      status: params.get('status') ?? params.get('collection_status') ?? '',
      status_detail: params.get('status_detail'),
      payment_type: params.get('payment_type') ?? params.get('payment_type_id'),
    },
  };
}

/** What the provider answered, as the end of "Consultado a las 14:32: …". */
export function checkedSentence(status: string): string {
  const sentences: Record<string, string> = {
    approved: 'el pago fue aprobado',
    pending: 'el pago sigue pendiente',
    in_process: 'el pago sigue en proceso',
    authorized: 'el pago está autorizado y aún falta su confirmación',
    rejected: 'el pago fue rechazado',
    cancelled: 'el pago fue cancelado',
    refunded: 'el pago fue devuelto',
    charged_back: 'el pago tuvo un contracargo',
  };
  // Never the provider's code (#31): a status nobody named yet is only "not confirmed yet".
  return sentences[status] ?? 'el pago aún no está confirmado';
}

/** "Consultado a las 14:32: el pago sigue pendiente." — the time in Colombia (no daylight saving: UTC−5). */
export function checkedAtLine(checkedAt: string, status: string): string {
  const t = new Date(checkedAt);
  const time = Number.isNaN(t.getTime()) ? '' : new Date(t.getTime() - 5 * 3600_000).toISOString().slice(11, 16);
  return `Consultado a las ${time}: ${checkedSentence(status)}.`;
}

/** Which result page a status the server confirmed belongs on. */
export function resultFor(status: string): 'success' | 'failure' | 'pending' {
  if (status === 'approved') return 'success';
  if (['rejected', 'cancelled', 'refunded', 'charged_back'].includes(status)) return 'failure';
  return 'pending';
}

const paymentTypes: Record<string, string> = {
  credit_card: 'tarjeta de crédito',
  debit_card: 'tarjeta débito',
  prepaid_card: 'tarjeta prepagada',
  bank_transfer: 'transferencia bancaria',
  ticket: 'pago en efectivo',
  atm: 'cajero automático',
  account_money: 'dinero en cuenta',
};

const paymentMethods: Record<string, string> = {
  visa: 'Visa',
  master: 'Mastercard',
  amex: 'American Express',
  diners: 'Diners Club',
  debvisa: 'Visa Débito',
  debmaster: 'Mastercard Débito',
  codensa: 'Crédito Fácil Codensa',
  pse: 'PSE',
  efecty: 'Efecty',
};

/**
 * The payment method as a receipt names it: "Mastercard (tarjeta de crédito)", "PSE (transferencia bancaria)". A type
 * or method nobody named yet is never shown as the provider's code (#31): an unnamed brand is left out, an unnamed
 * type is "otro medio de pago".
 */
export function paymentMethodLabel(type: string | null, method: string | null): string {
  const kind = type ? (paymentTypes[type] ?? 'otro medio de pago') : null;
  const name = method ? (paymentMethods[method] ?? null) : null;
  if (name && kind) return `${name} (${kind})`;
  const one = name ?? kind;
  return one ? one.charAt(0).toUpperCase() + one.slice(1) : 'No informado';
}
