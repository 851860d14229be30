/** Monthly giving's messages (#29). */
export const monthlyTexts = {
  notFound: 'No encontramos esta donación mensual. Revisa que el enlace esté completo, tal como llegó a tu correo.',
  providerDown: 'No pudimos comunicarnos con la pasarela de pagos. Intenta de nuevo en unos minutos.',
  cancelled: 'Esta donación mensual ya fue cancelada y no se puede modificar.',
  notAuthorized: 'Esta donación mensual todavía no está activa: primero autoriza el cobro con tu tarjeta.',
  notPaused: 'Esta donación mensual no está pausada.',
  refused: 'Mercado Pago no aceptó este cambio en el estado actual de tu donación mensual. Recarga la página e intenta de nuevo.',
  notActive: 'Solo se puede pausar una donación mensual activa.',
  confirmRequired: 'Confirma que quieres cancelar tu donación mensual. La cancelación es definitiva.',
  amountRequired: 'Ingresa el nuevo valor mensual en pesos, sin puntos ni decimales.',
  tooManyForEmail: 'Ya registramos varias donaciones mensuales con este correo en la última hora. Espera un momento e intenta de nuevo.',
} as const;

// The manage link's schemas are in ./manage-schemas.ts, and the start's (the one monthly operation the donation page
// calls) in ./start-schemas.ts: the donation page loads that one and must not build the others, nor carry these
// messages (#33).
