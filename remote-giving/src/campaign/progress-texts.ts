// Fixed texts of the campaign block of /contribuciones: in their own module, so the donation page's first load carries
// only these (../texts.ts re-exports them).

/** The campaign block of /contribuciones (#14). */
export const campaignProgressTexts = {
  heading: 'Campaña en curso',
  raised: (raised: string, goal: string) => `${raised} recaudados de una meta de ${goal}`,
  valueText: (raised: string, goal: string, percent: number) => `${percent} % de la meta: ${raised} de ${goal}`,
  donations: (n: number) => (n === 1 ? '1 donación' : `${n.toLocaleString('es-CO')} donaciones`),
  until: (date: string) => `Hasta el ${date}`,
  reached: '¡Meta alcanzada! Gracias a cada persona que donó. Tu aporte sigue sumando.',
} as const;
