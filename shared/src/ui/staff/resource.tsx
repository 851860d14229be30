import { useCallback, useEffect, useRef, useState } from 'react';
import type { ApiResult } from 'shared/api/client';
import { isSessionEnded } from 'shared/api/staff-client';
import { LoadState, messageOf } from './kit';

/** What a staff screen says when its data does not come, unless it says otherwise. */
export const resourceTexts = {
  network: 'No hay conexión con el servidor. Revisa tu conexión e intenta de nuevo.',
  retry: 'Intentar de nuevo',
  sessionEnded: 'Tu sesión terminó. Vuelve a ingresar al panel.',
} as const;

/** A screen's data: on its way, there, or not (with what to say, and the HTTP status when the server answered). */
export type Resource<T> = { kind: 'loading' } | { kind: 'failed'; message: string; status?: number } | { kind: 'ready'; data: T };

/**
 * Loads a screen's data through a declared operation (#27, `useOperationCall`): the staff client brings the token, the
 * screen never sees it; an ended session answers `sessionEnded` and the screen says so as it did without a token.
 * Made with useMemo on what it reads, as a fetcher is with useCallback.
 */
export interface StaffLoader<T> {
  load: (signal: AbortSignal) => Promise<ApiResult<T>>;
}

/**
 * A staff screen's data (#27): loaded with the screen's fetcher when the screen opens and again whenever the fetcher
 * changes (make it with useCallback on what it reads: a reference, a year), with `reload` after a failure or an action.
 * Only the newest load is kept: an answer that arrives after another load started (or after the screen closed) is
 * dropped, and its request aborted. `set` replaces the data with what an action answered; `refresh` loads again in the
 * background, keeping what is shown unless the new data comes.
 */
export function useStaffResource<T>(fetcher: StaffLoader<T>, texts: { failed: string; network?: string; sessionEnded?: string }) {
  const [state, setState] = useState<Resource<T>>({ kind: 'loading' });
  const latest = useRef<AbortController | null>(null);
  const { failed, network = resourceTexts.network, sessionEnded = resourceTexts.sessionEnded } = texts;

  const run = useCallback(
    async (quiet: boolean) => {
      latest.current?.abort();
      const controller = new AbortController();
      latest.current = controller;
      if (!quiet) setState({ kind: 'loading' });
      // A quiet refresh keeps what is shown when it fails, but not a screen still loading: it says why instead.
      const ended = () => setState((shown) => (quiet && shown.kind !== 'loading' ? shown : { kind: 'failed', message: sessionEnded }));
      const result = await fetcher.load(controller.signal);
      if (controller.signal.aborted) return;
      if (isSessionEnded(result)) return ended();
      if (result.kind === 'ok') setState({ kind: 'ready', data: result.data });
      else
        setState((shown) =>
          quiet && shown.kind !== 'loading'
            ? shown
            : {
                kind: 'failed',
                message: messageOf(result, network, failed),
                ...(result.kind === 'error' ? { status: result.status } : {}),
              },
        );
    },
    [failed, fetcher, network, sessionEnded],
  );

  useEffect(() => {
    void run(false);
    return () => latest.current?.abort();
  }, [run]);

  const reload = useCallback(() => run(false), [run]);
  const refresh = useCallback(() => run(true), [run]);
  const set = useCallback((data: T) => {
    latest.current?.abort();
    setState({ kind: 'ready', data });
  }, []);
  return { state, data: state.kind === 'ready' ? state.data : null, reload, refresh, set };
}

/** A resource's loading line (a status) or its failure (an alert) with the button to try again; nothing once it is there. */
export function ResourceState({
  resource,
  loading,
  retry = resourceTexts.retry,
}: {
  resource: { state: Resource<unknown>; reload: () => Promise<void> };
  loading: string;
  retry?: string;
}) {
  return <LoadState state={resource.state} loading={loading} retry={retry} onRetry={() => void resource.reload()} />;
}
