import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { foundationDefaults } from 'shared/config/site';
import { createTestIdentity } from 'shared/server/identity-testing';
import { createTestStaffDirectory, staffToken } from 'shared/server/staff-testing';
import type { Gateway } from './app';
import { testGateway } from './testing';

// Security review of #28 (h-attack): what an administrator's crafted request gets from the foundation data's API.

const identity = createTestIdentity();
const staff = createTestStaffDirectory();
staff.seat({ username: 'admin@fundacion.org', roles: ['admin'] });
const path = '/api/site/staff/publicacion/fundacion';
const headers = { authorization: `Bearer ${staffToken(identity, { email: 'admin@fundacion.org' })}` };

let gw: Gateway;
beforeAll(async () => {
  gw = await testGateway({}, { RATE_LIMIT_WRITES: '1000' }, { identity: identity.verifier, staff });
});
afterAll(async () => gw.app.close());

describe('the foundation data API under crafted requests', () => {
  it('answers a revision number beyond the column (int4) as not found, not as a server error', async () => {
    // Postgres' integer stops at 2^31-1: revisionParamsSchema (shared/publishing/document.ts) refuses what lies beyond.
    const res = await gw.app.inject({ method: 'GET', url: `${path}/revisiones/3000000000`, headers });
    expect(res.statusCode).toBe(400);
    expect(res.json<{ error: string }>().error).toBe('validation_error');
  });

  it("refuses an ESAL document address on the site that is not a published file's", async () => {
    // foundationFormats.document accepts /archivos/<any of A-Za-z0-9._-> (so "/archivos/..", a link to the home page),
    // where PUBLIC_FILE_PATTERN (shared/publishing/file-operations.ts) says what a published file's address is.
    for (const url of ['/archivos/..', '/archivos/no-existe', '/archivos/informe.html']) {
      const res = await gw.app.inject({
        method: 'PUT',
        url: `${path}/borrador`,
        headers,
        payload: {
          ...foundationDefaults,
          esal: { ...foundationDefaults.esal, documents: [{ name: 'RUT', description: 'Registro Único Tributario', url }] },
        },
      });
      expect([url, res.statusCode]).toEqual([url, 400]);
    }
  });
});
