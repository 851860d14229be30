import type { ComponentType } from 'react';
import type * as FederationModule from './federation';
import { matchRoute, type RemoteName } from '../../../site/routes';

/**
 * The federation runtime is a chunk of its own (./federation), fetched and started the first time a remote is needed:
 * a page of the shell alone never runs it. It is prefetched once the page is idle (webpackPrefetch: a low-priority
 * download, not run) and started ahead of need when a link to a remote's route is hovered, focused or touched
 * (`warmFederationOnIntent`). A page of a remote's route has it hinted by the gateway with the remote's files.
 */
type Federation = typeof FederationModule;
let federation: Promise<Federation> | null = null;
export function loadFederation(): Promise<Federation> {
  federation ??= import(/* webpackChunkName: "federation", webpackPrefetch: true */ './federation').catch((err: unknown) => {
    federation = null; // a failed download may be retried
    throw err;
  });
  return federation;
}

/**
 * Starts the runtime when the visitor shows the intent to open a remote's route: a pointer over, a touch on or the
 * focus in a link to one. Once started (or once a remote loads), the listeners go.
 */
function warmFederationOnIntent(): void {
  const events = ['pointerover', 'touchstart', 'focusin'] as const;
  const onIntent = (event: Event) => {
    const anchor = (event.target as Element | null)?.closest?.('a[href]');
    if (!(anchor instanceof HTMLAnchorElement) || anchor.origin !== window.location.origin) return;
    const route = matchRoute(anchor.pathname);
    if (!route || route.owner === 'shell') return;
    stop();
    void loadFederation().catch(() => undefined); // the load that needs it reports the failure
  };
  const stop = () => {
    for (const type of events) document.removeEventListener(type, onIntent, true);
  };
  for (const type of events) document.addEventListener(type, onIntent, { capture: true, passive: true });
}
if (typeof document !== 'undefined') warmFederationOnIntent();

/** What `/remotes.json` says: where each remote's entry lives, and how long a load may take. */
export interface RemotesManifest {
  remotes: Partial<Record<RemoteName, { entry: string }>>;
  timeoutMs: number;
}

/** The shared contract this shell was built with and what it provides of each shared module (tooling/webpack.mjs). */
declare const __SHARED_CONTRACT__: { name: string; version: string; provided: Record<string, string> } | undefined;
const contract = typeof __SHARED_CONTRACT__ === 'undefined' ? null : __SHARED_CONTRACT__;

/** Why a remote was refused: which module it needs in which range, and what this shell provides. */
export interface Incompatibility {
  remote: string;
  module: string;
  required: string;
  provided: string;
}

export class RemoteLoadError extends Error {
  constructor(
    readonly remote: string,
    /** `incompatible`: built for another contract; retrying cannot help, only a deploy can. */
    readonly reason: 'timeout' | 'unavailable' | 'not-configured' | 'invalid-module' | 'incompatible',
    options?: { cause?: unknown; incompatibility?: Incompatibility },
  ) {
    super(`No se pudo cargar ${remote}: ${reason}`, options);
    this.incompatibility = options?.incompatibility;
  }
  readonly incompatibility: Incompatibility | undefined;
}

interface RemoteManifest {
  metaData?: { contract?: { name?: string; range?: string } };
  shared?: Array<{ name: string; singleton?: boolean; requiredVersion?: string | false }>;
}

/** What the remote's build says it needs that this shell does not provide, if anything. */
export function findIncompatibility(
  remote: string,
  manifest: RemoteManifest,
  satisfy: (version: string, range: string) => boolean,
): Incompatibility | null {
  if (!contract) return null;
  const range = manifest.metaData?.contract?.name === contract.name ? manifest.metaData.contract.range : undefined;
  // A build without a declared range predates contract versioning: nothing says it fits this contract.
  if (!range || !satisfy(contract.version, range))
    return { remote, module: contract.name, required: range ?? '(sin declarar)', provided: contract.version };
  for (const shared of manifest.shared ?? []) {
    const provided = contract.provided[shared.name];
    if (shared.singleton && typeof shared.requiredVersion === 'string' && provided && !satisfy(provided, shared.requiredVersion))
      return { remote, module: shared.name, required: shared.requiredVersion, provided };
  }
  return null;
}

