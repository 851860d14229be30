import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { ApiModule } from './api-module';
import { testApi, type TestApi } from './api-testing';
import { createTestIdentity } from './identity-testing';
import { databaseStaffDirectory, STANDING_CACHE_MS } from './staff-directory';
import { registerStaffRoutes, staffOf } from './staff-guard';
import { fakeStaffAccounts, seatInDatabase, staffToken } from './staff-testing';

// Issue #26, row 3: tokens from before the second factor was set up must not reach the panel. The first set-up was
// covered; this is the reset: the factor turned off (an administrator's reset, a lost phone) and set up again. Whoever
// signed in with the password alone while it was off holds a token from before the new set-up, which must be refused
// even when no staff call happened to see the factor off in between.

let clock = Date.now();
const now = () => clock;
const second = () => Math.floor(clock / 1000);
const identity = createTestIdentity();
const accounts = fakeStaffAccounts({ now });

const probe: ApiModule = {
  name: 'community',
  description: 'prueba',
  migrations: { schema: 'probe', migrations: {} },
  plugin: async (app, ctx) => {
    await registerStaffRoutes(app, ctx, { roles: ['atencion'] }, async (scope) => {
      scope.get('/who', async (req) => ({ email: staffOf(req).email }));
    });
  },
};

describe('a second factor reset and set up again (issue #26, row 3)', () => {
  let api: TestApi;
  beforeAll(async () => {
    api = await testApi(probe, { identity: identity.verifier, staff: (db) => databaseStaffDirectory(db, accounts, { now }) });
  });
  afterAll(async () => api.close());

  const who = (token: string) => api.app.inject({ url: '/api/community/staff/who', headers: { authorization: `Bearer ${token}` } });
  const signIn = (email: string) => staffToken(identity, { email }, { auth_time: second() });
  const member = async (email: string) => {
    accounts.open({ email, password: 'Clave-Secreta-2026', totp: true });
    await seatInDatabase(api.db, accounts, { email, roles: ['atencion'] });
    clock += 1000;
    expect((await who(signIn(email))).statusCode).toBe(200);
  };

  it.each([
    ['no staff call saw it off in between', false],
    ['a staff call saw it off in between', true],
  ])('refuses a password-only sign-in made while the factor was off once it is set up again (%s)', async (_case, seenOff) => {
    const email = `reinicio-${seenOff ? 'visto' : 'oculto'}@fundacion.org`;
    await member(email);
    // The reset; someone holding the password signs in while no code is asked.
    accounts.setTotp(email, false);
    clock += STANDING_CACHE_MS + 1000;
    const passwordOnly = signIn(email);
    if (seenOff) expect((await who(passwordOnly)).json()).toMatchObject({ error: 'second_factor_required' });
    // A new authenticator is set up (by the member, or by whoever holds the password), and the cache moves on.
    clock += 2000;
    accounts.setTotp(email, true);
    clock += STANDING_CACHE_MS + 1000;
    const signedOutBefore = accounts.signedOut.filter((u) => u === email).length;
    const res = await who(passwordOnly);
    expect([res.statusCode, res.json<{ error: string }>().error]).toEqual([401, 'sign_in_again']);
    // Its refresh token is revoked at the provider too, and a sign-in after the new set-up (with the code) gets in.
    expect(accounts.signedOut.filter((u) => u === email).length).toBe(signedOutBefore + 1);
    clock += 1000;
    expect((await who(signIn(email))).statusCode).toBe(200);
    // Nothing more happens on later calls: the new set-up is one event, not one per call.
    clock += STANDING_CACHE_MS + 1000;
    expect((await who(signIn(email))).statusCode).toBe(200);
    expect(accounts.signedOut.filter((u) => u === email).length).toBe(signedOutBefore + 1);
  });

  it('keeps the sessions of a member whose factor stays on (no event, however many calls)', async () => {
    const email = 'constante@fundacion.org';
    await member(email);
    const token = signIn(email);
    for (let i = 0; i < 3; i++) {
      clock += STANDING_CACHE_MS + 1000;
      expect((await who(token)).statusCode).toBe(200);
    }
    expect(accounts.signedOut).not.toContain(email);
  });
});
