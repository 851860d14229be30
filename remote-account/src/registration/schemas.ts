import {
  documentMatchesType,
  documentNumberField,
  documentTypes,
  emailField,
  oneOf,
  personNameField,
  phoneField,
} from 'shared/schemas/common';
import { consentFields } from 'shared/schemas/consent';
import { z } from 'shared/schemas/zod';
import { accountTexts, passwordField, passwordsMatch } from '../account-schemas';

/** Registration form (spec §3 Registration form, §5 Registration); confirmPassword never leaves the browser. */
export const registrationSchema = z
  .object({
    // The identity provider's `name`: greetings and the panel print it (common.ts).
    name: personNameField(accountTexts.nameRequired),
    email: emailField(accountTexts.emailRequired, accountTexts.emailInvalid),
    password: passwordField(),
    confirmPassword: z.string({ error: accountTexts.passwordsDiffer }),
    phone: phoneField(accountTexts.phoneRequired, accountTexts.phoneInvalid),
    identityType: oneOf(documentTypes, accountTexts.idTypeRequired),
    identityNumber: documentNumberField(accountTexts.idNumberRequired),
    ...consentFields,
  })
  .check(
    z.refine((v) => v.password === v.confirmPassword, passwordsMatch),
    documentMatchesType('identityType', 'identityNumber'),
  );

/**
 * POST /api/account/registration-consent: the proof of the authorization the registration form asked for, stored before
 * the browser creates the account in the identity provider (which the site's server never sees).
 */
export const registrationConsentSchema = z.object({
  email: emailField(accountTexts.emailRequired, accountTexts.emailInvalid),
  ...consentFields,
});
export type RegistrationConsentInput = z.input<typeof registrationConsentSchema>;
export const registrationConsentResponseSchema = z.object({ recorded: z.literal(true) });
export type RegistrationConsentResponse = z.output<typeof registrationConsentResponseSchema>;

export type RegistrationInput = z.input<typeof registrationSchema>;
export type Registration = z.output<typeof registrationSchema>;
