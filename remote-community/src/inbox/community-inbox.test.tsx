/**
 * @jest-environment jsdom
 */
import { afterEach, describe, expect, it, jest } from '@jest/globals';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ApiClient } from 'shared/api/client';
import { apiError, networkDown, ok, type FakeAnswer, type FakeCall } from 'shared/api/fake-client';
import type { InboxListItem, InboxListResponse, InboxSummaryResponse } from './schemas';
import StaffCommunityInbox from './community-inbox';
import { axeViolations, renderAsStaff, runInTexts, staffSession } from 'shared/ui/staff/testing';

const SUMMARY = 'GET /api/community/staff/inbox';
const LIST = (kind: string) => `POST /api/community/staff/inbox/${kind}/lista`;

const summary: InboxSummaryResponse = {
  kinds: [
    { kind: 'voluntarios', label: 'Voluntarios', total: 42, pending: 5 },
    { kind: 'aliados', label: 'Empresas aliadas', total: 3, pending: 0 },
    { kind: 'talleres', label: 'Consultas de talleres', total: 7, pending: 7 },
    { kind: 'software', label: 'Solicitudes de software', total: 1, pending: 1 },
    { kind: 'boletin', label: 'Suscriptores del boletín', total: 120, pending: 120 },
  ],
};

const item = (id: string, over: Partial<InboxListItem> = {}): InboxListItem => ({
  id,
  createdAt: '2026-03-02T19:32:00.000Z',
  name: `Persona ${id}`,
  email: `persona${id}@example.com`,
  extra: 'Cédula de ciudadanía 1012345',
  contact: { contacted: false, lastAt: null, count: 0 },
  ...over,
});

const page = (
  kind: InboxListResponse['kind'],
  items: InboxListItem[],
  nextCursor: string | null = null,
  total: number | null = items.length,
) => ok({ kind, items, nextCursor, total });

function renderInbox(
  kind: string | undefined,
  answers: Record<string, FakeAnswer | FakeAnswer[]>,
  client?: (fake: ApiClient, calls: FakeCall[]) => ApiClient,
) {
  return renderAsStaff(<StaffCommunityInbox {...(kind ? { kind } : {})} />, { [SUMMARY]: ok(summary), ...answers }, client);
}

const contacted = item('7', {
  name: 'Begoña Ibáñez',
  contact: { contacted: true, lastAt: '2026-03-04T15:10:00.000Z', count: 2 },
});

