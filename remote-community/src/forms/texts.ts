// Fixed texts of the forms' pages (spec messages live in schemas.ts): a copy change is one edit here.
import { workshopSlugs, type WorkshopSlug } from './schemas';

export const volunteerTexts = {
  title: 'Voluntariado',
  intro: 'Tu tiempo y tus conocimientos pueden cambiar el rumbo de un joven. Acompaña nuestras clases, mentorías y proyectos comunitarios.',
  cta: 'Quiero ser voluntario',
  whyTitle: '¿Por qué ser voluntario?',
  why: [
    {
      title: 'Enseña lo que sabes',
      text: 'Apoya clases de programación, ofimática o marketing digital, o acompaña a un estudiante como mentor.',
    },
    {
      title: 'A tu ritmo',
      text: 'Elige actividades presenciales o virtuales según tu disponibilidad: unas horas al mes ya hacen la diferencia.',
    },
    {
      title: 'Certificamos tu aporte',
      text: 'Recibes una constancia de las horas de voluntariado, útil para prácticas, servicio social o tu hoja de vida.',
    },
  ],
  formTitle: 'Quiero ser voluntario',
  formIntro: 'Cuéntanos quién eres y cómo te gustaría ayudar. Te escribiremos para coordinar una primera conversación.',
  successNext: 'Guarda este número. Te escribiremos a tu correo en los próximos días hábiles para coordinar una primera conversación.',
} as const;

export const allyTexts = {
  title: 'Empresas aliadas',
  intro: 'Las empresas aliadas conectan a nuestros estudiantes con oportunidades reales de práctica y empleo, y hacen posibles las becas.',
  cta: 'Registra tu empresa',
  waysTitle: 'Formas de aliarse',
  ways: [
    {
      title: 'Prácticas y empleo',
      text: 'Abre vacantes y prácticas para egresados del programa Puentes, con acompañamiento de la fundación.',
    },
    {
      title: 'Becas y donaciones',
      text: 'Financia módulos para jóvenes en situación de vulnerabilidad. Somos ESAL del Régimen Tributario Especial.',
    },
    {
      title: 'Voluntariado corporativo',
      text: 'Tu equipo comparte su experiencia en charlas, mentorías y proyectos reales con los estudiantes.',
    },
  ],
  formTitle: 'Registra tu empresa',
  formIntro: 'Déjanos los datos de la empresa y de su representante; te contactaremos para construir juntos la alianza.',
  successNext: 'Guarda este número. Nuestro equipo de alianzas te contactará en los próximos días hábiles.',
} as const;

export interface WorkshopContent {
  title: string;
  tagline: string;
  summary: string;
  facts: ReadonlyArray<readonly [string, string]>;
  forWhomTitle: string;
  forWhom: string;
  learnTitle: string;
  learn: readonly string[];
  note?: string;
  inquiryIntro: string;
}

/**
 * The two workshops (see docs/decisions.md, "Workshops"): Vale Ser is the women's emotional-intelligence workshop and
 * Arte de Amarte the life-projects workshop for children and young people, as the pages and their inquiry forms pair up.
 */
export const workshops: Record<WorkshopSlug, WorkshopContent> = {
  'vale-ser': {
    title: 'Taller Vale Ser',
    tagline: 'Inteligencia emocional para mujeres',
    summary:
      'Un espacio presencial para reconocer tus emociones, fortalecer tu autoestima y tomar decisiones con confianza, acompañada de otras mujeres.',
    facts: [
      ['Modalidad', 'Presencial'],
      ['Horario', 'Sábados de 9:00 a 18:00'],
      ['Dirigido a', 'Mujeres'],
      ['Inscripción', 'Se confirma al pagar la cuota de inscripción'],
    ],
    forWhomTitle: '¿Para quién es?',
    forWhom:
      'Para mujeres que quieren conocerse mejor, poner límites sanos y recuperar la confianza en sí mismas, sin importar su edad, ocupación o formación.',
    learnTitle: 'Lo que trabajaremos',
    learn: [
      'Reconocer y nombrar lo que sientes',
      'Autoestima y amor propio',
      'Comunicación asertiva y límites sanos',
      'Manejo del estrés y la ansiedad',
      'Tu plan personal de bienestar',
    ],
    note: 'Tu cupo queda confirmado únicamente después de pagar la cuota de inscripción. Escríbenos y te contamos el valor y las próximas fechas.',
    inquiryIntro: 'Cuéntanos un poco de ti y te enviaremos las próximas fechas, el valor de la inscripción y cómo reservar tu cupo.',
  },
  'arte-de-amarte': {
    title: 'Taller Arte de Amarte',
    tagline: 'Proyectos de vida para niños, niñas y jóvenes',
    summary:
      'Un taller para que niños, niñas y jóvenes descubran sus talentos, sueñen en grande y construyan, paso a paso, su propio proyecto de vida.',
    facts: [
      ['Modalidad', 'Presencial, en colegios y en la fundación'],
      ['Dirigido a', 'Niños, niñas y jóvenes'],
      ['Para', 'Colegios, docentes y familias'],
      ['Metodología', 'Juego, arte y reflexión en grupo'],
    ],
    forWhomTitle: '¿Para quién es?',
    forWhom:
      'Para docentes que quieren llevar el taller a sus estudiantes y para madres, padres o acudientes que quieren que sus hijos participen.',
    learnTitle: 'Lo que trabajaremos',
    learn: [
      'Quién soy: talentos, gustos y valores',
      'Mis sueños y mis metas',
      'Tomar decisiones y resolver conflictos',
      'Hábitos para estudiar y aprender',
      'Mi plan de vida, paso a paso',
    ],
    inquiryIntro: 'Cuéntanos si eres docente o madre, padre o acudiente, y te contactaremos para coordinar el taller.',
  },
};

