export interface MenuLink {
  label: string;
  to: string;
}
export interface Menu {
  id: string;
  label: string;
  links: MenuLink[];
}

/** The header's dropdown menus (spec §2 Header). */
export const menus: Menu[] = [
  {
    id: 'formacion',
    label: 'Formación',
    links: [
      { label: 'Desarrollo de Software', to: '/desarrollo-software' },
      { label: 'Ofimática Básica - Excel', to: '/ofimatica-basica' },
      { label: 'Marketing Digital y Diseño Gráfico', to: '/marketing-digital' },
      { label: 'Aprende y ayuda', to: '/aprende-ayuda' },
      { label: 'Procesos de aprendizaje', to: '/procesos-aprendizaje' },
      { label: 'Proyecto Puentes', to: '/proyecto-puentes' },
      { label: 'Blog', to: '/blog' },
    ],
  },
  {
    id: 'servicios',
    label: 'Servicios',
    links: [
      { label: 'Software a la medida', to: '/software-custome' },
      { label: 'Automata', to: '/automata' },
      { label: 'Ecoturismo', to: '/eco-turismo' },
      { label: 'Taller Vale Ser', to: '/vale-ser' },
      { label: 'Taller Arte de Amarte', to: '/arte-de-amarte' },
    ],
  },
  {
    id: 'quienes-somos',
    label: 'Quiénes Somos',
    links: [
      { label: 'Nosotros', to: '/nosotros#quienes-somos' },
      { label: 'Misión', to: '/nosotros#mision' },
      { label: 'Visión', to: '/nosotros#vision' },
      { label: 'Objetivos de Desarrollo Sostenible', to: '/ods' },
      { label: 'Documentos ESAL', to: '/Documents-esal' },
      { label: 'PQRSF', to: '/pqrsf' },
      { label: 'Consultar solicitud', to: '/consultar-solicitud#radicado' },
    ],
  },
  {
    id: 'ayudar',
    label: '¡Quieres Ayudar!',
    links: [
      { label: 'Quiero ser voluntario', to: '/voluntarios#quiero-ser-voluntario' },
      { label: 'Registra tu empresa', to: '/empresas#registra-tu-empresa' },
      { label: 'Haz una donación', to: '/contribuciones#dona-aqui' },
    ],
  },
];

export const footerLinks: MenuLink[] = [
  { label: 'Nosotros', to: '/nosotros' },
  { label: 'Documentos ESAL', to: '/Documents-esal' },
  { label: 'PQRSF', to: '/pqrsf' },
  { label: 'Consultar solicitud', to: '/consultar-solicitud' },
  { label: 'Política de privacidad', to: '/politica-de-privacidad' },
  { label: 'Tus datos personales', to: '/datos-personales' },
  { label: 'Términos y condiciones', to: '/terminos-y-condiciones' },
];