describe('the community inbox', () => {
  afterEach(() => {
    jest.restoreAllMocks();
  });

  it('without a kind, lists the kinds with their counts as links', async () => {
    const { calls, container } = renderInbox(undefined, {});
    const nav = screen.getByRole('navigation', { name: 'Tipos de registro' });
    const links = within(nav).getAllByRole('link');
    expect(links.map((a) => a.getAttribute('href'))).toEqual([
      '/equipo/comunidad/voluntarios',
      '/equipo/comunidad/aliados',
      '/equipo/comunidad/talleres',
      '/equipo/comunidad/software',
      '/equipo/comunidad/boletin',
    ]);
    // The kind and its counts are two lines on screen and two words in the text (#32's audit: nothing runs together).
    await waitFor(() => expect(links[0]?.textContent).toBe('Voluntarios 42 registros · 5 sin contactar'));
    expect(links[1]?.textContent).toBe('Empresas aliadas 3 registros');
    expect(screen.getByText('Elige un tipo de registro para ver la lista.')).toBeTruthy();
    expect(calls.map((c) => `${c.method} ${c.path}`)).toEqual([SUMMARY]);
    expect(calls[0]?.token).toBe('token-de-ana');
    expect(await axeViolations(container)).toEqual([]);
  });

  it('lists a kind in an accessible table: caption, headers, links to each record, status in words', async () => {
    const { container } = renderInbox('voluntarios', { [LIST('voluntarios')]: page('voluntarios', [item('9'), contacted], 'c1', 42) });
    const table = await screen.findByRole('table', { name: 'Voluntarios, del más reciente al más antiguo (2 de 42)' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Nombre', 'Correo electrónico', 'Documento', 'Fecha de registro', 'Estado']);
    const rows = within(table).getAllByRole('row').slice(1);
    const header = within(rows[0]!).getByRole('rowheader');
    expect(within(header).getByRole('link', { name: 'Persona 9' }).getAttribute('href')).toBe('/equipo/comunidad/voluntarios/9');
    // 19:32 UTC is 14:32 in Bogotá.
    expect(rows[0]?.textContent).toContain('2 de marzo de 2026, 14:32');
    expect(rows[0]?.textContent).toContain('Pendiente');
    expect(rows[1]?.textContent).toContain('Contactado el 4 de marzo de 2026, 10:10');
    // No date runs into the status, no word into the next (#32's audit), in any cell.
    expect(runInTexts(table)).toEqual([]);
    expect(screen.getByRole('link', { name: /^Voluntarios/ }).getAttribute('aria-current')).toBe('page');
    expect(await axeViolations(container)).toEqual([]);
  });

  it('shows subscribers by e-mail and subscription, with no contact state nor its filter', async () => {
    renderInbox('boletin', {
      [LIST('boletin')]: page('boletin', [item('3', { name: null, email: 'lector@example.com', extra: 'Confirmado', contact: null })]),
    });
    const table = await screen.findByRole('table');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Correo electrónico', 'Suscripción', 'Fecha de registro']);
    expect(within(table).queryByText(/Pendiente de contactar/)).toBeNull();
    expect(screen.queryByLabelText('Estado')).toBeNull();
    expect(within(table).getByRole('link', { name: 'lector@example.com' })).toBeTruthy();
    expect(screen.queryByLabelText('Taller')).toBeNull();
    expect(screen.getByLabelText('Buscar por correo')).toBeTruthy();
  });

  it('searches and filters by keyboard, sending the search in the body and the token with it', async () => {
    const user = userEvent.setup();
    const { calls } = renderInbox('talleres', {
      [LIST('talleres')]: [
        page('talleres', [item('1', { extra: 'Vale Ser' })]),
        page('talleres', [], null, 0),
        page('talleres', [item('1')]),
      ],
    });
    await screen.findByRole('table');
    await user.selectOptions(screen.getByLabelText('Estado'), 'pendientes');
    await user.selectOptions(screen.getByLabelText('Taller'), 'vale-ser');
    // Enter in the search box applies the whole form.
    await user.type(screen.getByLabelText('Buscar por nombre o correo'), 'Núñez{Enter}');
    expect(await screen.findByText('No hay registros con esta búsqueda o estos filtros.')).toBeTruthy();
    const lists = calls.filter((c) => c.path.endsWith('/lista'));
    expect(lists[1]).toMatchObject({ body: { q: 'Núñez', estado: 'pendientes', taller: 'vale-ser' }, token: 'token-de-ana' });
    await user.click(screen.getByRole('button', { name: 'Limpiar' }));
    await screen.findByRole('table');
    expect(calls.filter((c) => c.path.endsWith('/lista'))[2]?.body).toEqual({ estado: 'todos' });
    expect((screen.getByLabelText('Buscar por nombre o correo') as HTMLInputElement).value).toBe('');
  });

  it('loads the next page on "Cargar más", keeps the rows, announces them and moves focus to the first new one', async () => {
    const user = userEvent.setup();
    const { calls } = renderInbox('aliados', {
      [LIST('aliados')]: [page('aliados', [item('5'), item('4')], 'cursor-1', 3), page('aliados', [item('3')], null, null)],
    });
    await screen.findByRole('table');
    await user.click(screen.getByRole('button', { name: 'Cargar más' }));
    const link = await screen.findByRole('link', { name: 'Persona 3' });
    await waitFor(() => expect(document.activeElement).toBe(link));
    expect(screen.getAllByRole('row')).toHaveLength(4);
    expect(screen.getByRole('table', { name: /\(3 de 3\)/ })).toBeTruthy();
    expect(screen.getByText('Se cargó 1 registro más.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Cargar más' })).toBeNull();
    expect(calls.filter((c) => c.path.endsWith('/lista'))[1]?.body).toEqual({ estado: 'todos', cursor: 'cursor-1' });
  });

  it('says what went wrong and retries', async () => {
    const user = userEvent.setup();
    renderInbox('software', {
      [LIST('software')]: [
        apiError(403, 'forbidden', 'Esta sección es solo para el equipo de la fundación.'),
        networkDown,
        page('software', []),
      ],
    });
    expect((await screen.findByRole('alert')).textContent).toContain('Esta sección es solo para el equipo de la fundación.');
    await user.click(screen.getByRole('button', { name: 'Intentar de nuevo' }));
    expect((await screen.findByRole('alert')).textContent).toContain('No pudimos conectarnos.');
    await user.click(screen.getByRole('button', { name: 'Intentar de nuevo' }));
    expect(await screen.findByText('Todavía no hay registros en Solicitudes de software.')).toBeTruthy();
  });

  it('says so for a kind that does not exist', async () => {
    renderInbox('pqrsf', {});
    expect((await screen.findByRole('alert')).textContent).toBe('Ese tipo de registro no existe. Elige uno de la lista.');
  });

  it('downloads the CSV of what the list shows (status and search, in a POST body), names the file, and says it is done', async () => {
    const user = userEvent.setup();
    const downloads: FakeCall[] = [];
    const blob = new Blob(['\uFEFF"Número"\r\n'], { type: 'text/csv' });
    const createObjectURL = jest.fn((_: Blob) => 'blob:csv');
    const revokeObjectURL = jest.fn();
    Object.assign(URL, { createObjectURL, revokeObjectURL });
    const clicked: string[] = [];
    jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this.download);
    });
    renderInbox('voluntarios', { [LIST('voluntarios')]: page('voluntarios', [item('1')]) }, (fake) => ({
      ...fake,
      download: async (path, init) => {
        downloads.push({ method: init.body === undefined ? 'GET' : 'POST', path, body: init.body, token: init.token });
        return downloads.length === 1 ? blob : null;
      },
    }));
    await screen.findByRole('table');
    await user.selectOptions(screen.getByLabelText('Estado'), 'contactados');
    await user.type(screen.getByLabelText('Buscar por nombre, correo, documento o institución'), 'Begoña');
    await user.click(screen.getByRole('button', { name: 'Buscar' }));
    await screen.findByRole('table');
    expect(screen.getByText(/con la búsqueda y los filtros aplicados/)).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Descargar CSV' }));
    const done = await screen.findByText(/^Listo: se descargó comunidad-voluntarios-\d{4}-\d{2}-\d{2}\.csv\.$/);
    expect(document.activeElement).toBe(done);
    expect(downloads).toEqual([
      {
        method: 'POST',
        path: '/api/community/staff/inbox/voluntarios/exportar',
        body: { estado: 'contactados', q: 'Begoña' },
        token: 'token-de-ana',
      },
    ]);
    expect(createObjectURL).toHaveBeenCalledWith(blob);
    expect(clicked).toEqual([expect.stringMatching(/^comunidad-voluntarios-\d{4}-\d{2}-\d{2}\.csv$/)]);

    // A failed download says so, and takes focus.
    await user.click(screen.getByRole('button', { name: 'Descargar CSV' }));
    const failure = await screen.findByRole('alert');
    expect(failure.textContent).toBe('No pudimos preparar el archivo. Intenta de nuevo en unos minutos.');
    expect(document.activeElement).toBe(failure);
    expect(clicked).toHaveLength(1);
  });

  it('sends nothing once the session has ended, and says so', async () => {
    const { calls } = renderAsStaff(
      <StaffCommunityInbox kind="voluntarios" />,
      { [SUMMARY]: ok(summary), [LIST('voluntarios')]: page('voluntarios', [item('9')]) },
      undefined,
      { ...staffSession, getIdToken: async () => null },
    );
    expect((await screen.findByRole('alert')).textContent).toContain('Tu sesión terminó. Vuelve a iniciar sesión.');
    expect(calls).toEqual([]);
  });
});
