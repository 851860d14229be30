import type { AnyIcon } from '../layout/icons';

/** A service of the ecotourism project (spec §3 "Activity card": name, description, image, stars, text). */
export interface Activity {
  name: string;
  description: string;
  icon: AnyIcon;
  stars: number;
  text: string;
}

export const ecoValues: readonly { name: string; text: string; icon: AnyIcon }[] = [
  { name: 'Naturaleza', text: 'Páramos, bosques y quebradas que cuidamos con grupos pequeños y senderos señalizados.', icon: 'leaf' },
  { name: 'Comunidad', text: 'Anfitriones campesinos que comparten su casa, su cocina y su historia.', icon: 'community' },
  { name: 'Educación', text: 'Lo que pagas por tu visita financia la formación de jóvenes del municipio.', icon: 'book' },
];

/** Every activity shows 4 of 5 stars (spec §9 "Default price type of stars"). */
export const activities: readonly Activity[] = [
  {
    name: 'Alquiler de casa rural',
    description: 'Casa campesina para familias y grupos',
    icon: 'house',
    stars: 4,
    text: 'Habitaciones sencillas y limpias, cocina de leña, huerta y vista a las montañas. Ideal para descansar lejos del ruido.',
  },
  {
    name: 'Caminatas ecológicas guiadas',
    description: 'Senderos con guías de la región',
    icon: 'walk',
    stars: 4,
    text: 'Recorridos de medio día o día completo por bosque y páramo, con paradas para conocer la flora, el agua y las aves.',
  },
  {
    name: 'Cabalgatas',
    description: 'Paseos a caballo por caminos veredales',
    icon: 'horse',
    stars: 4,
    text: 'Caballos mansos y bien cuidados, acompañamiento permanente y rutas aptas para principiantes.',
  },
];
