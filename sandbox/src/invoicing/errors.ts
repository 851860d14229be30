// How Factus writes what goes wrong: `{ status, message, data? }` envelopes for its own answers, Laravel's
// `{ message }` for an unauthenticated call, Passport's `{ error, error_description, message }` on /oauth/token.
import type { FastifyError, FastifyInstance } from 'fastify';

/** An answer other than success, with its HTTP status, body and extra headers. */
export class FactusError extends Error {
  constructor(
    readonly statusCode: number,
    readonly body: Record<string, unknown>,
    readonly headers: Record<string, string> = {},
  ) {
    super(typeof body.message === 'string' ? body.message : `HTTP ${statusCode}`);
  }
}

/** Field errors keyed by dotted path (`customer.identification`, `items.0.price`), each with its messages. */
export type FieldErrors = Record<string, string[]>;

/** A payload the API refuses before anything is created: 422, Laravel's message (the first error, and how many more). */
export function payloadError(errors: FieldErrors): FactusError {
  const all = Object.values(errors).flat();
  const first = all[0] ?? 'Los datos enviados no son válidos.';
  const more = all.length - 1;
  const message = more > 0 ? `${first} (y ${more} ${more === 1 ? 'error más' : 'errores más'})` : first;
  return new FactusError(422, { status: 'Validation error', message, data: { errors } });
}

export const notFound = (message: string) => new FactusError(404, { status: 'Not Found', message });

export const unauthenticated = () => new FactusError(401, { message: 'Unauthenticated.' });

/** Every thrown error and unknown route answers in Factus's envelope. */
export function answerErrorsAsFactus(app: FastifyInstance): void {
  app.setErrorHandler((thrown, request, reply) => {
    if (thrown instanceof FactusError) return reply.status(thrown.statusCode).headers(thrown.headers).send(thrown.body);
    const err = thrown as FastifyError;
    const status = typeof err.statusCode === 'number' && err.statusCode >= 400 && err.statusCode < 500 ? err.statusCode : 500;
    if (status === 500) request.log.error({ err }, 'invoicing stand-in: unhandled error');
    if (status === 500) return reply.status(500).send({ status: 'Internal Server Error', message: 'Error interno del servidor' });
    // A malformed JSON body, a wrong content type…: Factus answers them as a bad request.
    return reply.status(status).send({ status: 'Bad Request', message: err.message });
  });
  app.setNotFoundHandler((request, reply) =>
    reply.status(404).send({ status: 'Not Found', message: `La ruta ${request.url.split('?')[0]} no existe.` }),
  );
}
