import proxy from '@fastify/http-proxy';
import type { IncomingHttpHeaders } from 'node:http';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { RemoteName } from '../../../site/routes';

/** How long the gateway waits for a remote's service, and when it stops trying for a while. */
export interface ProxyPolicy {
  /** TCP connect to the remote's service. */
  connectTimeoutMs: number;
  /** Until the response headers (and between body chunks) of an API call. */
  apiTimeoutMs: number;
  /** The same for a static file (entry, manifest, chunk): a healthy server answers these in milliseconds. */
  staticTimeoutMs: number;
  /** Consecutive failures that open the circuit. */
  failureThreshold: number;
  /** How long an open circuit answers 503 at once before one request may try again. */
  openMs: number;
}

export const defaultProxyPolicy: ProxyPolicy = {
  connectTimeoutMs: 2000,
  apiTimeoutMs: 8000,
  staticTimeoutMs: 3000,
  failureThreshold: 3,
  openMs: 5000,
};

/**
 * A small circuit breaker per upstream: after `threshold` consecutive failures it answers for `openMs` without trying,
 * then lets one request through (half-open); its success closes the circuit, its failure opens it again.
 */
export class CircuitBreaker {
  #failures = 0;
  #openUntil = 0;
  #trialInFlight = false;
  constructor(
    private readonly threshold: number,
    private readonly openMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  /** Whether a request may go to the upstream now. */
  allow(): boolean {
    if (this.#failures < this.threshold) return true;
    if (this.now() < this.#openUntil || this.#trialInFlight) return false;
    this.#trialInFlight = true;
    return true;
  }
  success(): void {
    this.#failures = 0;
    this.#trialInFlight = false;
  }
  failure(): void {
    this.#failures += 1;
    this.#trialInFlight = false;
    if (this.#failures >= this.threshold) this.#openUntil = this.now() + this.openMs;
  }
  get open(): boolean {
    return this.#failures >= this.threshold;
  }
  /** Seconds a client should wait before trying again (Retry-After). */
  retryAfterSeconds(): number {
    return Math.max(1, Math.ceil((this.open ? this.#openUntil - this.now() : this.openMs) / 1000));
  }
}

/** One breaker per upstream origin, shared by the API and static proxies of a remote. */
export class Breakers {
  #byOrigin = new Map<string, CircuitBreaker>();
  constructor(private readonly policy: ProxyPolicy) {}
  for(upstream: string): CircuitBreaker {
    const origin = new URL(upstream).origin;
    let breaker = this.#byOrigin.get(origin);
    if (!breaker) this.#byOrigin.set(origin, (breaker = new CircuitBreaker(this.policy.failureThreshold, this.policy.openMs)));
    return breaker;
  }
}

export const unavailableBody = {
  error: 'remote_unavailable',
  message: 'Este servicio no está disponible en este momento. Intenta de nuevo en unos segundos.',
} as const;

/** Transport failures of the upstream, named for the log (no stack: an outage is expected, not a bug). */
function reasonOf(error: unknown): string {
  const cause = (error as { cause?: { code?: string } } | undefined)?.cause;
  const code = cause?.code ?? (error as { code?: string } | undefined)?.code ?? 'unknown';
  if (code === 'ECONNREFUSED') return 'refused';
  if (/TIMEOUT/i.test(code)) return 'timeout';
  if (code === 'ECONNRESET' || code === 'UND_ERR_SOCKET') return 'reset';
  return code;
}

const PROXY_FAILED = Symbol('proxyFailed');
type Marked = FastifyRequest & { [PROXY_FAILED]?: boolean };

function sendUnavailable(reply: FastifyReply, kind: 'api' | 'static', retryAfter: number) {
  void reply.status(503).header('retry-after', String(retryAfter)).header('cache-control', 'no-store');
  if (kind === 'api') return reply.send(unavailableBody);
  return reply.type('text/plain; charset=utf-8').send('Esta parte del sitio no está disponible en este momento.');
}

/**
 * Proxies `/api/<name>/` or `/remotes/<name>/` to a remote's own service, failing fast: connect and response
 * timeouts, 503 + Retry-After (Spanish JSON for APIs) when the service is down, hung or refusing, and a circuit breaker
 * so a dead service costs visitors no waiting. The proxy's catch-all routes stay out of the OpenAPI document.
 */
export async function registerRemoteProxy(
  app: FastifyInstance,
  options: {
    name: RemoteName;
    kind: 'api' | 'static';
    upstream: string;
    policy: ProxyPolicy;
    breaker: CircuitBreaker;
    rewriteRequestHeaders?: (req: Pick<FastifyRequest, 'ip' | 'protocol'>, headers: IncomingHttpHeaders) => IncomingHttpHeaders;
  },
): Promise<void> {
  const { name, kind, upstream, policy, breaker } = options;
  const prefix = kind === 'api' ? `/api/${name}` : `/remotes/${name}`;
  const timeoutMs = kind === 'api' ? policy.apiTimeoutMs : policy.staticTimeoutMs;
  await app.register(async (scope) => {
    scope.addHook('onRoute', (route) => {
      route.schema = { ...route.schema, hide: true };
    });
    scope.addHook('onResponse', async (request) => {
      if (!(request as Marked)[PROXY_FAILED] && request.routeOptions.url?.startsWith(prefix)) breaker.success();
    });
    await scope.register(proxy, {
      upstream,
      prefix,
      rewritePrefix: prefix,
      disableRequestLogging: true,
      undici: { connectTimeout: policy.connectTimeoutMs, headersTimeout: timeoutMs, bodyTimeout: timeoutMs },
      preHandler: async (request, reply) => {
        // reply-from logs the transport error with its stack before we can answer: keep the code and message only.
        request.log = request.log.child(
          {},
          { serializers: { err: (e: { code?: string; message?: string }) => ({ code: e.code, message: e.message }) } },
        );
        if (!breaker.allow()) {
          (request as Marked)[PROXY_FAILED] = true;
          return sendUnavailable(reply, kind, breaker.retryAfterSeconds());
        }
      },
      replyOptions: {
        ...(options.rewriteRequestHeaders ? { rewriteRequestHeaders: options.rewriteRequestHeaders } : {}),
        // No retry storms: reply-from retries GETs answered 503 up to ten times. One immediate retry only for a pooled
        // connection the remote had just closed (a restart), which never reached it.
        retryDelay: ({ err, req, attempt }) =>
          err && attempt < 1 && (req.method === 'GET' || req.method === 'HEAD') && reasonOf(err) === 'reset' ? 1 : null,
        onError: (reply, { error }) => {
          (reply.request as Marked)[PROXY_FAILED] = true;
          breaker.failure();
          reply.request.log.warn({ remote: name, kind, reason: reasonOf(error), circuitOpen: breaker.open }, 'remote unavailable');
          void sendUnavailable(reply as FastifyReply, kind, breaker.retryAfterSeconds());
        },
      },
    });
  });
}
