/**
 * @jest-environment jsdom
 */
import { describe, expect, it } from '@jest/globals';
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useMemo } from 'react';
import type { ApiResult } from 'shared/api/client';
import { sessionEnded } from 'shared/api/staff-client';
import { StaffSessionContext, type StaffSession } from 'shared/staff-session';
import { ResourceState, useStaffResource } from './resource';
import { staffSession } from './testing';

/** An answer the test hands over when it wants, and the signal its request was given. */
function deferred() {
  let resolve: (value: ApiResult<string>) => void = () => undefined;
  const promise = new Promise<ApiResult<string>>((r) => (resolve = r));
  return { promise, resolve, signal: null as AbortSignal | null };
}

function Screen({ id, answer }: { id: string; answer: (id: string, signal: AbortSignal) => Promise<ApiResult<string>> }) {
  const loader = useMemo(() => ({ load: (signal: AbortSignal) => answer(id, signal) }), [answer, id]);
  const resource = useStaffResource(loader, { failed: 'No pudimos cargar el registro.' });
  return (
    <>
      <ResourceState resource={resource} loading="Cargando el registro…" />
      {resource.data ? <p>Registro {resource.data}</p> : null}
    </>
  );
}

const renderAs = (session: StaffSession, ui: React.ReactElement) => {
  const view = render(<StaffSessionContext.Provider value={session}>{ui}</StaffSessionContext.Provider>);
  return {
    ...view,
    rerenderAs: (next: React.ReactElement) =>
      view.rerender(<StaffSessionContext.Provider value={session}>{next}</StaffSessionContext.Provider>),
  };
};

describe('useStaffResource', () => {
  it('says it is loading as a status, then shows the data', async () => {
    const answer = async () => ({ kind: 'ok', status: 200, data: 'A' }) as const;
    renderAs(staffSession, <Screen id="a" answer={answer} />);
    expect(screen.getByRole('status').textContent).toContain('Cargando el registro…');
    expect(await screen.findByText('Registro A')).toBeTruthy();
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('does not let a stale answer overwrite a newer one, and aborts the stale request', async () => {
    const pending: Record<string, ReturnType<typeof deferred>> = { a: deferred(), b: deferred() };
    const answer = (id: string, signal: AbortSignal) => {
      pending[id]!.signal = signal;
      return pending[id]!.promise;
    };
    const { rerenderAs } = renderAs(staffSession, <Screen id="a" answer={answer} />);
    await waitFor(() => expect(pending.a!.signal).not.toBeNull());
    rerenderAs(<Screen id="b" answer={answer} />);
    await waitFor(() => expect(pending.b!.signal).not.toBeNull());
    expect(pending.a!.signal!.aborted).toBe(true);

    await act(async () => pending.b!.resolve({ kind: 'ok', status: 200, data: 'B' }));
    expect(await screen.findByText('Registro B')).toBeTruthy();
    // The first record's answer comes last: it is dropped.
    await act(async () => pending.a!.resolve({ kind: 'ok', status: 200, data: 'A' }));
    expect(screen.getByText('Registro B')).toBeTruthy();
    expect(screen.queryByText('Registro A')).toBeNull();
  });

  it('says a failure as an alert (the server’s message, else the screen’s) and loads again on "Intentar de nuevo"', async () => {
    const answers: ApiResult<string>[] = [
      { kind: 'network' },
      { kind: 'error', status: 500, error: 'internal', message: '' },
      { kind: 'ok', status: 200, data: 'A' },
    ];
    const answer = async () => answers.shift()!;
    renderAs(staffSession, <Screen id="a" answer={answer} />);
    expect((await screen.findByRole('alert')).textContent).toContain('No hay conexión con el servidor.');
    await userEvent.click(screen.getByRole('button', { name: 'Intentar de nuevo' }));
    expect((await screen.findByRole('alert')).textContent).toContain('No pudimos cargar el registro.');
    await userEvent.click(screen.getByRole('button', { name: 'Intentar de nuevo' }));
    expect(await screen.findByText('Registro A')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('loads through a declared operation without a token, and says the session ended when the staff client does', async () => {
    function Declared({ answer }: { answer: () => Promise<ApiResult<string>> }) {
      const resource = useStaffResource(
        useMemo(() => ({ load: answer }), [answer]),
        { failed: 'No pudimos cargar el registro.' },
      );
      return (
        <>
          <ResourceState resource={resource} loading="Cargando el registro…" />
          {resource.data ? <p>Registro {resource.data}</p> : null}
        </>
      );
    }
    const ready = async () => ({ kind: 'ok', status: 200, data: 'A' }) as const;
    const { unmount } = renderAs(staffSession, <Declared answer={ready} />);
    expect(await screen.findByText('Registro A')).toBeTruthy();
    unmount();
    const ended = async () => sessionEnded;
    renderAs(staffSession, <Declared answer={ended} />);
    expect((await screen.findByRole('alert')).textContent).toContain('Tu sesión terminó. Vuelve a ingresar al panel.');
  });
});
