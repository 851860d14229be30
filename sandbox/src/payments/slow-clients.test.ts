import { mkdtempSync, rmSync } from 'node:fs';
import type { Server } from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { defaultHttpTimeouts } from 'shared/server/http';
import { startPaymentSandbox, type StartedPaymentSandbox } from './server';

// #11 row 8 for the stand-in: it held a one-byte-a-second body open for over 400 s (Fastify's request timeout is off
// by default). It now carries the site servers' deadlines; the socket-level behaviour of those deadlines is tested
// once, in shared/src/server/http.test.ts.
describe('payment sandbox and slow clients', () => {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'sandbox-slow-'));
  let sandbox: StartedPaymentSandbox;
  beforeAll(async () => {
    sandbox = await startPaymentSandbox({ dataDir, port: 0, log: false });
  });
  afterAll(async () => {
    await sandbox.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('cuts slow headers and slow bodies with the site servers deadlines', () => {
    const server = sandbox.app.server as Server;
    expect(server.headersTimeout).toBe(defaultHttpTimeouts.headersMs);
    expect(server.requestTimeout).toBe(defaultHttpTimeouts.requestMs);
    expect(server.keepAliveTimeout).toBe(defaultHttpTimeouts.keepAliveMs);
  });
});
