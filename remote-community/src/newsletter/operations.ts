import { defineOperation } from 'shared/api/operation';
import {
  newsletterComposeSchema,
  newsletterOverviewSchema,
  newsletterSendResponseSchema,
  newsletterTestResponseSchema,
  newsletterTokenRequestSchema,
  newsletterTokenResponseSchema,
} from 'shared/schemas/newsletter';

/**
 * The newsletter's operations, declared once (#27, shared/api/operation): server/newsletter.ts and
 * server/staff.ts register them, the link pages and the staff screen call them. The footer's subscribe is the
 * shell's (the shell imports no remote), so it is not declared here.
 */

/** Who writes the newsletter in the panel. */
const comunidad = ['comunidad'] as const;
const staffTags = ['community-staff'];

export const newsletterOperations = {
  /** The "Confirmar" button of the page the confirmation e-mail links to (never a GET: mail scanners prefetch links). */
  confirm: defineOperation({
    method: 'POST',
    path: '/api/community/newsletter/confirm',
    body: newsletterTokenRequestSchema,
    response: newsletterTokenResponseSchema,
    summary: 'Confirmar una suscripción al boletín con el código del enlace',
  }),
  /**
   * The "Darme de baja" button of the page a newsletter links to ({token} as JSON). The same URL takes RFC 8058
   * one-click form bodies from mail providers, so the server registers it by hand (server/newsletter.ts) from this
   * declaration's method, path and summary, without a body schema: `body` here types the page's call only.
   */
  unsubscribe: defineOperation({
    method: 'POST',
    path: '/api/community/newsletter/unsubscribe',
    body: newsletterTokenRequestSchema,
    response: newsletterTokenResponseSchema,
    summary: 'Darse de baja del boletín (RFC 8058 one-click con ?token=…, o {token} en JSON desde la página)',
  }),
  /** Subscribers per status and the latest sends. */
  overview: defineOperation({
    method: 'GET',
    path: '/api/community/staff/newsletter',
    response: newsletterOverviewSchema,
    roles: comunidad,
    tags: staffTags,
    summary: 'Boletín: suscriptores por estado y últimos envíos',
  }),
  /** The newsletter as it will look, to the member's own address only. */
  sendTest: defineOperation({
    method: 'POST',
    path: '/api/community/staff/newsletter/test',
    body: newsletterComposeSchema,
    response: newsletterTestResponseSchema,
    roles: comunidad,
    tags: staffTags,
    summary: 'Enviar una prueba del boletín al correo del miembro del equipo',
  }),
  /** Sends the newsletter to every confirmed subscriber (audited). */
  send: defineOperation({
    method: 'POST',
    path: '/api/community/staff/newsletter/sends',
    body: newsletterComposeSchema,
    response: newsletterSendResponseSchema,
    roles: comunidad,
    tags: staffTags,
    summary: 'Enviar el boletín a los suscriptores confirmados',
  }),
};
