import type { ReactNode } from 'react';
import { consentTexts, currentPrivacyPolicy, privacyPolicyPath, type ConsentFormDeclaration } from '../legal/privacy-policy';
import { CheckboxField, type CheckboxFieldProps } from './form';

/**
 * The authorization text of `form` as the current policy version writes it, with its "Política de privacidad" as a link
 * that opens in a new tab (and says so to screen readers). The visible words are exactly the text whose hash the server
 * stores as proof (shared/src/legal/privacy-policy.ts).
 */
export function AuthorizationText({ form }: { form: ConsentFormDeclaration }): ReactNode {
  const text = currentPrivacyPolicy.authorization(form);
  const [before, after] = text.split(consentTexts.policyLink);
  if (after === undefined) return text;
  return (
    <>
      {before}
      <a href={privacyPolicyPath()} target="_blank" rel="noopener noreferrer">
        {consentTexts.policyLink}
        <span className="visually-hidden"> {consentTexts.newTab}</span>
      </a>
      {after}
    </>
  );
}

/**
 * The express authorization of a form that collects personal data (#15): a required box named `data_authorization`
 * whose label is the authorization itself. Forms whose data the law lets the foundation process to answer a right (a
 * PQRSF) show the notice instead (their declaration's `basis`), without a box. `form` is the domain's declaration
 * (remote-<domain>/manifest/consent.ts).
 */
export function DataAuthorization({
  form,
  ...field
}: { form: ConsentFormDeclaration } & Omit<CheckboxFieldProps, 'label' | 'required' | 'form'>) {
  if (form.basis !== 'consent')
    return (
      <p className="form-privacy">
        <AuthorizationText form={form} />
      </p>
    );
  return <CheckboxField required label={<AuthorizationText form={form} />} {...field} />;
}
