import type { FastifyReply, FastifyRequest } from 'fastify';
import { HONEYPOT_FIELD } from '../schemas/common';
import type { z } from '../schemas/zod';
import { publicWrite } from './api-module';
import { zodResponse, zodSchema } from './http';
import type { ServerSettings } from './api-contract';

/**
 * preValidation hook for public forms: a submission whose hidden honeypot field carries a value is refused
 * without storing anything, and logged without personal data.
 */
export async function rejectHoneypot(request: FastifyRequest, reply: FastifyReply) {
  const body = request.body as Record<string, unknown> | null | undefined;
  const value = body && typeof body === 'object' ? body[HONEYPOT_FIELD] : undefined;
  if (typeof value === 'string' ? value.trim() !== '' : value !== undefined && value !== null) {
    request.log.warn({ route: request.routeOptions.url, reason: 'honeypot' }, 'submission refused');
    return reply
      .status(400)
      .send({ error: 'rejected', message: 'No pudimos procesar el envío. Si eres una persona, recarga la página e intenta de nuevo.' });
  }
}

/**
 * The options of a public form's POST that creates something payable or kept (an enrolment, a donation): the site's
 * write limit, the honeypot refused before validation, the body checked by its zod schema and the 201 answer's schema.
 */
export function publicFormRoute(
  settings: ServerSettings,
  route: { tags: string[]; summary: string; body: z.ZodMiniType; created: z.ZodMiniType },
) {
  return {
    config: publicWrite(settings),
    preValidation: rejectHoneypot,
    schema: { tags: route.tags, summary: route.summary, body: zodSchema(route.body), response: { 201: zodResponse(route.created) } },
  };
}
