/** A student's or graduate's testimonial (spec §3 "Testimonial"); image is optional: initials are drawn instead. */
export interface Testimonial {
  name: string;
  role: string;
  text: string;
  image?: string;
}

/**
 * Illustrative testimonial written for the launch.
 * REAL-VALUE-PENDING: replace with a real graduate's words, with their written authorisation (Ley 1581 de 2012).
 */
export const featuredTestimonial: Testimonial = {
  name: 'Laura Martínez',
  role: 'Egresada de Desarrollo de Software, hoy desarrolladora junior',
  text: 'Empecé sin saber qué era una base de datos y estudiando desde el celular. Los profesores nunca me soltaron la mano y en Puentes hice mi primer proyecto para un cliente real. Hoy trabajo como desarrolladora y ayudo a mi familia.',
};
