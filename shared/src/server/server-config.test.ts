import { describe, expect, it } from '@jest/globals';
import {
  assertProductionReady,
  MIN_WEBHOOK_SECRET_LENGTH,
  productionProblems,
  readCommonConfig,
  readHttpTimeouts,
  readRunMode,
  readTrustProxy,
  readObjectStoreConfig,
  SANDBOX_WEBHOOK_SECRET,
  STAND_IN_OBJECT_ACCESS_KEY_ID,
  STAND_IN_OBJECT_BUCKET,
  STAND_IN_OBJECT_SECRET_ACCESS_KEY,
} from './server-config';

describe('TRUST_PROXY', () => {
  it('is off unless set', () => {
    for (const v of [undefined, '', 'false', '0', ' FALSE ']) expect(readTrustProxy(v)).toBe(false);
  });

  it('takes a hop count; `true` means the one proxy in front', () => {
    expect(readTrustProxy('true')).toBe(1);
    expect(readTrustProxy('1')).toBe(1);
    expect(readTrustProxy('2')).toBe(2);
  });

  it('takes proxy addresses and CIDRs, comma or space separated', () => {
    expect(readTrustProxy('10.0.0.0/8, 192.168.1.7 ::1 fd00::/8,loopback')).toEqual([
      '10.0.0.0/8',
      '192.168.1.7',
      '::1',
      'fd00::/8',
      'loopback',
    ]);
  });

  it.each(['yes', '10.0.0.0/33', '10.0.0/8', 'proxy.interno', '1.2.3.4/8/9', '-1'])('refuses %p in Spanish, naming the variable', (v) => {
    expect(() => readTrustProxy(v)).toThrow(/^TRUST_PROXY no es válido/);
  });
});

describe('HTTP timeouts', () => {
  it('default to a few seconds for headers and tens of seconds for a request', () => {
    expect(readHttpTimeouts({})).toEqual({ headersMs: 10_000, requestMs: 30_000, idleMs: 30_000, keepAliveMs: 5_000 });
  });

  it('are configurable, and a request may not be shorter than its headers', () => {
    expect(
      readHttpTimeouts({
        HTTP_HEADERS_TIMEOUT_MS: '2000',
        HTTP_REQUEST_TIMEOUT_MS: '4000',
        HTTP_IDLE_TIMEOUT_MS: '3000',
        HTTP_KEEP_ALIVE_TIMEOUT_MS: '65000',
      }),
    ).toEqual({ headersMs: 2000, requestMs: 4000, idleMs: 3000, keepAliveMs: 65_000 });
    expect(() => readHttpTimeouts({ HTTP_HEADERS_TIMEOUT_MS: '5000', HTTP_REQUEST_TIMEOUT_MS: '1000' })).toThrow(
      /HTTP_HEADERS_TIMEOUT_MS no puede ser mayor que HTTP_REQUEST_TIMEOUT_MS/,
    );
  });
});

describe('course seat hold limits', () => {
  it("are the courses API's defaults unless set, and each one set reaches the APIs' settings alone", () => {
    expect(readCommonConfig({}, 'http://127.0.0.1:8080').seatHolds).toBeUndefined();
    expect(readCommonConfig({ COURSES_SEAT_HOLDS_PER_CLIENT: '1000' }, 'http://127.0.0.1:8080').seatHolds).toEqual({ perClient: 1000 });
    expect(
      readCommonConfig({ COURSES_SEAT_HOLDS_PER_EMAIL: '2', COURSES_SEAT_HOLDS_PER_CLIENT: '8' }, 'http://127.0.0.1:8080').seatHolds,
    ).toEqual({ perEmail: 2, perClient: 8 });
    // Not a whole number ≥ 1: the default stays (a limit of 0 would close every course to everyone).
    expect(
      readCommonConfig({ COURSES_SEAT_HOLDS_PER_EMAIL: '0', COURSES_SEAT_HOLDS_PER_CLIENT: 'x' }, 'http://127.0.0.1:8080').seatHolds,
    ).toBeUndefined();
  });
});

