import type { FastifyInstance } from 'fastify';
import type { GatewayConfig } from './config';

/** The site's Content-Security-Policy: no inline script, nothing framed, nothing from unknown origins. */
export function contentSecurityPolicy(config: GatewayConfig): string {
  const { connect, script, form, img } = config.cspExtra;
  // The identity API is called from the browser; the payment script loads lazily on the donation page.
  const identityOrigin = config.identity.endpoint ?? `https://cognito-idp.${config.identity.region}.amazonaws.com`;
  const paymentScript = new URL(config.payments.scriptUrl).origin;
  const directives: Record<string, string[]> = {
    'default-src': ["'self'"],
    'script-src': ["'self'", paymentScript, ...script],
    'style-src': ["'self'"],
    'img-src': ["'self'", 'data:', ...img],
    'font-src': ["'self'"],
    'connect-src': ["'self'", new URL(identityOrigin).origin, ...connect],
    'form-action': ["'self'", ...form],
    'manifest-src': ["'self'"],
    'object-src': ["'none'"],
    'base-uri': ["'none'"],
    'frame-ancestors': ["'none'"],
  };
  if (config.production) directives['upgrade-insecure-requests'] = [];
  return Object.entries(directives)
    .map(([k, v]) => [k, ...v].join(' '))
    .join('; ');
}

/** Security headers on every response; HSTS only when the request really arrived over https. */
export function registerSecurityHeaders(app: FastifyInstance, config: GatewayConfig) {
  const csp = contentSecurityPolicy(config);
  app.addHook('onSend', async (request, reply) => {
    if (!reply.hasHeader('content-security-policy')) reply.header('content-security-policy', csp);
    reply.header('x-content-type-options', 'nosniff');
    // A page whose path is a credential set its own (no-referrer) before this hook.
    if (!reply.hasHeader('referrer-policy')) reply.header('referrer-policy', 'strict-origin-when-cross-origin');
    reply.header('x-frame-options', 'DENY');
    reply.header('cross-origin-opener-policy', 'same-origin');
    reply.header('permissions-policy', 'camera=(), microphone=(), geolocation=(), payment=()');
    if (request.protocol === 'https') reply.header('strict-transport-security', 'max-age=31536000; includeSubDomains');
  });
}
