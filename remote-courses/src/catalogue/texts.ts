// Fixed texts of the spec for the course and programme pages: a copy change is one edit here.
interface CourseCopy {
  purpose: string;
  testimonials: Array<{ name: string; role: string; text: string }>;
}

/** Course page copy (purpose, testimonials) and what every course shares (why us, requirements). */
export const coursePageTexts: Record<'desarrollo-software' | 'ofimatica-basica' | 'marketing-digital', CourseCopy> & {
  why: Array<{ title: string; text: string }>;
  requirements: string[];
} = {
  'desarrollo-software': {
    purpose:
      'Formar desarrolladores junior capaces de construir aplicaciones web completas, listos para su primer empleo o para trabajar en los proyectos de software de la fundación.',
    testimonials: [
      {
        name: 'Laura M.',
        role: 'egresada, hoy desarrolladora junior',
        text: 'Empecé sin saber qué era una variable y terminé publicando mi primera API.',
      },
      {
        name: 'Andrés R.',
        role: 'estudiante del módulo 3',
        text: 'Los mentores explican con paciencia y los proyectos se parecen al trabajo real.',
      },
    ],
  },
  'ofimatica-basica': {
    purpose:
      'Dar a cada estudiante el manejo seguro del computador, las herramientas de Google y Excel que hoy piden casi todos los empleos de oficina.',
    testimonials: [
      {
        name: 'Marta C.',
        role: 'auxiliar administrativa',
        text: 'Con las tablas dinámicas ahora hago en minutos informes que me tomaban días.',
      },
      { name: 'José P.', role: 'emprendedor', text: 'Organicé las cuentas de mi negocio en una hoja de cálculo que entiendo.' },
    ],
  },
  'marketing-digital': {
    purpose:
      'Enseñar a planear, diseñar y medir campañas digitales para que los estudiantes impulsen sus emprendimientos o trabajen en comunicación digital.',
    testimonials: [
      { name: 'Daniela V.', role: 'emprendedora', text: 'Mis ventas por redes sociales crecieron cuando aprendí a medir lo que publico.' },
      { name: 'Felipe G.', role: 'diseñador junior', text: 'Armé mi portafolio con las piezas que hicimos en clase.' },
    ],
  },
  why: [
    { title: 'Clases en vivo', text: 'Tres clases por semana de dos horas con docentes que resuelven tus dudas en el momento.' },
    { title: 'Proyectos reales', text: 'Aprendes haciendo: cada módulo termina con un proyecto para tu portafolio.' },
    { title: 'Precio social', text: 'Pagas por módulo, a un precio pensado para que nadie se quede por fuera.' },
    { title: 'Puente al empleo', text: 'Los mejores estudiantes continúan en el Proyecto Puentes hacia su primer trabajo.' },
  ],
  requirements: [
    'Computador o portátil con conexión a internet',
    'Cámara y micrófono para las clases en vivo',
    'Correo electrónico activo',
    'Seis horas a la semana para clases y dos más para práctica',
  ],
};

/** A stage of the Puentes programme (spec §3 Puentes stage, §4 order, §9 numbers). */
export interface PuentesStage {
  id: number;
  title: string;
  duration: string;
  /** The incentive line; stage 4 has none (spec §4: placement with a salary rise, no incentive line). */
  pay?: string;
  schedule?: string;
  goal: string;
}

export const puentesStages: readonly PuentesStage[] = [
  {
    id: 1,
    title: 'Despliegue',
    duration: '4 meses',
    pay: 'Beca de formación',
    goal: 'Construir una base sólida en desarrollo de software.',
  },
  {
    id: 2,
    title: 'Puentes',
    duration: 'Variable',
    pay: 'Beca de formación',
    goal: 'Aplicar lo aprendido en proyectos prácticos con mentoría.',
  },
  {
    id: 3,
    title: 'Consolidación',
    duration: 'Variable',
    pay: 'Salario mínimo legal vigente',
    schedule: '9 horas al día',
    goal: 'Integrarte a la estructura de trabajo de la fundación y construir proyectos para clientes reales.',
  },
  {
    id: 4,
    title: 'Lanzamiento',
    duration: '4 meses',
    goal: 'Ubicarte en una empresa externa con un aumento salarial del 30% al 40%.',
  },
];

export const learnAndHelpTexts = {
  lead: 'Cada inscripción financia la formación de otra persona en situación de vulnerabilidad: cuando aprendes, también ayudas.',
  successTitle: 'Historias de éxito',
  enrolChat: 'Quiero inscribirme',
  chatMessage: 'Hola, quiero información para inscribirme en un curso de la fundación.',
  stories: [
    {
      name: 'Laura M.',
      role: 'Desarrollo de Software',
      text: 'Pasé de atender una tienda a trabajar como desarrolladora junior en menos de un año.',
    },
    { name: 'Marta C.', role: 'Ofimática Básica', text: 'Conseguí mi empleo como auxiliar administrativa gracias a Excel.' },
    {
      name: 'Daniela V.',
      role: 'Marketing Digital',
      text: 'Mi emprendimiento de artesanías ahora vende por redes sociales en todo el país.',
    },
  ],
} as const;
