/** Unit and API tests (browser tests of the composed site live in e2e/ and run with e2e/run.mjs). */
const swc = [
  '@swc/jest',
  {
    jsc: { parser: { syntax: 'typescript', tsx: true }, target: 'es2022', transform: { react: { runtime: 'automatic' } } },
    module: { type: 'es6' },
  },
];

/** ESM-only packages that CommonJS server dependencies require() (@fastify/static, light-my-request). */
const esmOnly = ['content-disposition', 'cookie'];

export default {
  testEnvironment: 'node',
  extensionsToTreatAsEsm: ['.ts', '.tsx'],
  transform: {
    // Jest's own require cannot load ESM on Node 20: compile those few packages to CommonJS. Node 24 (CI, production)
    // needs this no more, nor the otplib stand-in below (both removed, its suites pass; on Node 20.20 they fail with
    // "Must use import to load ES Module"): they stay while developers' machines run Node 20 (README "Node").
    [`node_modules/(${esmOnly.join('|')})/.+\\.js$`]: ['@swc/jest', { jsc: { target: 'es2022' }, module: { type: 'commonjs' } }],
    '^.+\\.(t|j)sx?$': swc,
  },
  transformIgnorePatterns: [`/node_modules/(?!(${esmOnly.join('|')})/)`],
  // cognito-local requires otplib, whose ESM-only dependencies Jest cannot require on Node 20 (see above); the identity
  // emulator answers every TOTP call with shared/server/totp instead (sandbox/src/identity/staff-bridges.ts), so tests
  // get a stand-in that must never be called.
  // Screens import their CSS (webpack extracts it); component tests need no styles.
  moduleNameMapper: {
    '^otplib$': '<rootDir>/sandbox/src/identity/otplib-unavailable.cjs',
    '\\.css$': '<rootDir>/shared/src/ui/style-stub.cjs',
  },
  testMatch: ['<rootDir>/{shared,shell,remote-*,sandbox,site}/**/*.test.{ts,tsx}'],
  testPathIgnorePatterns: ['/node_modules/', '/dist/'],
  moduleFileExtensions: ['ts', 'tsx', 'js', 'mjs', 'json'],
  // 60 s, not 30: on PostgreSQL two workers share CI's two cores, and a file's in-memory gateway (PGlite, migrations)
  // took over 30 s to start once the machine was loaded; a test that hangs still fails, a minute later.
  testTimeout: 60000,
  // On PostgreSQL (DATABASE_URL or TEST_DATABASE_URL), a database per worker, made before the run, and each worker's
  // test files pointed at theirs before they import anything: workers run side by side without sharing one.
  globalSetup: '<rootDir>/tooling/jest-databases.mjs',
  setupFiles: ['<rootDir>/tooling/jest-worker-env.mjs'],
};
