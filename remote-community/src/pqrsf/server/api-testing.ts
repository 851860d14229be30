import { afterAll, beforeAll } from '@jest/globals';
import { testApi, type TestApi } from 'shared/server/api-testing';
import { createTestIdentity } from 'shared/server/identity-testing';
import { createTestStaffDirectory, staffToken } from 'shared/server/staff-testing';
import { createCommunityApi } from '../../../server/index';

/** Monday 2 March 2026, 10:00 in Bogotá: the PQRSF API tests' clock. */
export const PQRSF_TEST_NOW = new Date('2026-03-02T15:00:00Z');

type Seat = Parameters<ReturnType<typeof createTestStaffDirectory>['seat']>[0];

/**
 * The PQRSF API as its tests start it (call at a test file's top level: it registers the file's beforeAll/afterAll):
 * the community API at PQRSF_TEST_NOW, no acknowledgement limit, a staff directory with `seats`, a member's token by
 * address, and a JSON POST with an optional bearer token.
 */
export function pqrsfTestApi(seats: Seat[]) {
  const identity = createTestIdentity();
  const staff = createTestStaffDirectory();
  for (const seat of seats) staff.seat(seat);
  let api: TestApi | undefined;
  beforeAll(async () => {
    api = await testApi(createCommunityApi({ now: () => PQRSF_TEST_NOW, acknowledgementsPerAddressPerDay: 0 }), {
      identity: identity.verifier,
      staff,
      settings: { writeLimit: { max: 10_000, timeWindow: 60_000 } },
    });
  });
  afterAll(async () => api?.close());
  const harness = {
    identity,
    staff,
    /** The API, once beforeAll started it. */
    get api(): TestApi {
      if (!api) throw new Error('pqrsfTestApi: the API starts in beforeAll');
      return api;
    },
    token: (email: string) => staffToken(identity, { email }),
    post: (url: string, body: Record<string, unknown>, token?: string) =>
      harness.api.app.inject({ method: 'POST', url, headers: token ? { authorization: `Bearer ${token}` } : {}, payload: body }),
  };
  return harness;
}
