import { mkdtempSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildGateway, type Gateway } from './app';
import { loadConfig, type GatewayConfig } from './config';

const template = readFileSync(path.resolve(import.meta.dirname, '../../src/index.html'), 'utf8').replace(
  '</body>',
  '<script defer src="/entry/main.js"></script></body>',
);

/** A gateway for tests: in-memory PGlite (or DATABASE_URL), a throwaway root with the shell's HTML template. */
export async function testGateway(overrides: Partial<GatewayConfig> = {}, env: NodeJS.ProcessEnv = {}): Promise<Gateway> {
  const root = mkdtempSync(path.join(os.tmpdir(), 'gateway-test-'));
  mkdirSync(path.join(root, 'shell', 'dist'), { recursive: true });
  writeFileSync(path.join(root, 'shell', 'dist', 'index.html'), template);
  const config = { ...loadConfig({ ...env }, root), logLevel: 'silent', dataDir: 'memory://', ...overrides };
  const gateway = await buildGateway(config);
  await gateway.ready;
  return gateway;
}
