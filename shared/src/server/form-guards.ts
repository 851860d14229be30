import type { FastifyReply, FastifyRequest } from 'fastify';
import { HONEYPOT_FIELD } from '../schemas/common';

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
