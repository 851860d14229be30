/**
 * @jest-environment jsdom
 */
import { describe, expect, it } from '@jest/globals';
import { render, screen } from '@testing-library/react';
import { consentTexts, currentPrivacyPolicy } from '../legal/privacy-policy';
import { DataAuthorization } from './consent';

describe('DataAuthorization (#15)', () => {
  it('is a required box named data_authorization labelled by the exact text whose hash is the proof', () => {
    render(<DataAuthorization form="community.volunteer" name="data_authorization" error={consentTexts.required} />);
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
    expect(visible).toBe(currentPrivacyPolicy.authorization('community.volunteer'));
    expect(document.getElementById(box.getAttribute('aria-describedby') ?? '')?.textContent).toBe(
      'Debes autorizar el tratamiento de tus datos personales para continuar.',
    );
    expect(box.getAttribute('aria-invalid')).toBe('true');
  });

  it('links the policy in a new tab and says so to screen readers', () => {
    render(<DataAuthorization form="giving.donation" name="data_authorization" />);
    const link = screen.getByRole('link', { name: 'Política de privacidad (se abre en una pestaña nueva)' });
    expect(link.getAttribute('href')).toBe('/politica-de-privacidad');
    expect(link.getAttribute('target')).toBe('_blank');
    expect(link.getAttribute('rel')).toContain('noopener');
  });

  it('informs without a box where the law asks for no authorization (a PQRSF)', () => {
    render(<DataAuthorization form="community.pqrsf" />);
    expect(screen.queryByRole('checkbox')).toBeNull();
    expect(screen.getByText(/tramitar y responder mi petición/)).toBeTruthy();
  });
});