describe('DATABASE_POOL_MAX', () => {
  it("is db.ts's default unless set, a whole number from 1 to 100 when set, and refused otherwise", () => {
    const read = (value?: string) => readCommonConfig(value === undefined ? {} : { DATABASE_POOL_MAX: value }, 'http://127.0.0.1:8080');
    expect(read().databasePoolMax).toBeUndefined();
    expect(read('').databasePoolMax).toBeUndefined();
    expect(read('24').databasePoolMax).toBe(24);
    for (const bad of ['0', '101', '-3', '2.5', 'diez']) expect(() => read(bad)).toThrow(/DATABASE_POOL_MAX/);
  });
});

describe('DATABASE_PREPARED_STATEMENTS', () => {
  it('names repeated writes unless turned off, and refuses anything but on or off', () => {
    const read = (value?: string) =>
      readCommonConfig(value === undefined ? {} : { DATABASE_PREPARED_STATEMENTS: value }, 'http://127.0.0.1:8080');
    expect(read().databaseNamedStatements).toBeUndefined();
    expect(read('on').databaseNamedStatements).toBe(true);
    expect(read(' OFF ').databaseNamedStatements).toBe(false);
    for (const bad of ['0', 'no', 'false', 'apagado']) expect(() => read(bad)).toThrow(/DATABASE_PREPARED_STATEMENTS/);
  });
});

