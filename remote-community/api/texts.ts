// Fixed server-side texts of the community API (Spanish, as the visitor reads them).
export const apiTexts = {
  pqrsfSubject: 'Radicamos tu PQRSF',
  pqrsfIntro: (name: string) => `Hola, ${name}:`,
  pqrsfBody:
    'Recibimos tu solicitud y ya está en proceso. Guarda tu número de radicado: con él y tu número de documento puedes consultar su estado en cualquier momento.',
  pqrsfTerm: (days: number) =>
    `De acuerdo con la Ley 1755 de 2015, te responderemos a más tardar en ${days} días hábiles, es decir, antes de la fecha indicada.`,
  pqrsfLookupAction: 'Consulta el estado de tu solicitud',
  volunteerSubject: 'Recibimos tu registro como voluntario',
  volunteerBody:
    'Gracias por querer compartir tu tiempo y tus conocimientos con la fundación. Revisaremos tu registro y te escribiremos en los próximos días hábiles para coordinar una primera conversación.',
  allySubject: 'Recibimos el registro de tu empresa',
  allyBody: (company: string) =>
    `Gracias por registrar a ${company} como empresa aliada. Nuestro equipo de alianzas te contactará en los próximos días hábiles para construir juntos la alianza.`,
  registrationId: 'Número de registro',
} as const;
