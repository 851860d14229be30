import { stat, readFile } from 'node:fs/promises';
import { watch, type FSWatcher } from 'node:fs';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { RemoteName } from '../../../site/routes';
import { publicRoot } from 'shared/server/static-cache';
import type { RemoteDeployment } from './config';
import type { PreloadLookup, ScreenAssets } from './html';

interface MfManifest {
  exposes?: Array<{ name: string; assets?: { js?: { sync?: string[] }; css?: { sync?: string[] } } }>;
}

/**
 * Knows, per remote screen, which files the browser will fetch first, so the served HTML can preload them.
 * Reads each remote's mf-manifest.json (from disk, or over HTTP when the remote is proxied) and follows deploys:
 * a local remote's `dist` is a symlink switched by a deploy (watched, and stat-polled in case the watch misses it);
 * a proxied remote's manifest is asked for with If-None-Match every `refreshMs`. A remote that cannot be read keeps
 * its last known index: the files it names stay served for open tabs anyway.
 */
export class RemoteAssetIndex {
  #byRemote = new Map<RemoteName, Map<string, ScreenAssets>>();
  #versions = new Map<RemoteName, string>();
  #inFlight = new Set<RemoteName>();
  #askedAt = new Map<RemoteName, number>();
  #timer: ReturnType<typeof setInterval> | null = null;
  #watchers: FSWatcher[] = [];

  constructor(
    private readonly rootDir: string,
    private readonly remotes: Record<RemoteName, RemoteDeployment>,
    private readonly options: { refreshMs?: number; log?: FastifyBaseLogger } = {},
  ) {}

  #names = () => Object.keys(this.remotes) as RemoteName[];
  #manifestPath = (name: RemoteName) => path.join(publicRoot(path.join(this.rootDir, `remote-${name}`, 'dist')), 'mf-manifest.json');

  /** Reads every remote once, then keeps following them until stop(). */
  async start(): Promise<void> {
    await this.refresh();
    const refreshMs = this.options.refreshMs ?? 1000;
    // Local builds: a stat every half second is cheap and catches what a watch misses (some file systems, volumes).
    this.#timer = setInterval(
      () => {
        for (const name of this.#names()) {
          // Over HTTP, once per refreshMs; a local build's stat, every tick.
          if (this.remotes[name].staticUrl && Date.now() - (this.#askedAt.get(name) ?? 0) < refreshMs - 50) continue;
          void this.#refreshOne(name);
        }
      },
      Math.min(refreshMs, 500),
    );
    this.#timer.unref();
    for (const name of this.#names().filter((n) => !this.remotes[n].staticUrl)) {
      try {
        const w = watch(path.join(this.rootDir, `remote-${name}`), (_event, file) => {
          if (file === 'dist') void this.#refreshOne(name);
        });
        w.on('error', () => undefined);
        w.unref();
        this.#watchers.push(w);
      } catch {
        // No folder to watch (a test root without this remote): polling still applies.
      }
    }
  }

  stop(): void {
    if (this.#timer) clearInterval(this.#timer);
    for (const w of this.#watchers) w.close();
  }

  async refresh(): Promise<void> {
    await Promise.all(this.#names().map((name) => this.#refreshOne(name)));
  }

  async #refreshOne(name: RemoteName): Promise<void> {
    if (this.#inFlight.has(name)) return;
    this.#inFlight.add(name);
    try {
      const manifest = await this.#read(name);
      if (manifest) this.#index(name, manifest);
    } catch (err) {
      this.options.log?.debug({ remote: name, err: (err as Error).message }, 'remote manifest unavailable');
    } finally {
      this.#inFlight.delete(name);
    }
  }

  #index(name: RemoteName, manifest: MfManifest) {
    const base = this.remotes[name].entry.replace(/[^/]*$/, '');
    const screens = new Map<string, ScreenAssets>();
    for (const expose of manifest.exposes ?? []) {
      screens.set(expose.name, {
        js: [this.remotes[name].entry, ...(expose.assets?.js?.sync ?? []).map((f) => base + f)],
        css: (expose.assets?.css?.sync ?? []).map((f) => base + f),
      });
    }
    this.#byRemote.set(name, screens);
  }

  /** The manifest if it changed since the last read, else null. */
  async #read(name: RemoteName): Promise<MfManifest | null> {
    const deployment = this.remotes[name];
    const known = this.#versions.get(name);
    if (deployment.staticUrl) {
      this.#askedAt.set(name, Date.now());
      const res = await fetch(`${deployment.staticUrl}/remotes/${name}/mf-manifest.json`, {
        headers: known ? { 'if-none-match': known } : {},
        signal: AbortSignal.timeout(2000),
      });
      if (res.status === 304) return null;
      if (!res.ok) throw new Error(String(res.status));
      const manifest = (await res.json()) as MfManifest;
      this.#versions.set(name, res.headers.get('etag') ?? '');
      return manifest;
    }
    const file = this.#manifestPath(name);
    const s = await stat(file);
    const version = `${s.ino}:${s.mtimeMs}:${s.size}`;
    if (version === known) return null;
    const manifest = JSON.parse(await readFile(file, 'utf8')) as MfManifest;
    this.#versions.set(name, version);
    return manifest;
  }

  lookup: PreloadLookup = (remote, screen) => this.#byRemote.get(remote)?.get(screen) ?? { js: [this.remotes[remote].entry], css: [] };
}
