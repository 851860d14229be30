// How the provider writes what it answers, whichever part of the sandbox answers: its error body and its timestamps.
import type { FastifyError, FastifyInstance } from 'fastify';

/** An error answered in the provider's shape: `{ message, error, status, cause: [...] }`. */
export class ProviderError extends Error {
  constructor(
    readonly status: number,
    readonly error: string,
    message: string,
    readonly causes: { code: string | number; description: string; data: string | null }[] = [],
  ) {
    super(message);
  }
  get body() {
    return { message: this.message, error: this.error, status: this.status, cause: this.causes };
  }
}

export const badRequest = (error: string, message: string) =>
  new ProviderError(400, error, message, [{ code: error, description: message, data: null }]);

export const paymentNotFound = () =>
  new ProviderError(404, 'not_found', 'Payment not found', [{ code: 2000, description: 'Payment not found', data: null }]);

/** The provider's timestamps carry a local offset; Colombia is UTC-5 all year. */
export function providerDate(date: Date = new Date()): string {
  return new Date(date.getTime() - 5 * 3600_000).toISOString().replace('Z', '-05:00');
}

/** Every error and unknown route is answered in the provider's shape, as the SDK expects of any failure. */
export function answerErrorsAsProvider(app: FastifyInstance): void {
  app.setErrorHandler((thrown, request, reply) => {
    if (thrown instanceof ProviderError) return reply.status(thrown.status).send(thrown.body);
    const err = thrown as FastifyError;
    const status = typeof err.statusCode === 'number' && err.statusCode >= 400 && err.statusCode < 500 ? err.statusCode : 500;
    if (status === 500) request.log.error({ err }, 'payment sandbox: unhandled error');
    const error = status === 500 ? 'internal_error' : status === 415 ? 'unsupported_media_type' : 'bad_request';
    return reply.status(status).send({ message: status === 500 ? 'internal error' : err.message, error, status, cause: [] });
  });
  app.setNotFoundHandler((request, reply) =>
    reply.status(404).send({ message: `resource ${request.url.split('?')[0]} not found`, error: 'not_found', status: 404, cause: [] }),
  );
}
