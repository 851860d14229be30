// Fixed texts of the spec for this remote: a copy change is one edit here.
export const courseTitle: Record<string, string> = {
  'desarrollo-software': 'Desarrollo de Software',
  'ofimatica-basica': 'Ofimática Básica - Excel',
  'marketing-digital': 'Marketing Digital y Diseño Gráfico',
};
export const resultHeading: Record<string, string> = { success: 'Genial', failure: 'Lo sentimos', pending: 'Tranquilo' };
