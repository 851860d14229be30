/**
 * @jest-environment jsdom
 */
import { describe, expect, it } from '@jest/globals';
import { render, screen } from '@testing-library/react';
import { consentTexts, currentPrivacyPolicy, declareConsentForm } from '../legal/privacy-policy';
import { DataAuthorization } from './consent';

// Fixtures: shared/ names no domain's form (#27); the site's real ones are tested in site/consent-forms.test.ts.
const signup = declareConsentForm({
  form: 'probe.signup',
  label: 'Inscripción de prueba',
  basis: 'consent',
  purpose: 'gestionar mi prueba',
});
const petition = declareConsentForm({
  form: 'probe.petition',
  label: 'Petición de prueba',
  basis: 'legal_duty',
  purpose: 'tramitar y responder mi petición de prueba',
});

describe('DataAuthorization (#15)', () => {
  it('is a required box named data_authorization labelled by the exact text whose hash is the proof', () => {
    render(<DataAuthorization form={signup} name="data_authorization" error={consentTexts.required} />);
    const box = screen.getByRole('checkbox') as HTMLInputElement;
    expect(box.getAttribute('name')).toBe('data_authorization');
    const label = box.labels?.[0];
    // The visible words (the new-tab hint is for screen readers, the required mark is decoration).
    const visible = [...(label?.childNodes ?? [])]
      .map((n) =>
        n instanceof HTMLElement
          ? n.matches('a')
            ? n.firstChild?.textContent
            : n.getAttribute('aria-hidden')
              ? ''
              : n.textContent
          : n.textContent,
      )
      .join('');
    expect(visible).toBe(currentPrivacyPolicy.authorization(signup));
    expect(document.getElementById(box.getAttribute('aria-describedby') ?? '')?.textContent).toBe(
      'Debes autorizar el tratamiento de tus datos personales para continuar.',
    );
    expect(box.getAttribute('aria-invalid')).toBe('true');
  });

  it('links the policy in a new tab and says so to screen readers', () => {
    render(<DataAuthorization form={signup} name="data_authorization" />);
    const link = screen.getByRole('link', { name: 'Política de privacidad (se abre en una pestaña nueva)' });
    expect(link.getAttribute('href')).toBe('/politica-de-privacidad');
    expect(link.getAttribute('target')).toBe('_blank');
    expect(link.getAttribute('rel')).toContain('noopener');
  });

  it('informs without a box where the law asks for no authorization (a PQRSF)', () => {
    render(<DataAuthorization form={petition} />);
    expect(screen.queryByRole('checkbox')).toBeNull();
    expect(screen.getByText(/tramitar y responder mi petición de prueba/)).toBeTruthy();
  });
});
