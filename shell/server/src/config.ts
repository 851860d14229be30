import path from 'node:path';
import { remoteNames, type RemoteName } from 'shared/routes';

export interface RemoteDeployment {
  /** Where the browser loads the remote's entry from (same-origin path by default). */
  entry: string;
  /** When set, `/remotes/<name>/` is proxied to this origin instead of served from the local build. */
  staticUrl?: string;
  /** When set, `/api/<name>/` is proxied to this origin instead of mounted in-process. */
  apiUrl?: string;
}

export interface GatewayConfig {
  port: number;
  host: string;
  production: boolean;
  publicOrigin: string;
  databaseUrl?: string;
  dataDir: string;
  smtpUrl?: string;
  redisUrl?: string;
  trustProxy: boolean;
  /** Root of the repository (builds are read from `<root>/<app>/dist`). */
  rootDir: string;
  remotes: Record<RemoteName, RemoteDeployment>;
  remoteTimeoutMs: number;
  writeLimit: { max: number; timeWindow: number };
  logLevel: string;
  payments: {
    accessToken: string;
    publicKey: string;
    webhookSecret: string;
    /** Provider API origin; unset means the provider's own. */
    baseUrl?: string;
    /** Start the local payment sandbox (embedded default: no real provider configured, not production). */
    startSandbox: boolean;
    sandboxPort: number;
  };
  /** Extra origins the CSP allows (identity endpoint, payment script, …). */
  cspExtra: { connect: string[]; script: string[]; form: string[]; img: string[] };
}

const list = (v: string | undefined) => (v ?? '').split(/[\s,]+/).filter(Boolean);
const int = (v: string | undefined, fallback: number) => {
  const n = Number.parseInt(v ?? '', 10);
  return Number.isFinite(n) && n > 0 ? n : fallback;
};

/** Reads the gateway's configuration from the environment; every default is the embedded, offline one. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env, rootDir = path.resolve(import.meta.dirname, '../../..')): GatewayConfig {
  const port = int(env.PORT, 8080);
  const host = env.HOST ?? '127.0.0.1';
  const production = env.NODE_ENV === 'production';
  const remotes = Object.fromEntries(
    remoteNames.map((name) => {
      const key = name.toUpperCase();
      const staticUrl = env[`REMOTE_${key}_URL`];
      const apiUrl = env[`REMOTE_${key}_API_URL`] ?? staticUrl;
      const deployment: RemoteDeployment = { entry: env[`REMOTE_${key}_ENTRY`] ?? `/remotes/${name}/remoteEntry.js` };
      if (staticUrl) deployment.staticUrl = staticUrl.replace(/\/$/, '');
      if (apiUrl) deployment.apiUrl = apiUrl.replace(/\/$/, '');
      return [name, deployment];
    }),
  ) as Record<RemoteName, RemoteDeployment>;
  const realProvider = Boolean(env.MERCADOPAGO_ACCESS_TOKEN);
  const sandboxPort = int(env.PAYMENT_SANDBOX_PORT, 8090);
  const startSandbox = !realProvider && !production && !env.MERCADOPAGO_BASE_URL;
  const payments: GatewayConfig['payments'] = {
    accessToken: env.MERCADOPAGO_ACCESS_TOKEN ?? 'TEST-sandbox-token',
    publicKey: env.MERCADOPAGO_PUBLIC_KEY ?? 'TEST-sandbox-public-key',
    webhookSecret: env.MERCADOPAGO_WEBHOOK_SECRET ?? (production ? '' : 'sandbox-webhook-secret'),
    startSandbox,
    sandboxPort,
  };
  const baseUrl = env.MERCADOPAGO_BASE_URL ?? (startSandbox ? `http://127.0.0.1:${sandboxPort}` : undefined);
  if (baseUrl) payments.baseUrl = baseUrl;
  const config: GatewayConfig = {
    port,
    host,
    production,
    publicOrigin: (env.PUBLIC_ORIGIN ?? `http://${host}:${port}`).replace(/\/$/, ''),
    dataDir: env.DATA_DIR ?? path.join(rootDir, '.data'),
    trustProxy: env.TRUST_PROXY === 'true' || env.TRUST_PROXY === '1',
    rootDir,
    remotes,
    remoteTimeoutMs: int(env.REMOTE_LOAD_TIMEOUT_MS, 10_000),
    writeLimit: { max: int(env.RATE_LIMIT_WRITES, 20), timeWindow: int(env.RATE_LIMIT_WINDOW_MS, 60_000) },
    logLevel: env.LOG_LEVEL ?? 'info',
    payments,
    cspExtra: {
      connect: list(env.CSP_CONNECT_SRC),
      script: list(env.CSP_SCRIPT_SRC),
      form: list(env.CSP_FORM_ACTION),
      img: list(env.CSP_IMG_SRC),
    },
  };
  if (env.DATABASE_URL) config.databaseUrl = env.DATABASE_URL;
  if (env.SMTP_URL) config.smtpUrl = env.SMTP_URL;
  if (env.REDIS_URL) config.redisUrl = env.REDIS_URL;
  return config;
}
