// Fixed texts of the community API's acknowledgements (Spanish, as the visitor reads them).

/**
 * Acknowledgements go to an address nobody verified, so an attacker can type a victim's. Every word here is fixed:
 * no submitted name, company, comment or link ever reaches these texts (issue #11, row 6). Only the record number
 * and server-computed dates are added, by `acknowledge.ts` (label/value rows, and the radicado after the PQRSF subject).
 */
export const acknowledgementTexts = {
  greeting: 'Hola:',
  // Whoever owns the mailbox may not be who filed the form.
  notYou: 'Si no enviaste este formulario, puedes ignorar este mensaje: no tienes que hacer nada.',
  volunteer: {
    subject: 'Recibimos tu registro como voluntario',
    paragraphs: [
      'Gracias por querer compartir tu tiempo y tus conocimientos con la fundación. Revisaremos tu registro y te escribiremos en los próximos días hábiles para coordinar una primera conversación.',
    ],
    numberLabel: 'Número de registro',
    dateLabel: 'Fecha de registro',
  },
  ally: {
    subject: 'Recibimos el registro de tu empresa',
    paragraphs: [
      'Gracias por registrar tu empresa como aliada de la fundación. Nuestro equipo de alianzas te contactará en los próximos días hábiles para construir juntos la alianza.',
    ],
    numberLabel: 'Número de registro',
    dateLabel: 'Fecha de registro',
  },
  pqrsf: {
    subject: 'Radicamos tu PQRSF',
    paragraphs: [
      'Recibimos tu solicitud y ya está en proceso. Guarda tu número de radicado: con él y tu número de documento puedes consultar su estado en cualquier momento.',
    ],
    term: (days: number) =>
      `De acuerdo con la Ley 1755 de 2015, te responderemos a más tardar en ${days} días hábiles, es decir, antes de la fecha límite indicada.`,
    numberLabel: 'Número de radicado',
    dateLabel: 'Fecha de radicación',
    dueDateLabel: 'Fecha límite de respuesta',
    lookupAction: 'Consulta el estado de tu solicitud',
  },
  inquiry: {
    subject: 'Recibimos tu consulta',
    // Chosen by the route the inquiry was sent to, never by what was typed.
    subjects: {
      'vale-ser': 'Recibimos tu consulta sobre el Taller Vale Ser',
      'arte-de-amarte': 'Recibimos tu consulta sobre el Taller Arte de Amarte',
    },
    paragraphs: [
      'Gracias por escribirnos. Nuestro equipo leerá tu consulta y te responderá en los próximos días hábiles con las fechas, el valor y los pasos para participar.',
    ],
    numberLabel: 'Número de consulta',
    dateLabel: 'Fecha de la consulta',
  },
  software: {
    subject: 'Recibimos tu solicitud de software a la medida',
    paragraphs: [
      'Gracias por tu interés en nuestro servicio de software a la medida. Te contactaremos en los próximos días hábiles para conocer tu proyecto. Parte de cada venta financia la formación de jóvenes en situación de vulnerabilidad.',
    ],
    numberLabel: 'Número de solicitud',
    dateLabel: 'Fecha de la solicitud',
  },
  newsletter: {
    subject: 'Tu suscripción al boletín',
    paragraphs: ['Gracias por suscribirte a nuestro boletín. Te contaremos sobre nuevos cursos, talleres y formas de ayudar.'],
    numberLabel: null,
    dateLabel: 'Fecha de suscripción',
  },
} as const;
