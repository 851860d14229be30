import { describe, expect, it } from '@jest/globals';
import { consentTexts } from 'shared/legal/privacy-policy';
import { pqrsfSchema } from '../pqrsf/schemas';
import { allySchema, softwareRequestSchema } from './schemas';

const fieldErrors = (r: { success: boolean; error?: { issues: Array<{ path: PropertyKey[]; message: string }> } }) =>
  Object.fromEntries((r.error?.issues ?? []).map((i) => [String(i.path[0]), i.message]));

// The community forms' part of shared/src/schemas/consent.test.ts.
describe('the authorization every community form carries (#15)', () => {
  it('refuses a form without the ticked box, in Spanish, whatever else is wrong or right', () => {
    for (const schema of [allySchema, softwareRequestSchema]) {
      expect(fieldErrors(schema.safeParse({})).data_authorization).toBe(consentTexts.required);
      expect(fieldErrors(schema.safeParse({ data_authorization: false })).data_authorization).toBe(consentTexts.required);
      expect(fieldErrors(schema.safeParse({ data_authorization: 'true' })).data_authorization).toBe(consentTexts.required);
      expect(fieldErrors(schema.safeParse({ data_authorization: true })).data_authorization).toBeUndefined();
    }
  });

  it('a PQRSF informs and asks for no box', () => {
    expect(fieldErrors(pqrsfSchema.safeParse({})).data_authorization).toBeUndefined();
  });
});
