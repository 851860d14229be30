import type { ApiContext, IdentityConfig, SeatHoldLimits, ServerSettings, SiteDomains, StaffDirectory } from './api-contract';
import type { SiteDb } from './database';
import { uncomposedDomains } from './domains';
import type { Mailer } from './mailer';
import { createMercadoPagoProvider } from './payments/mercadopago';
import type { PaymentProvider } from './payments/provider';
import { createMercadoPagoSubscriptions, type SubscriptionProvider } from './payments/subscriptions';
import { createTokenVerifier, type TokenVerifier } from './identity';
import { cognitoStaffAccounts } from './staff-accounts';
import { databaseStaffDirectory } from './staff-directory';
import { isIP } from 'node:net';
import { defaultHttpTimeouts, type HttpTimeouts, type TrustProxy } from './http';
import { readRetentionSettings, type RetentionSettings } from './personal-data/retention-settings';
import type { ObjectStore, ObjectStoreConfig } from './objects/object-store';
import { createS3ObjectStore } from './objects/s3';

/** Settings every server of the site reads the same way: the gateway and each remote run standalone. */
export interface CommonServerConfig {
  production: boolean;
  /** `npm start`'s local run (LOCAL_RUN=1 beside NODE_ENV=production): React's production build, the site's local one. */
  localRun?: boolean;
  publicOrigin: string;
  databaseUrl?: string;
  /** DATABASE_POOL_MAX: PostgreSQL connections this process may hold (a whole number 1–100); unset: db.ts's 10. */
  databasePoolMax?: number;
  /** DATABASE_PREPARED_STATEMENTS: `off` runs every statement unnamed (a transaction-mode pooler); unset or `on`: named. */
  databaseNamedStatements?: boolean;
  smtpUrl?: string;
  redisUrl?: string;
  trustProxy: TrustProxy;
  httpTimeouts: HttpTimeouts;
  writeLimit: { max: number; timeWindow: number };
  /** Course seats one buyer may hold unpaid (COURSES_SEAT_HOLDS_PER_EMAIL, _PER_CLIENT); unset: the courses API's defaults. */
  seatHolds?: Partial<SeatHoldLimits>;
  logLevel: string;
  donationBounds: { min: number; max: number };
  paymentReconciliation: { afterMinutes: number; everyMinutes: number };
  /** New-case e-mails to the team per kind and hour (CASE_NOTICES_PER_HOUR); unset: the kit's default (cases/notices.ts). */
  newCaseNoticesPerHour?: number;
  payments: {
    accessToken: string;
    publicKey: string;
    webhookSecret: string;
    /** Provider API origin; unset means the provider's own. */
    baseUrl?: string;
    /** Start the local payment sandbox (embedded default: no real provider configured, not production). */
    startSandbox: boolean;
    sandboxPort: number;
    /** MercadoPago.js v2 (the local sandbox serves a stand-in); loaded lazily by the donation page. */
    scriptUrl: string;
  };
  identity: IdentityConfig;
  /** OBJECT_STORE_*: where uploaded files are kept (S3 or S3-compatible; the local stand-in by default). */
  objects: ObjectStoreConfig;
  /** RETENTION_*: how long each kind of record keeps its personal data (personal-data/retention-settings.ts). */
  retention?: RetentionSettings;
  /** PUBLISHED_REFRESH_MS: how often this process asks whether the staff published something (publishing/refresh.ts). */
  publishedRefreshMs?: number;
  /** The environment read (a domain's own settings come from it: `ServerSettings.environment`). */
  environment?: NodeJS.ProcessEnv;
}

/** Id of the emulator's seeded pool and app client (the pool id is also its data file's name). */
export const EMULATOR_POOL_ID = 'local_tejiendo';
export const EMULATOR_CLIENT_ID = 'tejiendo-web-local';

/** What the local payment sandbox accepts as an access token (the default when none is configured). */
const SANDBOX_ACCESS_TOKEN = 'TEST-sandbox-token';

/** The local payment sandbox's webhook secret: public, since it ships with the code. */
export const SANDBOX_WEBHOOK_SECRET = 'sandbox-webhook-secret';

/** Shortest webhook secret production accepts: Mercado Pago's own are 64 hex characters; 16 keeps guessing hopeless. */
export const MIN_WEBHOOK_SECRET_LENGTH = 16;

