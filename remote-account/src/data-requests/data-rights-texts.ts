import { dataRequestTerms, type DataRequestKind } from './schemas';

/** The visitor's page /datos-personales (Ley 1581 de 2012): every fixed text in one place. */
export const dataRightsTexts = {
  title: 'Tus datos personales',
  intro:
    'Puedes conocer los datos personales que la fundación tiene sobre ti, pedir que los corrijamos o actualicemos, que los suprimamos, o revocar la autorización que nos diste para tratarlos (Ley 1581 de 2012, artículo 8). Es gratis.',
  formTitle: 'Haz tu solicitud',
  formIntro:
    'Para proteger tus datos, primero comprobamos que el correo es tuyo: te enviaremos un código de 6 dígitos. Solo después de escribirlo radicamos la solicitud.',
  kindLegend: '¿Qué quieres pedir?',
  kinds: {
    acceso: {
      label: 'Conocer mis datos (acceso)',
      hint: `Te enviamos una copia de todo lo que tenemos sobre ti. Respondemos en ${dataRequestTerms.consulta.days} días hábiles.`,
    },
    correccion: {
      label: 'Corregir o actualizar mis datos',
      hint: `Dinos qué dato está mal y cómo debe quedar. Respondemos en ${dataRequestTerms.reclamo.days} días hábiles.`,
    },
    supresion: {
      label: 'Suprimir mis datos',
      hint: `Borramos tus datos y tu cuenta, salvo lo que la ley nos obliga a conservar. Respondemos en ${dataRequestTerms.reclamo.days} días hábiles.`,
    },
    revocatoria: {
      label: 'Revocar la autorización para tratar mis datos',
      hint: `Dejamos de usar tus datos para lo que autorizaste. Respondemos en ${dataRequestTerms.reclamo.days} días hábiles.`,
    },
  } satisfies Record<DataRequestKind, { label: string; hint: string }>,
  details: 'Cuéntanos tu solicitud',
  detailsHint: 'Por ejemplo, en qué formulario o curso nos diste tus datos. No escribas contraseñas ni datos de tarjetas.',
  correction: 'Qué debemos corregir o actualizar',
  correctionHint: 'Escribe el dato actual y cómo debe quedar.',
  name: 'Nombre completo',
  email: 'Correo electrónico',
  emailHint: 'Te enviaremos el código y la respuesta a este correo.',
  emailVerifiedHint: 'Es el correo de tu cuenta, ya comprobado: no necesitas código. Te enviaremos la respuesta a este correo.',
  linkNote:
    'Abriste el enlace del correo que te enviamos: con él comprobamos que el correo es tuyo y no necesitas código. Escribe tu solicitud y el correo al que te llegó el enlace.',
  emailLinkHint: 'El correo al que te llegó el enlace. Te enviaremos la respuesta a este correo.',
  sendCode: 'Enviarme el código',
  sendingCode: 'Enviando el código…',
  codeTitle: 'Escribe el código',
  code: 'Código de 6 dígitos',
  file: 'Radicar mi solicitud',
  filing: 'Radicando…',
  resend: 'Enviar otro código',
  resending: 'Enviando…',
  resent: 'Te enviamos un código nuevo. Usa el más reciente.',
  back: 'Cambiar mis datos',
  failed: 'No pudimos enviar tu solicitud. Intenta de nuevo.',
  network: 'No pudimos conectarnos. Revisa tu conexión e intenta de nuevo.',
  doneTitle: 'Radicamos tu solicitud',
  doneIntro: (email: string) => `Te enviamos la confirmación a ${email}. Guarda el número de radicado.`,
  radicado: 'Número de radicado',
  kind: 'Tipo de solicitud',
  due: 'Fecha límite de respuesta',
  dueValue: (date: string, days: number) => `${date} (${days} días hábiles)`,
  termsTitle: 'Plazos de respuesta',
  terms: [
    `Consultas (conocer tus datos): ${dataRequestTerms.consulta.days} días hábiles. Si no podemos responder a tiempo te avisamos antes del vencimiento, con el motivo, y respondemos a más tardar ${dataRequestTerms.consulta.extension} días hábiles después.`,
    `Reclamos (corregir, suprimir o revocar): ${dataRequestTerms.reclamo.days} días hábiles, ampliables una vez por ${dataRequestTerms.reclamo.extension} días hábiles con aviso previo. Si falta información, te la pedimos.`,
    'Los días hábiles no cuentan fines de semana ni festivos de Colombia.',
  ],
  policyLink: 'Lee nuestra política de tratamiento de datos',
  sicNote:
    'Si no estás de acuerdo con nuestra respuesta, puedes acudir a la Superintendencia de Industria y Comercio después de haber hecho tu solicitud aquí.',
} as const;
