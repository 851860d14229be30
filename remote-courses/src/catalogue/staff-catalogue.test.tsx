/**
 * @jest-environment jsdom
 */
import { describe, expect, it } from '@jest/globals';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { apiError, ok, on } from 'shared/api/fake-client';
import type { DocumentState } from 'shared/publishing/document';
import { axeViolations, renderAsStaff } from 'shared/ui/staff/testing';
import { catalogueDefaults } from '../../manifest/catalogue';
import { catalogueOperations as ops, type catalogueDocument } from '../../manifest/catalogue-document';
import StaffCatalogue from './staff-catalogue';

type State = DocumentState<typeof catalogueDocument.schema>;

const state = (over: Partial<State> = {}): State => ({
  published: null,
  draft: null,
  scheduled: null,
  defaults: catalogueDefaults,
  history: [],
  latest_revision: 0,
  ...over,
});

const revision = (n: number, body = catalogueDefaults) => ({
  revision: n,
  saved_by: 'cursos@fundacion.org',
  saved_at: '2026-11-28T15:00:00.000Z',
  published_at: '2026-11-28T15:00:00.000Z',
  published_by: 'cursos@fundacion.org',
  body,
});

describe('StaffCatalogue (/equipo/catalogo)', () => {
  it('previews a new module price in pesos and publishes the whole catalogue as numbers, with no axe violations', async () => {
    const user = userEvent.setup();
    const body = { ...catalogueDefaults, 'desarrollo-software': { ...catalogueDefaults['desarrollo-software'], price: 134_900 } };
    const { calls, container } = renderAsStaff(<StaffCatalogue />, [
      on(ops.read, ok(state())),
      on(ops.publish, ok(state({ published: revision(1, body), latest_revision: 1, history: [revision(1, body)] }))),
    ]);
    const price = await screen.findByLabelText('Precio por módulo (COP)');
    expect((price as HTMLInputElement).value).toBe('119900');
    expect(await axeViolations(container)).toEqual([]);
    await user.clear(price);
    await user.type(price, '$ 134.900');
    await user.click(screen.getByRole('button', { name: 'Revisar y publicar' }));
    const preview = screen.getByRole('region', { name: 'Revisa los cambios antes de publicar' });
    expect(document.activeElement).toBe(within(preview).getByRole('heading'));
    const change = within(preview).getByText('Desarrollo de Software · Precio por módulo (COP)').parentElement!;
    expect(change.textContent).toContain('Antes: $ 119.900');
    expect(change.textContent).toContain('Ahora: $ 134.900');
    await user.click(within(preview).getByRole('button', { name: 'Publicar ahora' }));
    await waitFor(() => expect(calls.filter((c) => c.method === 'POST')).toHaveLength(1));
    const sent = calls.find((c) => c.method === 'POST')!;
    expect(sent.path).toBe('/api/courses/staff/publicacion/catalogo/publicar');
    expect(sent.body).toMatchObject({
      'desarrollo-software': { price: 134_900, totalprice: 349_000 },
      'ofimatica-basica': { price: 79_900 },
    });
    expect(await screen.findByText(/Publicado \(versión 1\)/)).toBeTruthy();
  });

  it("puts the server's message on the refused field, showing the course it belongs to", async () => {
    const user = userEvent.setup();
    const message = 'El precio del curso completo no puede ser mayor que tres módulos sueltos.';
    renderAsStaff(<StaffCatalogue />, [
      on(ops.read, ok(state())),
      on(ops.save, apiError(400, 'validation_error', message, { 'ofimatica-basica.totalprice': message })),
    ]);
    await screen.findByLabelText('Precio por módulo (COP)');
    await user.click(screen.getByRole('button', { name: 'Guardar borrador' }));
    // The form moved to the course with the refused value, and the message is on its field.
    await waitFor(() => expect((screen.getByLabelText('Curso') as HTMLSelectElement).value).toBe('ofimatica-basica'));
    const total = screen.getByLabelText('Precio del curso completo (COP)');
    await waitFor(() => expect(total.getAttribute('aria-invalid')).toBe('true'));
    const described = (total.getAttribute('aria-describedby') ?? '').split(' ').map((id) => document.getElementById(id)?.textContent);
    expect(described).toContain(message);
  });
});