describe('production readiness', () => {
  const ready = {
    NODE_ENV: 'production',
    MERCADOPAGO_ACCESS_TOKEN: 'APP_USR-123456',
    MERCADOPAGO_PUBLIC_KEY: 'APP_USR-pub-7890',
    MERCADOPAGO_WEBHOOK_SECRET: 'a'.repeat(MIN_WEBHOOK_SECRET_LENGTH),
    COGNITO_USER_POOL_ID: 'us-east-1_AbCdEf123',
    COGNITO_CLIENT_ID: '4example',
    COGNITO_REGION: 'us-east-1',
    SMTP_URL: 'smtp://correo.example:587',
    OBJECT_STORE_BUCKET: 'fundacion-archivos',
  };
  const problemsWith = (env: NodeJS.ProcessEnv) => productionProblems(readCommonConfig(env, 'https://sitio.example'));

  it('accepts real credentials, a long secret and AWS Cognito', () => {
    expect(problemsWith(ready)).toEqual([]);
    expect(problemsWith({ ...ready, COGNITO_ENDPOINT: 'https://cognito-idp.us-east-1.amazonaws.com' })).toEqual([]);
    expect(problemsWith({ ...ready, MERCADOPAGO_BASE_URL: 'https://api.mercadopago.com/' })).toEqual([]);
  });

  it('accepts S3 with the server role, or an S3-compatible provider over https with its keys', () => {
    expect(problemsWith({ ...ready, OBJECT_STORE_REGION: 'sa-east-1' })).toEqual([]);
    const provider = {
      OBJECT_STORE_URL: 'https://s3.proveedor.example',
      OBJECT_STORE_ACCESS_KEY_ID: 'k',
      OBJECT_STORE_SECRET_ACCESS_KEY: 's',
    };
    expect(problemsWith({ ...ready, ...provider })).toEqual([]);
  });

  it('checks nothing outside production', () => {
    expect(problemsWith({})).toEqual([]);
  });

  it.each<[string, NodeJS.ProcessEnv, RegExp]>([
    ['no webhook secret', { MERCADOPAGO_WEBHOOK_SECRET: '' }, /^Falta MERCADOPAGO_WEBHOOK_SECRET/],
    [
      "the payment sandbox's public secret",
      { MERCADOPAGO_WEBHOOK_SECRET: SANDBOX_WEBHOOK_SECRET },
      /^MERCADOPAGO_WEBHOOK_SECRET es el del entorno de pruebas/,
    ],
    ['a 1-character secret', { MERCADOPAGO_WEBHOOK_SECRET: 'x' }, /^MERCADOPAGO_WEBHOOK_SECRET es demasiado corto: debe tener al menos 16/],
    ['a 15-character secret', { MERCADOPAGO_WEBHOOK_SECRET: 'x'.repeat(15) }, /^MERCADOPAGO_WEBHOOK_SECRET es demasiado corto/],
    [
      'a TEST- access token',
      { MERCADOPAGO_ACCESS_TOKEN: 'TEST-8841-real-looking' },
      /^MERCADOPAGO_ACCESS_TOKEN es una credencial de prueba/,
    ],
    ['no access token (the sandbox default)', { MERCADOPAGO_ACCESS_TOKEN: '' }, /^Falta MERCADOPAGO_ACCESS_TOKEN/],
    ['no public key (the sandbox default)', { MERCADOPAGO_PUBLIC_KEY: '' }, /^MERCADOPAGO_PUBLIC_KEY falta o es una clave de prueba/],
    ['a TEST- public key', { MERCADOPAGO_PUBLIC_KEY: 'TEST-abc' }, /^MERCADOPAGO_PUBLIC_KEY falta o es una clave de prueba/],
    ['a sandbox provider API', { MERCADOPAGO_BASE_URL: 'http://127.0.0.1:8090' }, /^En producción MERCADOPAGO_BASE_URL/],
    ['an http MercadoPago.js', { MERCADOPAGO_SCRIPT_URL: 'http://cdn.example/js/v2' }, /^En producción MERCADOPAGO_SCRIPT_URL/],
    ["the emulator's pool", { COGNITO_USER_POOL_ID: '', COGNITO_CLIENT_ID: '' }, /COGNITO_USER_POOL_ID, COGNITO_CLIENT_ID/],
    ['an emulator endpoint', { COGNITO_ENDPOINT: 'http://127.0.0.1:9239' }, /^En producción COGNITO_ENDPOINT/],
    ['an https endpoint that is not Cognito', { COGNITO_ENDPOINT: 'https://cognito.example.com' }, /^En producción COGNITO_ENDPOINT/],
    ["another region's Cognito", { COGNITO_ENDPOINT: 'https://cognito-idp.eu-west-1.amazonaws.com' }, /^En producción COGNITO_ENDPOINT/],
    ['no object store bucket (the stand-in default)', { OBJECT_STORE_BUCKET: '' }, /^Falta OBJECT_STORE_BUCKET/],
    [
      "the object store stand-in's public keys",
      {
        OBJECT_STORE_URL: 'https://s3.proveedor.example',
        OBJECT_STORE_ACCESS_KEY_ID: STAND_IN_OBJECT_ACCESS_KEY_ID,
        OBJECT_STORE_SECRET_ACCESS_KEY: STAND_IN_OBJECT_SECRET_ACCESS_KEY,
      },
      /^OBJECT_STORE_ACCESS_KEY_ID \/ OBJECT_STORE_SECRET_ACCESS_KEY son las del almacén local/,
    ],
    [
      'an object store over plain http (the stand-in)',
      { OBJECT_STORE_URL: 'http://127.0.0.1:9400', OBJECT_STORE_ACCESS_KEY_ID: 'AKIAREAL', OBJECT_STORE_SECRET_ACCESS_KEY: 'real' },
      /^En producción OBJECT_STORE_URL debe ser una dirección https/,
    ],
  ])('refuses %s with a Spanish message naming the variable', (_label, env, message) => {
    const problems = problemsWith({ ...ready, ...env });
    expect(problems).toEqual([expect.stringMatching(message)]);
    expect(() => assertProductionReady(readCommonConfig({ ...ready, ...env }, 'https://sitio.example'))).toThrow(
      /^No se puede iniciar en producción/,
    );
  });

  it('lists every problem at once', () => {
    const problems = problemsWith({ NODE_ENV: 'production', MERCADOPAGO_WEBHOOK_SECRET: SANDBOX_WEBHOOK_SECRET });
    expect(problems.join('\n')).toMatch(/MERCADOPAGO_WEBHOOK_SECRET[\s\S]*MERCADOPAGO_ACCESS_TOKEN[\s\S]*COGNITO_USER_POOL_ID/);
  });
});

