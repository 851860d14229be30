import rateLimit from '@fastify/rate-limit';
import type { Server } from 'node:http';
import Fastify, {
  LogController,
  type FastifyError,
  type FastifyHttpOptions,
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
  type FastifyServerOptions,
} from 'fastify';
import { fieldErrors, z } from '../schemas/zod';

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
type WithZod = Record<string, unknown> & { [ZOD]?: z.ZodMiniType };

/**
 * A route body/query schema from zod: JSON Schema for OpenAPI, and the zod schema (hidden) for validation,
 * so the API answers with exactly the messages the forms show.
 */
export function zodSchema(schema: z.ZodMiniType): Record<string, unknown> {
  const json = z.toJSONSchema(schema, { unrepresentable: 'any', io: 'input' }) as WithZod;
  delete json.$schema;
  Object.defineProperty(json, ZOD, { value: schema, enumerable: false });
  return json;
}

/**
 * A route's answer schema from zod, for `response: { 200: … }`: the JSON Schema of what the handler returns (zod's
 * output side; objects closed with `additionalProperties: false`), so OpenAPI documents the answer and Fastify's
 * serializer writes only the declared fields. Declare 2xx codes only: error answers keep their own `{error, message,
 * fields?}` shape from the error handler.
 */
export function zodResponse(schema: z.ZodMiniType): Record<string, unknown> {
  const json = z.toJSONSchema(schema, { unrepresentable: 'any', io: 'output' }) as Record<string, unknown>;
  delete json.$schema;
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

/**
 * Which X-Forwarded-* values are believed: none (`false`), those added by the last N proxies (a hop count), or those
 * added by proxies at the given addresses/CIDRs (and proxy-addr's `loopback`, `linklocal`, `uniquelocal`).
 */
export type TrustProxy = false | number | string[];

/** How long a connection may take at each stage before the server cuts it (slow-headers / slow-body attacks). */
export interface HttpTimeouts {
  /** Until the request's headers are complete. */
  headersMs: number;
  /** Until the whole request, body included, has arrived. */
  requestMs: number;
  /** A socket on which nothing moves, in either direction, while a request is open. */
  idleMs: number;
  /** An idle keep-alive connection between two requests. */
  keepAliveMs: number;
}

/** A few seconds for headers, tens of seconds for a (64 KB at most) request; Node's own keep-alive. */
export const defaultHttpTimeouts: HttpTimeouts = { headersMs: 10_000, requestMs: 30_000, idleMs: 30_000, keepAliveMs: 5_000 };

export interface HttpServerOptions {
  logLevel?: string;
  /** Which X-Forwarded-* values to believe (behind a proxy or the gateway); off by default. */
  trustProxy?: TrustProxy;
  bodyLimit?: number;
  timeouts?: HttpTimeouts;
}

/**
 * Fastify's own options disable a hop count (it cannot tell the proxy from a client) and `true` believes the left-most
 * X-Forwarded-For value, which any client writes. A hop count here trusts the socket's peer and the N-1 entries the
 * proxies appended on the right, so the address is the one the outermost trusted proxy saw.
 */
function fastifyTrustProxy(trust: TrustProxy): FastifyServerOptions['trustProxy'] {
  if (trust === false) return false;
  if (typeof trust === 'number') return (_address: string, hop: number) => hop < trust;
  return trust;
}

/** Control characters (C0, DEL, C1) except tab and line feed; a carriage return only as part of CRLF (textareas). */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const FORBIDDEN_CHARACTERS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]|\r(?!\n)/;

const controlCharacterMessage = 'Este campo contiene caracteres no permitidos.';

/**
 * Parsed JSON, query strings (null-prototype objects) and params only: a proxied request's body is the raw stream,
 * not data to inspect.
 */
const isWalkable = (v: unknown): v is Record<string, unknown> | unknown[] => {
  if (typeof v !== 'object' || v === null) return false;
  if (Array.isArray(v)) return true;
  const proto: unknown = Object.getPrototypeOf(v);
  return proto === Object.prototype || proto === null || Object.getPrototypeOf(proto) === null;
};

interface FieldPath {
  key: string;
  parent: FieldPath | null;
}

const fieldName = (path: FieldPath | null): string => {
  const keys: string[] = [];
  for (let p = path; p; p = p.parent) keys.unshift(p.key);
  return keys.join('.') || '_';
};

/**
 * The fields (`a.b.0.c`, as zod names them; `_` for a bare value) whose value or key holds a control character.
 * Iterative and linear in the body's size, so a deeply nested body costs no more than a flat one.
 */
export function controlCharacterFields(value: unknown): Record<string, string> {
  const fields: Record<string, string> = {};
  const stack: Array<[unknown, FieldPath | null]> = [[value, null]];
  const seen = new Set<object>();
  while (stack.length) {
    const [current, path] = stack.pop()!;
    if (typeof current === 'string') {
      if (FORBIDDEN_CHARACTERS.test(current)) fields[fieldName(path)] = controlCharacterMessage;
    } else if (isWalkable(current) && !seen.has(current)) {
      seen.add(current);
      for (const [key, child] of Object.entries(current)) {
        // A bad key is named without the characters that would garble the message.
        if (FORBIDDEN_CHARACTERS.test(key))
          fields[fieldName({ key: key.replace(new RegExp(FORBIDDEN_CHARACTERS, 'g'), ''), parent: path })] = controlCharacterMessage;
        else stack.push([child, { key, parent: path }]);
      }
    }
  }
  return fields;
}

/** `/api/…` however the client spelled the slashes (the router ignores duplicate ones). */
const isApiPath = (url: string) => /^\/+api(\/|$)/.test(url);

