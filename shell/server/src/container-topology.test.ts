import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import communityApi from 'remote-community/server';
import { FakePaymentProvider } from 'shared/server/payments/fake-provider';
import { buildRemoteService, type RemoteService } from 'shared/server/remote-service';
import type { Gateway } from './app';
import { testGateway } from './testing';

// The docker-compose topology as plain processes: the community remote as its own service on a real port (trusting
// one proxy hop, as compose configures it) and the gateway proxying /api/community/ to it. The gateway itself sits
// behind a TLS proxy at 10.0.0.1 (TRUST_PROXY=10.0.0.0/8), and some clients reach it directly.
describe('a remote behind the gateway limits writes per real visitor', () => {
  let remote: RemoteService;
  let gw: Gateway;
  beforeAll(async () => {
    remote = await buildRemoteService(communityApi, {
      remoteDir: path.resolve(import.meta.dirname, '../../../remote-community'),
      env: { DATA_DIR: 'memory://', LOG_LEVEL: 'silent', TRUST_PROXY: '1', RATE_LIMIT_WRITES: '2' },
      payments: new FakePaymentProvider(),
    });
    await remote.app.listen({ host: '127.0.0.1', port: 0 });
    const { port } = remote.app.server.address() as AddressInfo;
    gw = await testGateway({}, { REMOTE_COMMUNITY_URL: `http://127.0.0.1:${port}`, TRUST_PROXY: '10.0.0.0/8' });
    // Two fresh PGlite databases (a remote and a gateway) take ~12 s on an idle 2-core machine, far more on a busy one.
  }, 120_000);
  afterAll(async () => {
    await gw?.app.close();
    await remote?.app.close();
  });

  const subscribe = (i: number, remoteAddress: string, headers: Record<string, string> = {}) =>
    gw.app.inject({
      method: 'POST',
      url: '/api/community/newsletter/subscribe',
      payload: { email: `topologia${i}@example.com`, data_authorization: true },
      remoteAddress,
      headers,
    });

  it('a client cannot make itself a new visitor through the gateway with forged forwarding headers', async () => {
    const codes = [];
    for (let i = 0; i < 3; i++) {
      const res = await subscribe(i, '203.0.113.9', {
        'x-forwarded-for': `198.18.0.${i + 1}`,
        'x-real-ip': `198.18.1.${i + 1}`,
        forwarded: `for=198.18.2.${i + 1}`,
      });
      codes.push(res.statusCode);
    }
    expect(codes).toEqual([201, 201, 429]);
  });

  it('a client behind the TLS proxy cannot either: the remote sees the address the proxy appended', async () => {
    const codes = [];
    for (let i = 0; i < 3; i++)
      codes.push((await subscribe(20 + i, '10.0.0.1', { 'x-forwarded-for': `198.18.0.${i + 1}, 203.0.113.20` })).statusCode);
    expect(codes).toEqual([201, 201, 429]);
  });

  it("keys on each visitor, not on the gateway's or the proxy's address", async () => {
    expect((await subscribe(10, '203.0.113.10')).statusCode).toBe(201);
    expect((await subscribe(11, '203.0.113.11')).statusCode).toBe(201);
    expect((await subscribe(12, '10.0.0.1', { 'x-forwarded-for': '203.0.113.21' })).statusCode).toBe(201);
    expect((await subscribe(13, '10.0.0.1', { 'x-forwarded-for': '203.0.113.22' })).statusCode).toBe(201);
  });

  it('marks the answers no-store, at the remote and through the gateway', async () => {
    const direct = await remote.app.inject({ method: 'POST', url: '/api/community/newsletter/subscribe', payload: { email: 'x' } });
    expect(direct.headers['cache-control']).toBe('no-store');
    const res = await subscribe(14, '203.0.113.14');
    expect(res.headers['cache-control']).toBe('no-store');
  });
});
