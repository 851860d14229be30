// Fixed texts of the newsletter's mails (Spanish, as the visitor reads them).

/**
 * The newsletter's confirmation e-mail (double opt-in, #15): fixed text and our own link, nothing the visitor typed.
 * Every link works for its whole lifetime, also after newer ones: someone else may have typed the address since.
 */
export const newsletterConfirmationTexts = {
  subject: 'Confirma tu suscripción al boletín',
  greeting: 'Hola:',
  paragraphs: (days: number) => [
    'Alguien (esperamos que tú) pidió recibir el boletín de la fundación en este correo.',
    `Para empezar a recibirlo, abre el enlace y pulsa "Confirmar". El enlace sirve durante ${days} días, aunque después te lleguen otros correos como este: basta con uno.`,
    'Si no fuiste tú, ignora este mensaje: sin tu confirmación no te enviaremos nada más.',
  ],
  action: 'Confirmar mi suscripción',
} as const;