/** The workshop a route's prop names; Vale Ser when the prop is missing or unknown. */
export function workshopOf(slug: string): WorkshopSlug {
  return (workshopSlugs as readonly string[]).includes(slug) ? (slug as WorkshopSlug) : 'vale-ser';
}

export const workshopPageTexts = {
  ask: 'Envía tu consulta',
  chat: 'Escríbenos por chat',
  newTab: '(se abre en una pestaña nueva)',
  chatMessage: (title: string) => `Hola, quiero información sobre el ${title}.`,
  back: (title: string) => `Volver al ${title}`,
  inquiryTitle: (title: string) => `Consulta: ${title}`,
  reference: (id: string) => `Número de consulta: ${id}`,
} as const;

export const softwareTexts = {
  landingTitle: 'Software a la medida',
  landingIntro: 'Desarrollamos el software que tu negocio necesita mientras formamos a jóvenes programadores.',
  landingCta: 'Solicita tu software',
  automataLink: 'Conoce Automata',
  servicesTitle: 'Lo que construimos',
  services: [
    {
      title: 'Aplicaciones web',
      text: 'Sistemas de gestión, portales de clientes, tiendas en línea y paneles a la medida de tus procesos.',
    },
    {
      title: 'Automatización',
      text: 'Conectamos tus hojas de cálculo, formularios y correos para que las tareas repetitivas se hagan solas.',
    },
    { title: 'Integraciones', text: 'Pasarelas de pago, facturación electrónica y las herramientas que ya usas, trabajando juntas.' },
  ],
  howTitle: '¿Cómo trabajamos?',
  how: [
    ['Conversamos', 'Nos cuentas tu necesidad y te proponemos una solución y un presupuesto claros.'],
    ['Construimos', 'Un equipo de desarrolladores sénior y jóvenes en formación construye tu software por entregas.'],
    ['Acompañamos', 'Te entregamos el software funcionando, capacitamos a tu equipo y damos soporte.'],
  ] as ReadonlyArray<readonly [string, string]>,
  modulesTitle: 'Tu proyecto en 4 módulos',
  modulesIntro: 'Contratas el proyecto por módulos, al mismo precio cada uno, y avanzas al siguiente cuando el anterior está listo.',
  /** Spec §3: the custom-software project lists 4 modules at 99.900 (whole COP) each. */
  modulePrice: 99_900,
  modulePriceUnit: 'por módulo',
  modules: [
    {
      title: 'Diagnóstico y diseño',
      text: 'Entendemos tu proceso y definimos contigo qué hará el software, con prototipos que puedes probar antes de construir.',
    },
    {
      title: 'Desarrollo',
      text: 'Construimos las pantallas, los datos y las reglas de tu negocio en entregas que ves funcionando.',
    },
    {
      title: 'Integraciones y automatización',
      text: 'Conectamos pagos, facturación electrónica, correos y las herramientas que ya usas.',
    },
    {
      title: 'Puesta en marcha y soporte',
      text: 'Publicamos tu software, capacitamos a tu equipo y te acompañamos en el arranque.',
    },
  ],
  moduleName: (n: number, title: string) => `Módulo ${n}: ${title}`,
  impactTitle: 'Tu proyecto forma talento',
  impact: 'Parte de cada venta financia la formación de jóvenes en situación de vulnerabilidad. Tu software también es una beca.',
  requestTitle: 'Solicita tu software',
  requestIntro: 'Déjanos tu correo, tu teléfono y tu nombre; te contactaremos para conocer tu idea.',
  requestSend: 'Quiero que me contacten',
  reference: (id: string) => `Número de solicitud: ${id}`,
} as const;

export const automataTexts = {
  title: 'Automata: software a la medida',
  intro: 'Cada proyecto de software que nos contratas financia la formación de jóvenes en situación de vulnerabilidad.',
  chat: 'Escríbenos por chat',
  chatMessage: 'Hola, quiero cotizar un proyecto de software a la medida con Automata.',
  call: 'Hablemos de tu proyecto',
  callMessage: 'Hola, quiero agendar una llamada para hablar de mi proyecto de software.',
  form: 'Déjanos tus datos',
  whatTitle: '¿Qué es Automata?',
  what: 'Automata es el servicio de desarrollo de software de la fundación. Hacemos software profesional para empresas, emprendimientos y organizaciones, y reinvertimos parte de cada venta en becas para jóvenes que están aprendiendo a programar.',
  offerTitle: 'Soluciones para tu negocio',
  offer: [
    { title: 'Páginas y tiendas web', text: 'Sitios rápidos, accesibles y fáciles de administrar, listos para vender en línea.' },
    { title: 'Sistemas de gestión', text: 'Inventarios, citas, clientes y facturación en un solo lugar, a la medida de tu operación.' },
    { title: 'Automatización de procesos', text: 'Menos trabajo manual: reportes, recordatorios y flujos que se ejecutan solos.' },
    { title: 'Apps y paneles de datos', text: 'Información clara para decidir mejor, desde el computador o el celular.' },
  ],
  impactTitle: 'Impacto de cada proyecto',
  impact: [
    ['Formación', 'Jóvenes en formación participan en proyectos reales, guiados por desarrolladores con experiencia.'],
    ['Becas', 'Parte de cada venta paga módulos de formación para jóvenes en situación de vulnerabilidad.'],
    ['Empleo', 'Los jóvenes pasan de la formación al trabajo con experiencia comprobable.'],
  ] as ReadonlyArray<readonly [string, string]>,
  closingTitle: '¿Tienes una idea?',
  closing: 'Cuéntanos qué necesitas y te respondemos con una propuesta sin compromiso.',
} as const;

export const optionalMark = '(opcional)';
