/** One block of the About page: a title and its paragraphs. */
export interface AboutBlock {
  title: string;
  paragraphs: readonly string[];
}

/** The About page's three anchored blocks (#quienes-somos, #mision, #vision); a missing block shows the spec's error. */
export interface AboutContent {
  quienesSomos?: AboutBlock;
  mision?: AboutBlock;
  vision?: AboutBlock;
  values?: readonly { name: string; text: string }[];
}

export const aboutContent: AboutContent = {
  quienesSomos: {
    title: 'Quiénes somos',
    paragraphs: [
      'Somos una fundación colombiana sin ánimo de lucro que forma a personas en situación de vulnerabilidad en habilidades digitales para el empleo: desarrollo de software, ofimática y marketing digital.',
      'Creemos que el talento está repartido por igual, pero las oportunidades no. Por eso enseñamos online, con clases en vivo pensadas para el celular, cobramos por módulo, damos becas y acompañamos a nuestros estudiantes hasta su primer empleo.',
      'Financiamos parte de la formación con proyectos propios, como el software a la medida de Automata y el ecoturismo en Boyacá, y con el apoyo de donantes, voluntarios y empresas aliadas.',
    ],
  },
  mision: {
    title: 'Misión',
    paragraphs: [
      'Formar y acompañar a jóvenes y adultos en situación de vulnerabilidad para que desarrollen habilidades digitales y socioemocionales, accedan a empleos dignos y construyan su proyecto de vida.',
    ],
  },
  vision: {
    title: 'Visión',
    paragraphs: [
      'En 2030 seremos en Colombia un puente reconocido entre el talento de las comunidades vulnerables y las empresas que lo necesitan, con miles de egresados trabajando en la economía digital.',
    ],
  },
  values: [
    { name: 'Dignidad', text: 'Tratamos a cada persona como protagonista de su propio proceso.' },
    { name: 'Transparencia', text: 'Rendimos cuentas de cada peso que recibimos.' },
    { name: 'Excelencia', text: 'Enseñamos lo que el mercado laboral pide hoy.' },
    { name: 'Solidaridad', text: 'Quien aprende, después ayuda a otro a aprender.' },
  ],
};