/** The identity settings: a real pool when COGNITO_USER_POOL_ID is set, otherwise the local emulator. */
export function readIdentityConfig(env: NodeJS.ProcessEnv, production: boolean): IdentityConfig {
  const region = env.COGNITO_REGION || 'us-east-1';
  const emulatorPort = envInt(env.IDENTITY_EMULATOR_PORT, 9239);
  const startEmulator = !env.COGNITO_USER_POOL_ID && !production;
  const userPoolId = env.COGNITO_USER_POOL_ID || EMULATOR_POOL_ID;
  const endpoint = (env.COGNITO_ENDPOINT || (startEmulator ? `http://127.0.0.1:${emulatorPort}` : '')).replace(/\/$/, '') || null;
  const issuer = endpoint ? `${endpoint}/${userPoolId}` : `https://cognito-idp.${region}.amazonaws.com/${userPoolId}`;
  return {
    region,
    userPoolId,
    clientId: env.COGNITO_CLIENT_ID || EMULATOR_CLIENT_ID,
    endpoint,
    authFlow: env.COGNITO_AUTH_FLOW === 'USER_SRP_AUTH' ? 'USER_SRP_AUTH' : 'USER_PASSWORD_AUTH',
    issuer,
    jwksUri: `${issuer}/.well-known/jwks.json`,
    startEmulator,
    emulatorPort,
  };
}

/** The local object store stand-in's bucket and keys (sandbox/src/objects): public, since they ship with the code. */
export const STAND_IN_OBJECT_BUCKET = 'tejiendo-local';
export const STAND_IN_OBJECT_ACCESS_KEY_ID = 'tejiendo-local-key';
export const STAND_IN_OBJECT_SECRET_ACCESS_KEY = 'tejiendo-local-secret';

/**
 * Where uploaded files are kept. Nothing set (and not production): the local stand-in on OBJECT_STORE_PORT with its
 * public keys. OBJECT_STORE_URL: an S3-compatible provider, addressed path-style. OBJECT_STORE_BUCKET without a URL:
 * AWS S3 in OBJECT_STORE_REGION, with the keys given or, without them, AWS's default credential chain (a role).
 */
