/**
 * Settings the browser learns at run time from `/runtime-config.json` (served by the gateway from its environment),
 * so one build runs against the local stand-ins or the real services. Only public values travel here.
 */
export interface RuntimeConfig {
  identity: {
    region: string;
    userPoolId: string;
    clientId: string;
    /** The emulator's origin locally; null means Cognito's regional endpoint. */
    endpoint: string | null;
    authFlow: 'USER_PASSWORD_AUTH' | 'USER_SRP_AUTH';
  };
  payments: {
    /** MercadoPago.js public key. */
    publicKey: string;
    /** Where MercadoPago.js v2 loads from (the local sandbox serves a stand-in). */
    scriptUrl: string;
  };
}

export const RUNTIME_CONFIG_PATH = '/runtime-config.json';

let pending: Promise<RuntimeConfig | null> | null = null;

function isRuntimeConfig(value: unknown): value is RuntimeConfig {
  const v = value as Partial<RuntimeConfig> | null;
  return (
    typeof v === 'object' &&
    v !== null &&
    typeof v.identity?.userPoolId === 'string' &&
    typeof v.identity.clientId === 'string' &&
    typeof v.payments?.publicKey === 'string' &&
    typeof v.payments.scriptUrl === 'string'
  );
}

/**
 * The runtime settings, fetched once per page (a failure is not cached, so a later call retries); null when unreachable
 * — also where `fetch` itself throws (missing, or broken by an extension): the caller is an idle-time nicety, and a
 * throw would surface as an uncaught error on the page.
 */
export function getRuntimeConfig(): Promise<RuntimeConfig | null> {
  pending ??= Promise.resolve()
    .then(() => fetch(RUNTIME_CONFIG_PATH, { credentials: 'same-origin', headers: { accept: 'application/json' } }))
    .then(async (res) => {
      const body: unknown = res.ok ? await res.json() : null;
      if (!isRuntimeConfig(body)) throw new Error('configuración inválida');
      return body;
    })
    .catch(() => {
      pending = null;
      return null;
    });
  return pending;
}
