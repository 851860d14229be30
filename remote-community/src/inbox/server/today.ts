import { counted, type TodaySource } from 'shared/server/today';
import { readKindCounts } from './inbox';

/** What "Hoy" says of each kind nobody has contacted yet (the newsletter's subscribers are not waiting for a call). */
const waiting = {
  voluntarios: ['voluntario sin contactar', 'voluntarios sin contactar'],
  aliados: ['empresa aliada sin contactar', 'empresas aliadas sin contactar'],
  talleres: ['consulta de talleres sin responder', 'consultas de talleres sin responder'],
  software: ['solicitud de software sin responder', 'solicitudes de software sin responder'],
} as const;

/**
 * The community inbox's part of "Hoy" (#28), for Comunidad: the records of each kind nobody has contacted yet (no contact or reply in their history), each
 * linking to its list showing only those; together they are the menu's counter of the community section.
 */
export const communityInboxToday: TodaySource = {
  roles: ['comunidad'],
  async read(ctx) {
    const kinds = await readKindCounts(ctx.db);
    return kinds.flatMap(({ kind, pending }) =>
      kind === 'boletin'
        ? []
        : [
            {
              key: `community.inbox.${kind}`,
              label: counted(pending, waiting[kind][0], waiting[kind][1]),
              count: pending,
              tone: 'pendiente' as const,
              href: `/equipo/comunidad/${kind}?contacto=pendientes`,
              section: '/equipo/comunidad',
            },
          ],
    );
  },
};