export function readObjectStoreConfig(env: NodeJS.ProcessEnv, production: boolean): ObjectStoreConfig {
  const standInPort = envInt(env.OBJECT_STORE_PORT, 9400);
  const url = (env.OBJECT_STORE_URL ?? '').trim().replace(/\/+$/, '');
  if (url && !/^https?:\/\/[^/?#]+$/i.test(url))
    throw new Error(`OBJECT_STORE_URL debe ser el origen del servicio (http(s)://servidor[:puerto], sin ruta); vale "${url}"`);
  const startStandIn = !url && !env.OBJECT_STORE_BUCKET && !production;
  const accessKeyId = env.OBJECT_STORE_ACCESS_KEY_ID ?? '';
  const secretAccessKey = env.OBJECT_STORE_SECRET_ACCESS_KEY ?? '';
  if (Boolean(accessKeyId) !== Boolean(secretAccessKey))
    throw new Error(
      'OBJECT_STORE_ACCESS_KEY_ID y OBJECT_STORE_SECRET_ACCESS_KEY van juntas: indica las dos o ninguna (con AWS, ninguna usa el rol del servidor)',
    );
  const credentials = accessKeyId
    ? { accessKeyId, secretAccessKey }
    : startStandIn
      ? { accessKeyId: STAND_IN_OBJECT_ACCESS_KEY_ID, secretAccessKey: STAND_IN_OBJECT_SECRET_ACCESS_KEY }
      : null;
  return {
    endpoint: url || (startStandIn ? `http://127.0.0.1:${standInPort}` : null),
    bucket: env.OBJECT_STORE_BUCKET || STAND_IN_OBJECT_BUCKET,
    region: env.OBJECT_STORE_REGION || 'us-east-1',
    credentials,
    startStandIn,
    standInPort,
  };
}

/** A positive integer from the environment, or the fallback. */
export const envInt = (v: string | undefined, fallback: number) => {
  const n = Number.parseInt(v ?? '', 10);
  return Number.isFinite(n) && n > 0 ? n : fallback;
};

/** proxy-addr's names for the private ranges a proxy usually sits in. */
const PROXY_RANGE_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

const isAddressOrCidr = (item: string): boolean => {
  if (PROXY_RANGE_NAMES.has(item)) return true;
  const [address = '', prefix, ...rest] = item.split('/');
  const family = isIP(address);
  if (!family || rest.length) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128);
};

/**
 * TRUST_PROXY: empty/`false`/`0` trusts no proxy; a whole number N trusts the last N hops (only where nothing but
 * the proxies can reach the server); otherwise a list of proxy addresses/CIDRs. `true` means one hop: it used to
 * believe the left-most X-Forwarded-For value, which the client writes, and one proxy in front is what it meant.
 */
export function readTrustProxy(value: string | undefined): TrustProxy {
  const v = (value ?? '').trim().toLowerCase();
  if (v === '' || v === 'false' || v === '0') return false;
  if (v === 'true') return 1;
  if (/^\d+$/.test(v)) return Number(v);
  const items = v.split(/[\s,]+/).filter(Boolean);
  const wrong = items.find((item) => !isAddressOrCidr(item));
  if (wrong !== undefined)
    throw new Error(
      `TRUST_PROXY no es válido ("${wrong}"): usa el número de proxies delante del servidor, o sus direcciones IP o rangos CIDR separados por comas`,
    );
  return items;
}

/** The HTTP_*_TIMEOUT_MS settings; a request must be allowed at least as long as its headers. */
export function readHttpTimeouts(env: NodeJS.ProcessEnv): HttpTimeouts {
  const timeouts: HttpTimeouts = {
    headersMs: envInt(env.HTTP_HEADERS_TIMEOUT_MS, defaultHttpTimeouts.headersMs),
    requestMs: envInt(env.HTTP_REQUEST_TIMEOUT_MS, defaultHttpTimeouts.requestMs),
    idleMs: envInt(env.HTTP_IDLE_TIMEOUT_MS, defaultHttpTimeouts.idleMs),
    keepAliveMs: envInt(env.HTTP_KEEP_ALIVE_TIMEOUT_MS, defaultHttpTimeouts.keepAliveMs),
  };
  if (timeouts.headersMs > timeouts.requestMs)
    throw new Error('HTTP_HEADERS_TIMEOUT_MS no puede ser mayor que HTTP_REQUEST_TIMEOUT_MS (la solicitud incluye sus encabezados)');
  return timeouts;
}

/** Set by scripts/start.mjs alone (`npm start`): NODE_ENV=production is there for React, the site is a local one. */
export const LOCAL_RUN_VARIABLE = 'LOCAL_RUN';

/** Whether a key is Mercado Pago's live one: set and not a test key (TEST-…), as production requires. */
const liveKey = (value: string | undefined) => Boolean(value) && !value?.startsWith('TEST-');

/**
 * Whether the site runs as production, and whether it is `npm start`'s local run. NODE_ENV=production alone is
 * production, exactly as a deployment sets it. `npm start` sets NODE_ENV=production too, so that React (which picks its
 * build by NODE_ENV when it is loaded) renders with its production build, and LOCAL_RUN=1 beside it so that the site
 * stays local: stand-ins, no production requirements. LOCAL_RUN must never turn a real deployment into a local one
 * silently, so it is refused beside Mercado Pago's live keys (production refuses to start without them, so every real
 * deployment has them), and any value but 1 is refused too; where it is honoured the servers log it as a warning.
 */
export function readRunMode(env: NodeJS.ProcessEnv): { production: boolean; localRun: boolean } {
  const localRun = env[LOCAL_RUN_VARIABLE] ?? '';
  // A deployment's NODE_ENV=Production or " production" would otherwise run it as a local site, silently, with its keys.
  const nodeEnv = env.NODE_ENV ?? '';
  if (nodeEnv !== 'production' && nodeEnv.trim().toLowerCase() === 'production')
    throw new Error(`NODE_ENV debe ser exactamente production (en minúsculas, sin espacios) o no indicar producción; vale "${nodeEnv}"`);
  if (localRun !== '' && localRun !== '1')
    throw new Error(`${LOCAL_RUN_VARIABLE} solo puede ser 1 (lo pone npm start) o quedar vacía; vale "${localRun}"`);
  if (env.NODE_ENV !== 'production') return { production: false, localRun: false };
  if (localRun !== '1') return { production: true, localRun: false };
  const live = ['MERCADOPAGO_ACCESS_TOKEN', 'MERCADOPAGO_PUBLIC_KEY'].filter((key) => liveKey(env[key]));
  if (live.length)
    throw new Error(
      `${LOCAL_RUN_VARIABLE}=1 (la ejecución local de npm start) no se admite con las credenciales reales de Mercado Pago (${live.join(', ')}): ` +
        `con ellas el sitio solo corre en producción (NODE_ENV=production sin ${LOCAL_RUN_VARIABLE}, que exige todo lo de producción); ` +
        'en local usa credenciales de prueba (TEST-…) o ninguna (la pasarela local).',
    );
  return { production: false, localRun: true };
}

/** Reads the common settings; an empty variable (`SMTP_URL=` in an .env file) counts as unset. */
export function readCommonConfig(env: NodeJS.ProcessEnv, defaultOrigin: string): CommonServerConfig {
  const { production, localRun } = readRunMode(env);
  const sandboxPort = envInt(env.PAYMENT_SANDBOX_PORT, 8090);
  const startSandbox = !env.MERCADOPAGO_ACCESS_TOKEN && !production && !env.MERCADOPAGO_BASE_URL;
  const payments: CommonServerConfig['payments'] = {
    accessToken: env.MERCADOPAGO_ACCESS_TOKEN || SANDBOX_ACCESS_TOKEN,
    publicKey: env.MERCADOPAGO_PUBLIC_KEY || 'TEST-sandbox-public-key',
    webhookSecret: env.MERCADOPAGO_WEBHOOK_SECRET || (production ? '' : SANDBOX_WEBHOOK_SECRET),
    startSandbox,
    sandboxPort,
    scriptUrl: env.MERCADOPAGO_SCRIPT_URL || (startSandbox ? `http://127.0.0.1:${sandboxPort}/js/v2` : 'https://sdk.mercadopago.com/js/v2'),
  };
  const baseUrl = env.MERCADOPAGO_BASE_URL || (startSandbox ? `http://127.0.0.1:${sandboxPort}` : undefined);
  if (baseUrl) payments.baseUrl = baseUrl;
  const config: CommonServerConfig = {
    production,
    ...(localRun ? { localRun } : {}),
    publicOrigin: (env.PUBLIC_ORIGIN || defaultOrigin).replace(/\/$/, ''),
    trustProxy: readTrustProxy(env.TRUST_PROXY),
    httpTimeouts: readHttpTimeouts(env),
    writeLimit: { max: envInt(env.RATE_LIMIT_WRITES, 20), timeWindow: envInt(env.RATE_LIMIT_WINDOW_MS, 60_000) },
    logLevel: env.LOG_LEVEL || 'info',
    donationBounds: { min: envInt(env.DONATION_MIN_COP, 5_000), max: envInt(env.DONATION_MAX_COP, 20_000_000) },
    paymentReconciliation: {
      afterMinutes: Math.max(1, envInt(env.PAYMENT_RECONCILE_AFTER_MINUTES, 30)),
      everyMinutes: Math.max(1, envInt(env.PAYMENT_RECONCILE_EVERY_MINUTES, 15)),
    },
    ...(env.CASE_NOTICES_PER_HOUR ? { newCaseNoticesPerHour: Math.max(1, envInt(env.CASE_NOTICES_PER_HOUR, 12)) } : {}),
    payments,
    identity: readIdentityConfig(env, production),
    objects: readObjectStoreConfig(env, production),
    retention: readRetentionSettings(env),
    publishedRefreshMs: Math.max(200, envInt(env.PUBLISHED_REFRESH_MS, 2000)),
    environment: env,
  };
  // Only what is set (a whole number ≥ 1): the courses API keeps its own defaults for the rest.
  const perEmail = envInt(env.COURSES_SEAT_HOLDS_PER_EMAIL, 0);
  const perClient = envInt(env.COURSES_SEAT_HOLDS_PER_CLIENT, 0);
  if (perEmail || perClient) config.seatHolds = { ...(perEmail ? { perEmail } : {}), ...(perClient ? { perClient } : {}) };
  if (env.DATABASE_URL) config.databaseUrl = env.DATABASE_URL;
  const poolMax = env.DATABASE_POOL_MAX?.trim();
  if (poolMax) {
    // Refused rather than clamped: a typo here would silently size every process's share of the server's connections.
    if (!/^\d{1,3}$/.test(poolMax) || Number(poolMax) < 1 || Number(poolMax) > 100)
      throw new Error(`DATABASE_POOL_MAX debe ser un número entero entre 1 y 100 (conexiones a PostgreSQL por proceso); vale "${poolMax}"`);
    config.databasePoolMax = Number(poolMax);
  }
  const prepared = env.DATABASE_PREPARED_STATEMENTS?.trim().toLowerCase();
  if (prepared) {
    if (prepared !== 'on' && prepared !== 'off')
      throw new Error(
        `DATABASE_PREPARED_STATEMENTS vale "on" u "off" (off detrás de un agrupador de conexiones en modo transacción); vale "${prepared}"`,
      );
    config.databaseNamedStatements = prepared === 'on';
  }
  if (env.SMTP_URL) config.smtpUrl = env.SMTP_URL;
  if (env.REDIS_URL) config.redisUrl = env.REDIS_URL;
  return config;
}

/** The provider's API origin (what the SDK calls when no base URL is set). */
export const MERCADOPAGO_API_ORIGIN = 'https://api.mercadopago.com';

/**
 * Why this configuration must not run in production, one Spanish sentence per problem naming its variable. Production
 * never runs on stand-ins: the payment sandbox's secret and credentials and the identity emulator's signing key ship
 * with the code, so anyone could forge a payment notification or a login token.
 */
export function productionProblems(config: CommonServerConfig): string[] {
  if (!config.production) return [];
  const problems: string[] = [];
  const { payments, identity } = config;
  if (!payments.webhookSecret) problems.push('Falta MERCADOPAGO_WEBHOOK_SECRET, el secreto con que Mercado Pago firma sus notificaciones.');
  else if (payments.webhookSecret === SANDBOX_WEBHOOK_SECRET)
    problems.push('MERCADOPAGO_WEBHOOK_SECRET es el del entorno de pruebas local, que es público: usa el secreto real de Mercado Pago.');
  else if (payments.webhookSecret.length < MIN_WEBHOOK_SECRET_LENGTH)
    problems.push(`MERCADOPAGO_WEBHOOK_SECRET es demasiado corto: debe tener al menos ${MIN_WEBHOOK_SECRET_LENGTH} caracteres.`);
  if (payments.accessToken === SANDBOX_ACCESS_TOKEN)
    problems.push('Falta MERCADOPAGO_ACCESS_TOKEN, la credencial real de Mercado Pago (APP_USR-…).');
  else if (payments.accessToken.startsWith('TEST-'))
    problems.push(
      'MERCADOPAGO_ACCESS_TOKEN es una credencial de prueba (TEST-…): en producción se requiere la credencial real (APP_USR-…).',
    );
  if (!payments.publicKey || payments.publicKey.startsWith('TEST-'))
    problems.push(
      'MERCADOPAGO_PUBLIC_KEY falta o es una clave de prueba (TEST-…): en producción se requiere la clave pública real (APP_USR-…).',
    );
  // The provider's own API only: another origin (a sandbox) would decide every payment's status.
  if (payments.baseUrl !== undefined && payments.baseUrl.replace(/\/$/, '') !== MERCADOPAGO_API_ORIGIN)
    problems.push(
      `En producción MERCADOPAGO_BASE_URL solo puede ser ${MERCADOPAGO_API_ORIGIN} o quedar vacía; un entorno de pruebas no sirve en producción.`,
    );
  if (!payments.scriptUrl.startsWith('https://'))
    problems.push('En producción MERCADOPAGO_SCRIPT_URL debe ser una dirección https (MercadoPago.js v2).');
  if (identity.userPoolId === EMULATOR_POOL_ID || identity.clientId === EMULATOR_CLIENT_ID)
    problems.push(
      'En producción se requiere un grupo de usuarios de Cognito real (COGNITO_USER_POOL_ID, COGNITO_CLIENT_ID), no el emulador.',
    );
  // Only AWS's own regional endpoint: anything else (an emulator) issues tokens with a key that may be public.
  const cognitoEndpoint = `https://cognito-idp.${identity.region}.amazonaws.com`;
  if (identity.endpoint !== null && identity.endpoint !== cognitoEndpoint)
    problems.push(
      `En producción COGNITO_ENDPOINT solo puede ser el de Cognito (${cognitoEndpoint}) o quedar vacío; un emulador no sirve en producción.`,
    );
  else if (!identity.issuer.startsWith('https://cognito-idp.'))
    problems.push('En producción el emisor de los tokens debe ser Cognito (https://cognito-idp.…): revisa COGNITO_REGION.');
  // The stand-in keeps files in a folder of one machine, behind keys anyone can read in the code.
  const { objects } = config;
  if (objects.bucket === STAND_IN_OBJECT_BUCKET)
    problems.push('Falta OBJECT_STORE_BUCKET, el bucket de S3 (o compatible) donde se guardan los archivos que sube el equipo.');
  if (
    objects.credentials?.accessKeyId === STAND_IN_OBJECT_ACCESS_KEY_ID ||
    objects.credentials?.secretAccessKey === STAND_IN_OBJECT_SECRET_ACCESS_KEY
  )
    problems.push(
      'OBJECT_STORE_ACCESS_KEY_ID / OBJECT_STORE_SECRET_ACCESS_KEY son las del almacén local de pruebas, que son públicas: usa las del proveedor real.',
    );
  if (objects.endpoint !== null && !objects.endpoint.startsWith('https://'))
    problems.push('En producción OBJECT_STORE_URL debe ser una dirección https (los archivos y sus firmas no viajan sin cifrar).');
  // Without a mail server nothing reaches anyone (receipts, answers, invitations), and the stored copies would keep their
  // links and codes, which are taken out only once a message is delivered.
  if (!config.smtpUrl)
    problems.push('Falta SMTP_URL, el servidor de correo: sin él el sitio no entrega recibos, respuestas ni invitaciones.');
  return problems;
}

/** Stops a production start on stand-ins or weak secrets, naming every variable to fix at once. */
export function assertProductionReady(config: CommonServerConfig): void {
  const problems = productionProblems(config);
  if (problems.length) throw new Error(`No se puede iniciar en producción:\n- ${problems.join('\n- ')}`);
}

/** What every API plugin receives, built the same way in the gateway and in a standalone remote. */
export function createApiContext(
  config: CommonServerConfig,
  db: SiteDb,
  mailer: Mailer,
  overrides: {
    payments?: PaymentProvider;
    subscriptions?: SubscriptionProvider;
    identity?: TokenVerifier;
    staff?: StaffDirectorySource;
    domains?: SiteDomains;
    objects?: ObjectStore;
  } = {},
): ApiContext {
  const settings: ServerSettings = {
    production: config.production,
    publicOrigin: config.publicOrigin,
    writeLimit: config.writeLimit,
    paymentWebhookSecret: config.payments.webhookSecret,
    paymentPublicKey: config.payments.publicKey,
    donationBounds: config.donationBounds,
    paymentReconciliation: config.paymentReconciliation,
    identity: config.identity,
    ...(config.seatHolds ? { seatHolds: config.seatHolds } : {}),
    ...(config.newCaseNoticesPerHour ? { newCaseNoticesPerHour: config.newCaseNoticesPerHour } : {}),
    ...(config.retention ? { retention: config.retention } : {}),
    ...(config.environment ? { environment: config.environment } : {}),
  };
  return {
    db,
    mailer,
    settings,
    payments:
      overrides.payments ?? createMercadoPagoProvider({ accessToken: config.payments.accessToken, baseUrl: config.payments.baseUrl }),
    subscriptions:
      overrides.subscriptions ??
      createMercadoPagoSubscriptions({ accessToken: config.payments.accessToken, baseUrl: config.payments.baseUrl }),
    identity: overrides.identity ?? createTokenVerifier(config.identity),
    // The client connects on first use: building it costs nothing for a server (or a test) that stores no file.
    objects: overrides.objects ?? createS3ObjectStore(config.objects),
    staff:
      typeof overrides.staff === 'function'
        ? overrides.staff(db)
        : (overrides.staff ?? databaseStaffDirectory(db, cognitoStaffAccounts(config.identity))),
    // The site's composition (site/server.ts): the gateway and each remote's service pass it; a test of one API alone
    // may go without, and then anything that needs it fails saying so.
    domains: overrides.domains ?? uncomposedDomains,
  };
}

/** The team's directory a server uses, or how to build it on the server's database (tests). */
export type StaffDirectorySource = StaffDirectory | ((db: SiteDb) => StaffDirectory);
