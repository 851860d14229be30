/** A sustainable-development goal the foundation contributes to (spec §3 "ODS item"). */
export interface OdsItem {
  id: number;
  title: string;
  /** One short sentence for cards (home page). */
  summary: string;
  /** What the foundation does for this goal, one line each (ODS page). */
  lines: readonly string[];
}

/** The four goals the site shows, in the United Nations' numbering. */
export const odsItems: readonly OdsItem[] = [
  {
    id: 4,
    title: 'Educación de calidad',
    summary: 'Formación digital práctica, online y a precios al alcance de las familias.',
    lines: [
      'Cursos online de desarrollo de software, ofimática y marketing digital con clases en vivo.',
      'Becas y precios por módulo para que nadie deje de estudiar por falta de dinero.',
      'Talleres presenciales de inteligencia emocional y proyecto de vida para niños, jóvenes y mujeres.',
    ],
  },
  {
    id: 8,
    title: 'Trabajo decente y crecimiento económico',
    summary: 'Del aula al primer empleo formal, con acompañamiento y salario justo.',
    lines: [
      'El programa Puentes vincula a sus participantes con salario mínimo legal y prestaciones.',
      'Proyectos reales de software a la medida en los que los estudiantes ganan experiencia.',
      'Orientación para la hoja de vida, las entrevistas y el trabajo independiente.',
    ],
  },
  {
    id: 10,
    title: 'Reducción de las desigualdades',
    summary: 'Oportunidades para quienes suelen quedarse por fuera: zonas rurales, mujeres y jóvenes vulnerables.',
    lines: [
      'Damos prioridad a personas en situación de vulnerabilidad, víctimas y habitantes de zonas rurales.',
      'Clases online pensadas para celulares y conexiones lentas.',
      'El ecoturismo en Boyacá genera ingresos para familias campesinas.',
    ],
  },
  {
    id: 17,
    title: 'Alianzas para lograr los objetivos',
    summary: 'Empresas, voluntarios y donantes que suman para multiplicar el impacto.',
    lines: [
      'Empresas aliadas que abren vacantes, mentorías y prácticas.',
      'Voluntarios que enseñan, acompañan y revisan proyectos.',
      'Donaciones que se convierten en becas, equipos y conectividad.',
    ],
  },
];