describe("npm start's local run (LOCAL_RUN=1 beside NODE_ENV=production)", () => {
  const origin = 'http://127.0.0.1:8080';
  /** A configuration without the environment it was read from (two environments may read the same). */
  const read = (env: NodeJS.ProcessEnv) => {
    const { environment: _environment, ...config } = readCommonConfig(env, origin);
    return config;
  };
  const deployment = {
    NODE_ENV: 'production',
    MERCADOPAGO_ACCESS_TOKEN: 'APP_USR-123456',
    MERCADOPAGO_PUBLIC_KEY: 'APP_USR-pub-7890',
    MERCADOPAGO_WEBHOOK_SECRET: 'a'.repeat(MIN_WEBHOOK_SECRET_LENGTH),
    COGNITO_USER_POOL_ID: 'us-east-1_AbCdEf123',
    COGNITO_CLIENT_ID: '4example',
    SMTP_URL: 'smtp://correo.example:587',
    OBJECT_STORE_BUCKET: 'fundacion-archivos',
  };

  it('leaves NODE_ENV=production alone exactly as production: no stand-ins, every requirement checked', () => {
    for (const LOCAL_RUN of [undefined, '']) {
      const config = readCommonConfig({ NODE_ENV: 'production', LOCAL_RUN }, origin);
      expect(readRunMode({ NODE_ENV: 'production', LOCAL_RUN })).toEqual({ production: true, localRun: false });
      expect(read({ NODE_ENV: 'production', LOCAL_RUN })).toEqual(read({ NODE_ENV: 'production' }));
      expect(config.production).toBe(true);
      expect(config.localRun).toBeUndefined();
      expect(config.payments.startSandbox).toBe(false);
      expect(config.identity.startEmulator).toBe(false);
      expect(config.payments.webhookSecret).toBe('');
      expect(() => assertProductionReady(config)).toThrow(/^No se puede iniciar en producción/);
    }
  });

  it('runs the site as the local one it is (stand-ins, nothing refused) while React gets NODE_ENV=production', () => {
    const config = readCommonConfig({ NODE_ENV: 'production', LOCAL_RUN: '1' }, origin);
    expect(read({ NODE_ENV: 'production', LOCAL_RUN: '1' })).toEqual({ ...read({}), localRun: true });
    expect(config.production).toBe(false);
    expect(config.payments.startSandbox).toBe(true);
    expect(config.identity.startEmulator).toBe(true);
    expect(productionProblems(config)).toEqual([]);
    // Mercado Pago's test keys are a local run's too.
    const withTestKeys = { NODE_ENV: 'production', LOCAL_RUN: '1', MERCADOPAGO_ACCESS_TOKEN: 'TEST-1', MERCADOPAGO_PUBLIC_KEY: 'TEST-2' };
    expect(readCommonConfig(withTestKeys, origin).localRun).toBe(true);
  });

  it('means nothing without NODE_ENV=production (the site is local anyway)', () => {
    expect(readRunMode({ LOCAL_RUN: '1' })).toEqual({ production: false, localRun: false });
    expect(read({ LOCAL_RUN: '1' })).toEqual(read({}));
  });

  it.each<[string, NodeJS.ProcessEnv, RegExp]>([
    ['a whole deployment', deployment, /MERCADOPAGO_ACCESS_TOKEN, MERCADOPAGO_PUBLIC_KEY/],
    ['the live access token alone', { NODE_ENV: 'production', MERCADOPAGO_ACCESS_TOKEN: 'APP_USR-1' }, /\(MERCADOPAGO_ACCESS_TOKEN\)/],
    ['the live public key alone', { NODE_ENV: 'production', MERCADOPAGO_PUBLIC_KEY: 'APP_USR-2' }, /\(MERCADOPAGO_PUBLIC_KEY\)/],
  ])('cannot turn %s with live payment keys into a local site: it refuses to start, in Spanish', (_label, env, names) => {
    const run = () => readCommonConfig({ ...env, LOCAL_RUN: '1' }, origin);
    expect(run).toThrow(/^LOCAL_RUN=1 \(la ejecución local de npm start\) no se admite con las credenciales reales de Mercado Pago/);
    expect(run).toThrow(names);
    // The same deployment without it is production, checked as ever.
    expect(readCommonConfig(env, origin).production).toBe(true);
  });

  it.each(['0', 'true', 'yes', ' 1'])('refuses LOCAL_RUN=%p rather than guess', (value) => {
    expect(() => readCommonConfig({ NODE_ENV: 'production', LOCAL_RUN: value }, origin)).toThrow(/^LOCAL_RUN solo puede ser 1/);
    expect(() => readCommonConfig({ LOCAL_RUN: value }, origin)).toThrow(/^LOCAL_RUN solo puede ser 1/);
  });
});

