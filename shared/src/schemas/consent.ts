import { consentTexts, currentPrivacyPolicy, privacyVersionOf } from '../legal/privacy-policy';
import { z } from './zod';

/**
 * The authorization every form that collects personal data carries (#15): the box the person ticked
 * (`data_authorization`) and the policy version whose text the form showed (`privacy_policy_version`, the current one
 * when absent). The server refuses a submission without the box and stores the proof with the record.
 */
export const privacyPolicyVersionField = z.optional(
  z.string({ error: consentTexts.versionUnknown }).check(
    z.maxLength(20, { error: consentTexts.versionUnknown }),
    z.refine((id) => privacyVersionOf(id) !== undefined, { error: consentTexts.versionUnknown }),
  ),
);

export const dataAuthorizationField = z
  .boolean({ error: consentTexts.required })
  .check(z.refine((v) => v, { error: consentTexts.required }));

/** Fields of a form that asks for an express authorization. */
export const consentFields = {
  data_authorization: dataAuthorizationField,
  privacy_policy_version: privacyPolicyVersionField,
};

/** Fields of a form that informs (a PQRSF): only the version of the notice shown. */
export const noticeFields = { privacy_policy_version: privacyPolicyVersionField };

/** The version a submission names, the current one when it names none. */
export const shownVersion = (v: { privacy_policy_version?: string | undefined }) => v.privacy_policy_version ?? currentPrivacyPolicy.id;
