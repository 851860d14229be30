import { loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import type { ComponentType } from 'react';
import type { RemoteName } from 'shared/routes';

/** What `/remotes.json` says: where each remote's entry lives, and how long a load may take. */
export interface RemotesManifest {
  remotes: Partial<Record<RemoteName, { entry: string }>>;
  timeoutMs: number;
}

export class RemoteLoadError extends Error {
  constructor(
    readonly remote: string,
    readonly reason: 'timeout' | 'unavailable' | 'not-configured' | 'invalid-module',
    options?: { cause?: unknown },
  ) {
    super(`No se pudo cargar ${remote}: ${reason}`, options);
  }
}

let manifest: Promise<RemotesManifest> | null = null;
const registered = new Set<string>();

function fetchManifest(): Promise<RemotesManifest> {
  manifest ??= fetch('/remotes.json', { credentials: 'same-origin' })
    .then((r) => {
      if (!r.ok) throw new Error(`remotes.json ${r.status}`);
      return r.json() as Promise<RemotesManifest>;
    })
    .catch((err: unknown) => {
      manifest = null; // allow the retry button to ask again
      throw err;
    });
  return manifest;
}

function withTimeout<T>(promise: Promise<T>, ms: number, remote: string): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new RemoteLoadError(remote, 'timeout')), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/** Makes sure the remote is registered with the federation runtime; `attempt` > 0 re-registers it under a fresh URL. */
async function registerRemote(remote: RemoteName, attempt: number): Promise<number> {
  const { remotes, timeoutMs } = await fetchManifest().catch(() => {
    throw new RemoteLoadError(remote, 'unavailable');
  });
  const config = remotes[remote];
  if (!config) throw new RemoteLoadError(remote, 'not-configured');
  if (!registered.has(remote) || attempt > 0) {
    // The runtime remembers a failed entry by URL; a retry registers the entry under a fresh URL.
    const entry = attempt > 0 ? `${config.entry}${config.entry.includes('?') ? '&' : '?'}reintento=${attempt}` : config.entry;
    registerRemotes([{ name: remote, entry }], { force: registered.has(remote) });
    registered.add(remote);
  }
  return timeoutMs;
}

/** Loads any module a remote exposes (`<remote>/<expose>`), cut off by the manifest's timeout. */
export async function loadRemoteModule<T>(remote: RemoteName, expose: string, attempt = 0): Promise<T> {
  const timeoutMs = await registerRemote(remote, attempt);
  let mod: T | null;
  try {
    mod = await withTimeout(loadRemote<T>(`${remote}/${expose}`), timeoutMs, remote);
  } catch (err) {
    if (err instanceof RemoteLoadError) throw err;
    throw new RemoteLoadError(remote, 'unavailable', { cause: err });
  }
  if (!mod) throw new RemoteLoadError(remote, 'invalid-module');
  return mod;
}

/**
 * Loads a screen exposed by a remote (`<remote>/<Screen>`), registering the remote on first use.
 * A remote that never answers is cut off by the manifest's timeout. `attempt` > 0 re-registers it, for retries.
 */
export async function loadRemoteScreen(remote: RemoteName, screen: string, attempt = 0): Promise<ComponentType<Record<string, string>>> {
  const mod = await loadRemoteModule<{ default?: ComponentType<Record<string, string>> }>(remote, screen, attempt);
  if (!mod.default) throw new RemoteLoadError(remote, 'invalid-module');
  return mod.default;
}
