import path from 'node:path';
import { remoteNames, type RemoteName } from '../../../site/routes';
import { envInt, readCommonConfig, type CommonServerConfig } from 'shared/server/server-config';
import { defaultProxyPolicy, type ProxyPolicy } from './remote-proxy';

export interface RemoteDeployment {
  /** Where the browser loads the remote's entry from (same-origin path by default). */
  entry: string;
  /** When set, `/remotes/<name>/` is proxied to this origin instead of served from the local build. */
  staticUrl?: string;
  /** When set, `/api/<name>/` is proxied to this origin instead of mounted in-process. */
  apiUrl?: string;
}

export interface GatewayConfig extends CommonServerConfig {
  port: number;
  host: string;
  dataDir: string;
  /** Root of the repository (builds are read from `<root>/<app>/dist`). */
  rootDir: string;
  remotes: Record<RemoteName, RemoteDeployment>;
  remoteTimeoutMs: number;
  /** Timeouts and circuit breaker of the proxies to remotes' own services. */
  proxy: ProxyPolicy;
  /** How often a proxied remote's mf-manifest.json is asked for (If-None-Match), so preload hints follow a deploy. */
  manifestRefreshMs: number;
  /** Public pages come with their HTML rendered (SERVER_RENDERING=0 leaves every page to the browser). */
  serverRendering: boolean;
  /** How long a page's render (with fetching a remote's server build) may take before that part is left to the browser. */
  serverRenderBudgetMs: number;
  /** Renders at once and started per second beyond which a page is left to the browser (pages not kept: query strings). */
  serverRenderLimits: { atOnce: number; perSecond: number };
  /** Extra origins the CSP allows (identity endpoint, payment script, …). */
  cspExtra: { connect: string[]; script: string[]; form: string[]; img: string[] };
}

const list = (v: string | undefined) => (v ?? '').split(/[\s,]+/).filter(Boolean);

/** Reads the gateway's configuration from the environment; every default is the embedded, offline one. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env, rootDir = path.resolve(import.meta.dirname, '../../..')): GatewayConfig {
  const port = envInt(env.PORT, 8080);
  const host = env.HOST || '127.0.0.1';
  const remotes = Object.fromEntries(
    remoteNames.map((name) => {
      const key = name.toUpperCase();
      const staticUrl = env[`REMOTE_${key}_URL`] || undefined;
      const apiUrl = env[`REMOTE_${key}_API_URL`] || staticUrl;
      const deployment: RemoteDeployment = { entry: env[`REMOTE_${key}_ENTRY`] || `/remotes/${name}/remoteEntry.js` };
      if (staticUrl) deployment.staticUrl = staticUrl.replace(/\/$/, '');
      if (apiUrl) deployment.apiUrl = apiUrl.replace(/\/$/, '');
      return [name, deployment];
    }),
  ) as Record<RemoteName, RemoteDeployment>;
  return {
    ...readCommonConfig(env, `http://${host}:${port}`),
    port,
    host,
    dataDir: env.DATA_DIR || path.join(rootDir, '.data'),
    rootDir,
    remotes,
    // Short enough that a remote which never answers shows its fallback within 5 s.
    remoteTimeoutMs: envInt(env.REMOTE_LOAD_TIMEOUT_MS, 3000),
    proxy: {
      connectTimeoutMs: envInt(env.PROXY_CONNECT_TIMEOUT_MS, defaultProxyPolicy.connectTimeoutMs),
      apiTimeoutMs: envInt(env.PROXY_API_TIMEOUT_MS, defaultProxyPolicy.apiTimeoutMs),
      staticTimeoutMs: envInt(env.PROXY_STATIC_TIMEOUT_MS, defaultProxyPolicy.staticTimeoutMs),
      failureThreshold: Math.max(1, envInt(env.PROXY_FAILURES_TO_OPEN, defaultProxyPolicy.failureThreshold)),
      openMs: envInt(env.PROXY_OPEN_MS, defaultProxyPolicy.openMs),
    },
    manifestRefreshMs: Math.max(100, envInt(env.REMOTE_MANIFEST_REFRESH_MS, 1000)),
    serverRendering: env.SERVER_RENDERING !== '0',
    serverRenderBudgetMs: Math.max(50, envInt(env.SERVER_RENDER_BUDGET_MS, 300)),
    serverRenderLimits: {
      atOnce: Math.max(1, envInt(env.SERVER_RENDERS_AT_ONCE, 8)),
      perSecond: Math.max(1, envInt(env.SERVER_RENDERS_PER_SECOND, 50)),
    },
    cspExtra: {
      connect: list(env.CSP_CONNECT_SRC),
      script: list(env.CSP_SCRIPT_SRC),
      form: list(env.CSP_FORM_ACTION),
      img: list(env.CSP_IMG_SRC),
    },
  };
}
