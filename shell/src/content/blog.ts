/** An article card of the blog listing. */
export interface BlogPost {
  id: string;
  title: string;
  summary: string;
  to: string;
  date: string;
  /** ISO date for <time>. */
  isoDate: string;
  tags: readonly string[];
}

/**
 * The blog's cards. Only /software-para-el-futuro is an article of its own (the spec's single article); the other
 * cards introduce programmes that have their own page, so "Leer más" goes there.
 */
export const blogPosts: readonly BlogPost[] = [
  {
    id: 'software-para-el-futuro',
    title: 'Aprender desarrollo de software: una puerta a tu futuro laboral',
    summary: 'Por qué programar es una de las habilidades con más demanda en América Latina y cómo empezar aunque no tengas experiencia.',
    to: '/software-para-el-futuro',
    date: '3 de noviembre de 2026',
    isoDate: '2026-11-03',
    tags: ['tecnología', 'empleo', 'programación'],
  },
  {
    id: 'puentes',
    title: 'Puentes: del primer curso al primer contrato',
    summary: 'Cómo funciona nuestro programa de aprendizaje y empleabilidad en cuatro etapas, con becas y salario mínimo legal.',
    to: '/proyecto-puentes',
    date: '20 de octubre de 2026',
    isoDate: '2026-10-20',
    tags: ['empleo', 'becas'],
  },
  {
    id: 'excel',
    title: 'Excel, la habilidad que piden casi todas las vacantes',
    summary: 'Tablas, fórmulas y gráficos: lo que aprendes en ofimática básica y por qué abre puertas en cualquier oficio.',
    to: '/ofimatica-basica',
    date: '6 de octubre de 2026',
    isoDate: '2026-10-06',
    tags: ['ofimática', 'empleo'],
  },
  {
    id: 'ecoturismo',
    title: 'Turismo rural que financia becas en Boyacá',
    summary: 'Una casa campesina, caminatas y cabalgatas que generan ingresos para las familias y becas para los jóvenes.',
    to: '/eco-turismo',
    date: '22 de septiembre de 2026',
    isoDate: '2026-09-22',
    tags: ['ecoturismo', 'comunidad'],
  },
];

/** Lower case without accents, so "tecnologia" finds "Tecnología". */
export function normaliseSearch(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .trim();
}

/** Posts whose title, summary or tags contain every word of the query. */
export function searchPosts(posts: readonly BlogPost[], query: string): BlogPost[] {
  const words = normaliseSearch(query).split(/\s+/).filter(Boolean);
  if (words.length === 0) return [...posts];
  return posts.filter((p) => {
    const haystack = normaliseSearch([p.title, p.summary, ...p.tags].join(' '));
    return words.every((w) => haystack.includes(w));
  });
}
