// Fixed texts of the spec for this remote: a copy change is one edit here.
export const workshopTitle: Record<string, string> = { 'vale-ser': 'Taller Vale Ser', 'arte-de-amarte': 'Taller Arte de Amarte' };
export const workshopLead: Record<string, string> = {
  'vale-ser': 'Un taller sobre proyectos de vida para niños, niñas y jóvenes, pensado para colegios y familias.',
  'arte-de-amarte': 'Taller presencial de inteligencia emocional para mujeres, los sábados de 9:00 a 18:00.',
};