/**
 * A request's path as logs may keep it: no query string (it can carry e-mails, and the certificate link's token), and
 * no token in the path either (the data-copy link, `/copia/<token>/datos.pdf`, an invoice's `/facturas/<token>`): a run
 * of 32 or more base64url characters is a random secret (ours are 43), never a reference or a radicado — wherever it
 * stands, so a token a mail client glued a character to (`<token>.`, `<token>%00`) is hidden too.
 */
export const loggablePath = (url: string) => (url.split('?')[0] ?? '').replace(/[A-Za-z0-9_-]{32,}/g, '[token]');

/** Request fields that are safe to log: no bodies, no query strings, no secrets in the path, no headers. */
const logSerializers = {
  req(req: { method: string; url: string; id: string }) {
    return { id: req.id, method: req.method, path: loggablePath(req.url) };
  },
  res(res: { statusCode: number }) {
    return { statusCode: res.statusCode };
  },
};

/**
 * One log line per request where Fastify writes two ("incoming request" on arrival, "request completed" at the end):
 * the completion line carries the request's id, method and safe path too (`logSerializers`), so it says everything
 * the pair said. At production's `info` level the pair was about a tenth of the gateway's CPU under mixed public writes
 * (#33: pino's synchronous writes to stdout, one per line). A request still in flight has no line until it ends (or
 * times out: the server's request timeout ends it with an error line).
 */
export class OneLinePerRequest extends LogController {
  override incomingRequest(): void {
    // Logged with the completion line.
  }

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    if (this.isLogDisabled(request)) return;
    if (error) reply.log.error({ req: request, res: reply, err: error, responseTime: reply.elapsedTime }, 'request errored');
    else reply.log.info({ req: request, res: reply, responseTime: reply.elapsedTime }, 'request completed');
  }
}

/** A Fastify instance with the site's API conventions: zod validation, Spanish JSON errors, safe logs. */
export function createHttpServer(options: HttpServerOptions = {}): FastifyInstance {
  const timeouts = options.timeouts ?? defaultHttpTimeouts;
  const fastifyOptions: FastifyHttpOptions<Server> = {
    logger: options.logLevel === 'silent' ? false : { level: options.logLevel ?? 'info', serializers: logSerializers },
    logController: new OneLinePerRequest(),
    trustProxy: fastifyTrustProxy(options.trustProxy ?? false),
    bodyLimit: options.bodyLimit ?? 64 * 1024,
    // Fastify turns Node's request timeout off by default: a body that never finishes would hold its socket forever.
    requestTimeout: timeouts.requestMs,
    connectionTimeout: timeouts.idleMs,
    keepAliveTimeout: timeouts.keepAliveMs,
    http: {
      headersTimeout: timeouts.headersMs,
      requestTimeout: timeouts.requestMs,
      // Node checks those two deadlines every 30 s by default, far coarser than the deadlines themselves.
      connectionsCheckingInterval: Math.max(50, Math.min(1000, Math.floor(Math.min(timeouts.headersMs, timeouts.requestMs) / 4))),
    },
    ajv: { customOptions: { coerceTypes: false, removeAdditional: false } },
    routerOptions: { ignoreTrailingSlash: true, ignoreDuplicateSlashes: true },
    // The router's own refusals (an undecodable path, a parameter past its length) answer like every other error: in
    // Spanish, without echoing the path.
    frameworkErrors: (error, _request, reply) => {
      const long = error.code === 'FST_ERR_MAX_PARAM_LENGTH';
      const body: ErrorBody = long
        ? { error: 'uri_too_long', message: 'La dirección de la solicitud es demasiado larga.' }
        : { error: 'bad_url', message: 'La dirección de la solicitud no es válida.' };
      // The router's reply is not typed by any route's schema.
      void (reply as unknown as { status(c: number): { type(t: string): { send(b: unknown): void } } })
        .status(long ? 414 : 400)
        .type('application/json; charset=utf-8')
        .send(body);
    },
  };
  const app = Fastify(fastifyOptions);

  // Every route's params, query string, body and headers are checked by the zod schema of the contract. A schema
  // without it (plain JSON Schema, or one copied by a spread, which drops the hidden marker) would let any input
  // through unchecked: the route is refused at start-up instead (Fastify answers `ready()` with this error).
  app.setValidatorCompiler(({ schema, method, url, httpPart }) => {
    const zodType = (schema as WithZod)[ZOD];
    if (!zodType)
      throw new Error(
        `${method} ${url}: the ${httpPart ?? 'request'} schema is not a zod schema from the contract; declare it with zodSchema() ` +
          '(a spread copy loses the zod schema) so that the input is validated.',
      );
    return (data: unknown) => {
      const parsed = zodType.safeParse(data ?? {});
      if (parsed.success) return { value: parsed.data };
      const error = Object.assign(new Error(validationMessage), { validation: parsed.error.issues, fields: fieldErrors(parsed.error) });
      return { error };
    };
  });

  // Before any route's schema and for routes without one: PostgreSQL refuses U+0000 in text, and no form field needs
  // a control character, so none reaches a handler (params, query string and body, nested values and keys alike).
  app.addHook('preValidation', async (request) => {
    const fields = {
      ...controlCharacterFields(request.params),
      ...controlCharacterFields(request.query),
      ...controlCharacterFields(request.body),
    };
    if (Object.keys(fields).length) throw new ApiError(400, 'validation_error', validationMessage, fields);
  });

  // API answers carry personal data: no browser or shared cache keeps them unless a route chose its own header.
  app.addHook('onSend', async (request, reply, payload) => {
    if (!reply.hasHeader('cache-control') && isApiPath(request.url)) void reply.header('cache-control', 'no-store');
    return payload;
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