/**
 * Reads the remote's mf-manifest.json (beside its entry) and refuses it before any of its code runs when it was
 * built for a contract this shell does not provide. Only a manifest that cannot be read is a (retryable) outage.
 */
async function checkCompatible(remote: RemoteName, entry: string): Promise<void> {
  if (!contract) return;
  const url = new URL(entry, window.location.href);
  url.pathname = url.pathname.replace(/[^/]*$/, 'mf-manifest.json');
  let manifest: RemoteManifest;
  let runtime: Federation;
  try {
    // The manifest and the runtime download side by side.
    [manifest, runtime] = await Promise.all([
      fetch(url, { cache: 'no-cache', credentials: 'same-origin' }).then((res) => {
        if (!res.ok) throw new Error(`mf-manifest.json ${res.status}`);
        return res.json() as Promise<RemoteManifest>;
      }),
      loadFederation(),
    ]);
  } catch (err) {
    throw new RemoteLoadError(remote, 'unavailable', { cause: err });
  }
  const incompatibility = findIncompatibility(remote, manifest, runtime.satisfy);
  if (incompatibility) {
    console.error(
      `Remoto "${remote}" rechazado antes de ejecutarlo: requiere ${incompatibility.module} ${incompatibility.required}, el sitio ofrece ${incompatibility.provided}`,
      incompatibility,
    );
    throw new RemoteLoadError(remote, 'incompatible', { incompatibility });
  }
}

/** The federation runtime's own refusal of a shared singleton (strictVersion) is an incompatibility too. */
function runtimeIncompatibility(remote: string, err: unknown): Incompatibility | null {
  const m = /Version (\S+) from .* of shared singleton module (\S+) does not satisfy the requirement of .* which needs ([^)]+)\)/.exec(
    err instanceof Error ? err.message : String(err),
  );
  return m ? { remote, module: m[2] ?? '', required: m[3] ?? '', provided: m[1] ?? '' } : null;
}

let manifest: Promise<RemotesManifest> | null = null;
const registered = new Set<string>();
/** One compatibility check per remote and attempt, shared by screens that load at the same time. */
const checked = new Map<string, { attempt: number; result: Promise<void> }>();

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
    let check = checked.get(remote);
    if (!check || check.attempt !== attempt) {
      check = { attempt, result: checkCompatible(remote, entry) };
      checked.set(remote, check);
    }
    const mine = check;
    await withTimeout(mine.result, timeoutMs, remote).catch((err: unknown) => {
      // An outage may pass and an incompatible build may be replaced: the next attempt reads the manifest again.
      if (checked.get(remote) === mine) checked.delete(remote);
      throw err;
    });
    // Screens of one remote may load at once (a route and the session): the first to get here registers it.
    if (attempt > 0 || !registered.has(remote)) {
      const { registerRemotes } = await loadFederation().catch((err: unknown) => {
        throw new RemoteLoadError(remote, 'unavailable', { cause: err });
      });
      registerRemotes([{ name: remote, entry }], { force: registered.has(remote) });
      registered.add(remote);
    }
  }
  return timeoutMs;
}

/** Loads any module a remote exposes (`<remote>/<expose>`), cut off by the manifest's timeout. */
export async function loadRemoteModule<T>(remote: RemoteName, expose: string, attempt = 0): Promise<T> {
  const started = Date.now();
  const timeoutMs = await registerRemote(remote, attempt);
  let mod: T | null;
  try {
    // One deadline for the manifest check and the load together, so a hung remote still shows its fallback in time.
    const { loadRemote } = await loadFederation();
    mod = await withTimeout(loadRemote<T>(`${remote}/${expose}`), Math.max(500, timeoutMs - (Date.now() - started)), remote);
  } catch (err) {
    if (err instanceof RemoteLoadError) throw err;
    const incompatibility = runtimeIncompatibility(remote, err);
    if (incompatibility) {
      console.error(`Remoto "${remote}" rechazado: requiere ${incompatibility.module} ${incompatibility.required}`, incompatibility);
      throw new RemoteLoadError(remote, 'incompatible', { cause: err, incompatibility });
    }
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
