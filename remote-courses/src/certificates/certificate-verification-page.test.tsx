/**
 * @jest-environment jsdom
 */
import { afterEach, describe, expect, it } from '@jest/globals';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiClientProvider } from 'shared/api/context';
import { apiError, fakeApiClient, ok, type FakeAnswer } from 'shared/api/fake-client';
import { axeViolations } from 'shared/ui/staff/testing';
import CertificateVerificationPage, { serverRender } from './certificate-verification-page';
import type { VerificationResponse } from './schemas';

const code = 'abcdefghijklmnopqrstuvwxyz234567';
const other = '234567abcdefghijklmnopqrstuvwxyz';
const notFound = apiError(
  404,
  'not_found',
  'No encontramos un certificado con ese código. Revisa que esté completo y escrito como aparece en el certificado.',
);

const valid: VerificationResponse = {
  name: 'Lucía Rincón',
  course: 'Desarrollo de Software',
  completedOn: '2026-11-28',
  number: 'FC-2026-000123',
  state: 'valido',
  voidedOn: null,
};

function renderAt(path: string, answers: Record<string, FakeAnswer | FakeAnswer[]>) {
  window.history.pushState({}, '', path);
  const fake = fakeApiClient(answers);
  const { container } = render(
    <ApiClientProvider client={fake.client}>
      <CertificateVerificationPage />
    </ApiClientProvider>,
  );
  return { ...fake, container };
}

describe('the certificate verification page (/verificar, #31)', () => {
  afterEach(() => window.history.pushState({}, '', '/'));

  it('shows a valid certificate: a clear "Certificado válido", the name, course, date and number, and nothing else; no axe violations', async () => {
    expect(serverRender).toBe(false);
    const { container, calls } = renderAt(`/verificar/${code}`, { [`GET /api/courses/verificar/${code}`]: ok(valid) });
    const state = await screen.findByRole('heading', { name: /Certificado válido/ });
    expect(state).toBeTruthy();
    // The answer takes focus, so a screen reader announces it.
    await waitFor(() => expect(document.activeElement?.textContent).toContain('Certificado válido'));
    const facts = [...container.querySelectorAll('.verification-facts dt')].map(
      (dt) => `${dt.textContent}: ${dt.nextElementSibling?.textContent}`,
    );
    expect(facts).toEqual([
      'Nombre: Lucía Rincón',
      'Curso: Desarrollo de Software',
      'Fecha de finalización: 28 de noviembre de 2026',
      'Número de certificado: FC-2026-000123',
      'Estado: Válido',
    ]);
    expect(document.head.querySelector('meta[name="referrer"]')?.getAttribute('content')).toBe('no-referrer');
    expect(calls.map((c) => c.path)).toEqual([`/api/courses/verificar/${code}`]);
    expect(await axeViolations(container)).toEqual([]);
  });

  it('says "Certificado anulado" with the date it was voided', async () => {
    renderAt(`/verificar/${code}`, {
      [`GET /api/courses/verificar/${code}`]: ok({ ...valid, state: 'anulado', voidedOn: '2026-12-02' }),
    });
    expect(await screen.findByRole('heading', { name: /Certificado anulado/ })).toBeTruthy();
    expect(screen.getByText(/anuló este certificado el 2 de diciembre de 2026/)).toBeTruthy();
    expect(screen.queryByText(/Certificado válido/)).toBeNull();
  });

  it("shows the server's message for an unknown code, and checks a typed code (dashes, capitals) on its own page", async () => {
    const user = userEvent.setup();
    const { calls } = renderAt(`/verificar/${code}`, {
      [`GET /api/courses/verificar/${code}`]: notFound,
      [`GET /api/courses/verificar/${other}`]: ok(valid),
    });
    expect((await screen.findByRole('alert')).textContent).toContain('No encontramos un certificado con ese código');
    await user.type(screen.getByLabelText(/Código de verificación/), '2345-67AB-CDEF-GHIJ-KLMN-OPQR-STUV-WXYZ');
    await user.click(screen.getByRole('button', { name: 'Verificar' }));
    expect(await screen.findByRole('heading', { name: /Certificado válido/ })).toBeTruthy();
    expect(window.location.pathname).toBe(`/verificar/${other}`);
    expect(calls.map((c) => c.path)).toEqual([`/api/courses/verificar/${code}`, `/api/courses/verificar/${other}`]);
  });

  it('offers only the form on /verificar, and refuses an incomplete code on its field without asking the server', async () => {
    const user = userEvent.setup();
    const { calls, container } = renderAt('/verificar', {});
    expect(screen.getByRole('heading', { name: 'Escribe el código de verificación' })).toBeTruthy();
    await user.type(screen.getByLabelText(/Código de verificación/), 'FC-2026-000123');
    await user.click(screen.getByRole('button', { name: 'Verificar' }));
    const field = screen.getByLabelText(/Código de verificación/);
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText(/Escribe el código completo: 32 letras y números/)).toBeTruthy();
    expect(calls).toEqual([]);
    expect(window.location.pathname).toBe('/verificar');
    expect(await axeViolations(container)).toEqual([]);
  });
});
