import rateLimit from '@fastify/rate-limit';
import Fastify, { type FastifyError, type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { z } from 'zod';
import { fieldErrors } from '../schemas/zod';

/** An error the API answers as `{ error, message, fields? }` with a Spanish message. */
export class ApiError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: string,
    message: string,
    readonly fields?: Record<string, string>,
  ) {
    super(message);
  }
}

export interface ErrorBody {
  error: string;
  message: string;
  fields?: Record<string, string>;
}

const ZOD = Symbol.for('fundacion.zod');
type WithZod = Record<string, unknown> & { [ZOD]?: z.ZodType };

/**
 * A route body/query schema from zod: JSON Schema for OpenAPI, and the zod schema (hidden) for validation,
 * so the API answers with exactly the messages the forms show.
 */
export function zodSchema(schema: z.ZodType): Record<string, unknown> {
  const json = z.toJSONSchema(schema, { unrepresentable: 'any', io: 'input' }) as WithZod;
  delete json.$schema;
  Object.defineProperty(json, ZOD, { value: schema, enumerable: false });
  return json;
}

const validationMessage = 'Revisa los datos enviados: hay campos con errores.';

const statusMessages: Record<number, [string, string]> = {
  400: ['bad_request', 'La solicitud no es válida.'],
  401: ['unauthorized', 'Debes iniciar sesión para continuar.'],
  403: ['forbidden', 'No tienes permiso para realizar esta acción.'],
  404: ['not_found', 'El recurso solicitado no existe.'],
  405: ['method_not_allowed', 'Método no permitido.'],
  413: ['payload_too_large', 'La información enviada es demasiado grande.'],
  415: ['unsupported_media_type', 'Envía la información en formato JSON.'],
  429: ['rate_limited', 'Has realizado demasiadas solicitudes. Espera un momento e intenta de nuevo.'],
};

/** Maps any thrown error to the API's JSON error body; internal details never reach the visitor. */
export function toErrorResponse(err: unknown): { status: number; body: ErrorBody } {
  if (err instanceof ApiError) {
    return { status: err.statusCode, body: { error: err.code, message: err.message, ...(err.fields ? { fields: err.fields } : {}) } };
  }
  const e = err as Partial<FastifyError> & { validation?: unknown; fields?: Record<string, string> };
  if (e.fields && e.validation) {
    return { status: 400, body: { error: 'validation_error', message: validationMessage, fields: e.fields } };
  }
  const status = typeof e.statusCode === 'number' && e.statusCode >= 400 && e.statusCode < 500 ? e.statusCode : 500;
  if (status === 500)
    return { status, body: { error: 'internal_error', message: 'Ocurrió un error inesperado. Intenta nuevamente más tarde.' } };
  if (
    e.code === 'FST_ERR_CTP_INVALID_JSON_BODY' ||
    e.code === 'FST_ERR_CTP_EMPTY_JSON_BODY' ||
    (e.name === 'SyntaxError' && status === 400)
  ) {
    return { status: 400, body: { error: 'invalid_json', message: 'El cuerpo de la solicitud no es un JSON válido.' } };
  }
  const [code, message] = statusMessages[status] ?? ['bad_request', 'La solicitud no es válida.'];
  return { status, body: { error: code, message } };
}

export interface HttpServerOptions {
  logLevel?: string;
  /** Trust X-Forwarded-* (behind a proxy or the gateway). */
  trustProxy?: boolean;
  bodyLimit?: number;
}

/** Request fields that are safe to log: no bodies, no query strings (they can carry e-mails), no headers. */
const logSerializers = {
  req(req: { method: string; url: string; id: string }) {
    return { id: req.id, method: req.method, path: req.url.split('?')[0] };
  },
  res(res: { statusCode: number }) {
    return { statusCode: res.statusCode };
  },
};

/** A Fastify instance with the site's API conventions: zod validation, Spanish JSON errors, safe logs. */
export function createHttpServer(options: HttpServerOptions = {}): FastifyInstance {
  const fastifyOptions: FastifyServerOptions = {
    logger: options.logLevel === 'silent' ? false : { level: options.logLevel ?? 'info', serializers: logSerializers },
    trustProxy: options.trustProxy ?? false,
    bodyLimit: options.bodyLimit ?? 64 * 1024,
    ajv: { customOptions: { coerceTypes: false, removeAdditional: false } },
    routerOptions: { ignoreTrailingSlash: true, ignoreDuplicateSlashes: true },
  };
  const app = Fastify(fastifyOptions);

  app.setValidatorCompiler(({ schema }) => {
    const zodType = (schema as WithZod)[ZOD];
    if (!zodType) return () => true;
    return (data: unknown) => {
      const parsed = zodType.safeParse(data ?? {});
      if (parsed.success) return { value: parsed.data };
      const error = Object.assign(new Error(validationMessage), { validation: parsed.error.issues, fields: fieldErrors(parsed.error) });
      return { error };
    };
  });

  app.setErrorHandler((err, request, reply) => {
    const { status, body } = toErrorResponse(err);
    if (status >= 500) request.log.error({ err }, 'unhandled error');
    void reply.status(status).type('application/json; charset=utf-8').send(body);
  });
  return app;
}

export interface RateLimitOptions {
  /** Writes allowed per client per window on each public write route. */
  max: number;
  timeWindowMs: number;
  redisUrl?: string | undefined;
}

/** Registers rate limiting (opt-in per route via `publicWriteLimit`); Redis-backed when a URL is given. */
export async function registerRateLimit(app: FastifyInstance, options: RateLimitOptions): Promise<void> {
  let redis: unknown;
  if (options.redisUrl) {
    const { Redis } = await import('ioredis');
    redis = new Redis(options.redisUrl, { connectTimeout: 500, maxRetriesPerRequest: 1, lazyConnect: false });
    app.addHook('onClose', async () => (redis as { quit(): Promise<unknown> }).quit());
  }
  await app.register(rateLimit, {
    global: false,
    max: options.max,
    timeWindow: options.timeWindowMs,
    ...(redis ? { redis: redis as never, nameSpace: 'fundacion-rl-' } : {}),
    errorResponseBuilder: (_req, context) => {
      const err = new ApiError(
        429,
        'rate_limited',
        `Has realizado demasiadas solicitudes. Intenta de nuevo en ${Math.ceil(context.ttl / 1000)} segundos.`,
      );
      return err;
    },
  });
}
