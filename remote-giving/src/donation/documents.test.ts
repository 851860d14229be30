import { describe, expect, it } from '@jest/globals';
import { documentNumberTexts } from 'shared/schemas/common';
import { fieldErrors, z } from 'shared/schemas/zod';
import { donationSchema } from './schemas';

/** The first message of each field a parse refuses. */
const errorsOf = (schema: z.ZodMiniType, value: unknown) => {
  const result = z.safeParse(schema, value);
  return result.success ? {} : fieldErrors(result.error);
};

const donation = (id_type: string, id_number: string) => ({
  donation_amount: '$ 50.000',
  contributor_name: 'Yusbelis',
  contributor_lastname: 'Rangel',
  id_type,
  id_number,
  email: 'yusbelis@example.com',
  phone_number: '3104567890',
  data_authorization: true,
});

describe('donation form: identity documents (#31)', () => {
  it('a Venezuelan migrant donates with a PPT; its number is digits only', () => {
    expect(errorsOf(donationSchema, donation('Permiso por Protección Temporal', '4567890'))).toEqual({});
    expect(errorsOf(donationSchema, donation('Permiso por Protección Temporal', 'PPT-4567890'))).toEqual({
      id_number: documentNumberTexts.ppt,
    });
    expect(errorsOf(donationSchema, donation('Pasaporte', 'AB123456'))).toEqual({});
  });
});
