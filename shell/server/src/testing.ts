import { mkdtempSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync } from 'node:zlib';
import { memoryObjectStore } from 'shared/server/objects/memory-testing';
import { buildGateway, type Gateway } from './app';
import { loadConfig, type GatewayConfig } from './config';

// The template as the shell's build writes it: the entry's and the federation runtime's file names filled in.
const template = readFileSync(path.resolve(import.meta.dirname, '../../src/index.html'), 'utf8')
  .replace('<%= htmlWebpackPlugin.files.js[0] %>', '/entry/main.js')
  .replace('<%= federation %>', '/assets/federation.0123456789.js');

/** A gateway for tests: in-memory PGlite (or DATABASE_URL), a throwaway root with the shell's HTML template. */
export async function testGateway(
  overrides: Partial<GatewayConfig> = {},
  env: NodeJS.ProcessEnv = {},
  options: Parameters<typeof buildGateway>[1] = {},
): Promise<Gateway> {
  const root = overrides.rootDir ?? createTestRoot();
  const config = { ...loadConfig({ ...env }, root), logLevel: 'silent', dataDir: 'memory://', ...overrides };
  // Files go to memory unless a test brings its store: no stand-in runs under Jest.
  const gateway = await buildGateway(config, { objects: memoryObjectStore(), ...options });
  await gateway.ready;
  return gateway;
}

/**
 * A throwaway repository root with a tiny build of the shell and of the giving remote: plain `dist` folders (not
 * release symlinks) laid out as a release is, their served files in `public/`.
 */
export function createTestRoot(): string {
  const root = mkdtempSync(path.join(os.tmpdir(), 'gateway-test-'));
  const shell = path.join(root, 'shell', 'dist', 'public');
  const giving = path.join(root, 'remote-giving', 'dist', 'public');
  for (const dir of [path.join(shell, 'assets'), path.join(shell, 'entry'), path.join(giving, 'assets')])
    mkdirSync(dir, { recursive: true });
  writeFileSync(path.join(shell, 'index.html'), template);
  // A tiny build: a hashed asset with its brotli twin, an entry, and one remote's entry.
  const chunk = `console.log(${JSON.stringify('x'.repeat(2000))});`;
  writeFileSync(path.join(shell, 'assets', 'app.0123456789.js'), chunk);
  writeFileSync(path.join(shell, 'assets', 'app.0123456789.js.br'), brotliCompressSync(chunk));
  // Source maps beside them, as a production build leaves them: never served in production.
  writeFileSync(path.join(shell, 'assets', 'app.0123456789.js.map'), '{"version":3,"sources":["secreto.ts"]}');
  writeFileSync(path.join(shell, 'entry', 'main.js'), 'void 0;');
  writeFileSync(path.join(giving, 'remoteEntry.js'), 'var giving;');
  writeFileSync(path.join(giving, 'assets', 'page.abcdef0123.js'), 'void 0;');
  writeFileSync(path.join(giving, 'assets', 'page.abcdef0123.js.map'), '{"version":3,"sources":["secreto.ts"]}');
  // Licence comments, which the production build moves beside each script (terser's extractComments, tooling/webpack.mjs).
  writeFileSync(path.join(shell, 'assets', 'app.0123456789.js.LICENSE.txt'), '/** @license React */');
  writeFileSync(path.join(giving, 'assets', 'page.abcdef0123.js.LICENSE.txt'), '/** @license React */');
  return root;
}

/**
 * The invoicing provider and DIAN resolution production requires (#30), for tests that start a production gateway
 * (`testGateway({ production: true, …, environment: productionInvoicing })`); nothing is invoiced with them.
 */
export const productionInvoicing: NodeJS.ProcessEnv = {
  FACTUS_CLIENT_ID: 'cliente-real',
  FACTUS_CLIENT_SECRET: 'secreto-real',
  FACTUS_USERNAME: 'contabilidad@fundacion.org',
  FACTUS_PASSWORD: 'clave-real',
  INVOICE_VAT: 'excluido',
  INVOICE_RESOLUTION_NUMBER: '18764000000123',
  INVOICE_PREFIX: 'FTF',
  INVOICE_RANGE_FROM: '1',
  INVOICE_RANGE_TO: '5000',
  INVOICE_RESOLUTION_START: '2026-01-15',
  INVOICE_RESOLUTION_END: '2099-01-15',
};
