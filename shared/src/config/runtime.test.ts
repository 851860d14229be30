import { afterEach, describe, expect, it } from '@jest/globals';
import { getRuntimeConfig } from './runtime';

const realFetch = globalThis.fetch;
afterEach(() => {
  globalThis.fetch = realFetch;
});

describe('the runtime settings the browser reads', () => {
  it('are null, not an uncaught error, where fetch itself throws, and a later call asks again', async () => {
    globalThis.fetch = (() => {
      throw new TypeError('fetch is not defined');
    }) as typeof fetch;
    await expect(getRuntimeConfig()).resolves.toBeNull();

    const settings = {
      identity: { region: 'us-east-1', userPoolId: 'us-east-1_x', clientId: 'c', endpoint: null, authFlow: 'USER_SRP_AUTH' },
      payments: { publicKey: 'TEST-key', scriptUrl: 'https://sdk.example/v2' },
    };
    let asked = 0;
    globalThis.fetch = (async () => {
      asked += 1;
      return new Response(JSON.stringify(settings), { headers: { 'content-type': 'application/json' } });
    }) as typeof fetch;
    await expect(getRuntimeConfig()).resolves.toEqual(settings);
    expect(asked).toBe(1);
  });
});
