import ecoArt from '../assets/slide-eco.svg';
import marketingArt from '../assets/slide-marketing.svg';
import officeArt from '../assets/slide-office.svg';
import puentesArt from '../assets/slide-puentes.svg';
import softwareArt from '../assets/slide-software.svg';

export interface HomeSlide {
  id: string;
  eyebrow: string;
  title: string;
  text: string;
  cta: { label: string; to: string };
  art: string;
}

/** The five banner slides of the home page (spec §2 Home, rotating every 5 s per §9). */
export const homeSlides: readonly HomeSlide[] = [
  {
    id: 'software',
    eyebrow: 'Curso online',
    title: 'Aprende a programar desde cero',
    text: 'Programación, bases de datos, JavaScript y backend en tres módulos con clases en vivo.',
    cta: { label: 'Ver el curso de software', to: '/desarrollo-software' },
    art: softwareArt,
  },
  {
    id: 'ofimatica',
    eyebrow: 'Curso online',
    title: 'Excel y ofimática para tu primer empleo',
    text: 'Informática básica, Google Suite y Excel medio-avanzado: lo que piden casi todas las vacantes.',
    cta: { label: 'Ver el curso de ofimática', to: '/ofimatica-basica' },
    art: officeArt,
  },
  {
    id: 'marketing',
    eyebrow: 'Curso online',
    title: 'Marketing digital y diseño para emprender',
    text: 'Redes sociales, estrategia y diseño gráfico para dar a conocer tu negocio o trabajar con marcas.',
    cta: { label: 'Ver el curso de marketing', to: '/marketing-digital' },
    art: marketingArt,
  },
  {
    id: 'puentes',
    eyebrow: 'Programa de empleabilidad',
    title: 'Proyecto Puentes: de la formación al empleo',
    text: 'Becas, proyectos reales y vinculación laboral con salario mínimo legal para quienes terminan el proceso.',
    cta: { label: 'Conocer Puentes', to: '/proyecto-puentes' },
    art: puentesArt,
  },
  {
    id: 'ecoturismo',
    eyebrow: 'Ecoturismo en Boyacá',
    title: 'Viaja al campo y financia becas',
    text: 'Casa rural, caminatas guiadas y cabalgatas: cada reserva apoya la formación de jóvenes rurales.',
    cta: { label: 'Descubrir el ecoturismo', to: '/eco-turismo' },
    art: ecoArt,
  },
];

export type IconName = 'code' | 'sheet' | 'megaphone' | 'bridge' | 'gear' | 'leaf' | 'live' | 'wallet' | 'handshake' | 'certificate';

export interface ProjectCard {
  to: string;
  title: string;
  text: string;
  icon: IconName;
}

/** The foundation's projects, each leading to its page. */
export const projects: readonly ProjectCard[] = [
  {
    to: '/desarrollo-software',
    title: 'Desarrollo de Software',
    text: 'Programación, bases de datos, JavaScript y backend en tres módulos online.',
    icon: 'code',
  },
  {
    to: '/ofimatica-basica',
    title: 'Ofimática Básica - Excel',
    text: 'Informática, Google Suite y Excel para abrir puertas en cualquier empleo.',
    icon: 'sheet',
  },
  {
    to: '/marketing-digital',
    title: 'Marketing Digital y Diseño Gráfico',
    text: 'Redes sociales, estrategia y diseño para emprender y trabajar.',
    icon: 'megaphone',
  },
  {
    to: '/proyecto-puentes',
    title: 'Proyecto Puentes',
    text: 'De la formación al empleo: becas, proyectos reales y vinculación laboral.',
    icon: 'bridge',
  },
  {
    to: '/automata',
    title: 'Automata',
    text: 'Software a la medida para empresas: cada venta financia la formación de jóvenes.',
    icon: 'gear',
  },
  {
    to: '/eco-turismo',
    title: 'Ecoturismo en Boyacá',
    text: 'Casa rural, caminatas y cabalgatas que generan ingresos para el campo.',
    icon: 'leaf',
  },
];

export interface Benefit {
  title: string;
  text: string;
  icon: IconName;
}

/** Why study with the foundation (home page "benefits"). */
export const benefits: readonly Benefit[] = [
  { title: 'Clases en vivo y online', text: 'Tres clases de dos horas a la semana, desde el computador o el celular.', icon: 'live' },
  { title: 'Pagas por módulo', text: 'Precios en pesos colombianos, por módulo, y becas para quienes más las necesitan.', icon: 'wallet' },
  {
    title: 'Acompañamiento al empleo',
    text: 'Mentores, proyectos reales y el programa Puentes para llegar al primer trabajo.',
    icon: 'handshake',
  },
  { title: 'Certificado de inscripción', text: 'Consulta tus cursos y descarga tus certificados en Mis Cursos.', icon: 'certificate' },
];

export interface AllyGroup {
  name: string;
  text: string;
}

/**
 * Who walks with the foundation.
 * REAL-VALUE-PENDING: replace these groups with the names (and, with permission, the logos) of the actual allies.
 */
export const allies: readonly AllyGroup[] = [
  { name: 'Empresas de tecnología', text: 'Abren vacantes, mentorías y prácticas para nuestros egresados.' },
  { name: 'Instituciones educativas', text: 'Colegios y universidades que comparten aulas, docentes y convocatorias.' },
  { name: 'Comunidades rurales de Boyacá', text: 'Familias anfitrionas del proyecto de ecoturismo.' },
  { name: 'Voluntarios y donantes', text: 'Personas que donan su tiempo, su conocimiento o un aporte económico.' },
];