describe('a NODE_ENV that means production but is not spelled exactly so', () => {
  // A deployment's NODE_ENV=Production or " production" (a quoted value, a stray space in an .env file) would otherwise
  // run as a local site with its live keys: no production check, the sandbox's public webhook secret as default, the
  // identity emulator's client. It refuses to start instead, naming the variable.
  it.each(['Production', 'PRODUCTION', ' production', 'production ', 'production\n'])('refuses NODE_ENV=%p', (value) => {
    expect(() => readRunMode({ NODE_ENV: value })).toThrow(/NODE_ENV/);
    expect(() => readCommonConfig({ NODE_ENV: value, MERCADOPAGO_ACCESS_TOKEN: 'APP_USR-1' }, 'http://127.0.0.1:8080')).toThrow(/NODE_ENV/);
  });

  it('still reads production, development, test and unset as before', () => {
    expect(readRunMode({ NODE_ENV: 'production' })).toEqual({ production: true, localRun: false });
    for (const NODE_ENV of [undefined, '', 'development', 'test'])
      expect(readRunMode({ NODE_ENV })).toEqual({ production: false, localRun: false });
  });
});

describe('OBJECT_STORE_* (where uploaded files are kept)', () => {
  it('is the local stand-in, with its public keys, when nothing is set', () => {
    expect(readObjectStoreConfig({}, false)).toEqual({
      endpoint: 'http://127.0.0.1:9400',
      bucket: STAND_IN_OBJECT_BUCKET,
      region: 'us-east-1',
      credentials: { accessKeyId: STAND_IN_OBJECT_ACCESS_KEY_ID, secretAccessKey: STAND_IN_OBJECT_SECRET_ACCESS_KEY },
      startStandIn: true,
      standInPort: 9400,
    });
    expect(readObjectStoreConfig({ OBJECT_STORE_PORT: '19400' }, false).endpoint).toBe('http://127.0.0.1:19400');
  });

  it('is AWS S3 with the default credential chain when only a bucket is set', () => {
    const config = readObjectStoreConfig({ OBJECT_STORE_BUCKET: 'fundacion-archivos', OBJECT_STORE_REGION: 'sa-east-1' }, false);
    expect(config).toMatchObject({
      endpoint: null,
      bucket: 'fundacion-archivos',
      region: 'sa-east-1',
      credentials: null,
      startStandIn: false,
    });
  });

  it('is an S3-compatible provider at OBJECT_STORE_URL with its keys', () => {
    const config = readObjectStoreConfig(
      {
        OBJECT_STORE_URL: 'https://s3.proveedor.example/',
        OBJECT_STORE_BUCKET: 'b',
        OBJECT_STORE_ACCESS_KEY_ID: 'k',
        OBJECT_STORE_SECRET_ACCESS_KEY: 's',
      },
      true,
    );
    expect(config).toMatchObject({ endpoint: 'https://s3.proveedor.example', credentials: { accessKeyId: 'k', secretAccessKey: 's' } });
  });

  it('never starts the stand-in in production', () => {
    expect(readObjectStoreConfig({}, true)).toMatchObject({ startStandIn: false, endpoint: null, credentials: null });
  });

  it('refuses a URL with a path and a key without its secret, in Spanish', () => {
    expect(() => readObjectStoreConfig({ OBJECT_STORE_URL: 'https://s3.example/bucket' }, false)).toThrow(
      /^OBJECT_STORE_URL debe ser el origen/,
    );
    expect(() => readObjectStoreConfig({ OBJECT_STORE_URL: 's3.example' }, false)).toThrow(/^OBJECT_STORE_URL/);
    expect(() => readObjectStoreConfig({ OBJECT_STORE_ACCESS_KEY_ID: 'k' }, false)).toThrow(/van juntas/);
  });
});
