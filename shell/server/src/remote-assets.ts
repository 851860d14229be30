import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { RemoteName } from 'shared/routes';
import type { RemoteDeployment } from './config';
import type { PreloadLookup, ScreenAssets } from './html';

interface MfManifest {
  exposes?: Array<{ name: string; assets?: { js?: { sync?: string[] }; css?: { sync?: string[] } } }>;
}

/**
 * Knows, per remote screen, which files the browser will fetch first, so the served HTML can preload them.
 * Reads each remote's mf-manifest.json (from disk, or over HTTP when the remote is proxied) and refreshes it.
 */
export class RemoteAssetIndex {
  #byRemote = new Map<RemoteName, Map<string, ScreenAssets>>();
  constructor(
    private readonly rootDir: string,
    private readonly remotes: Record<RemoteName, RemoteDeployment>,
  ) {}

  async refresh(): Promise<void> {
    await Promise.all(
      (Object.keys(this.remotes) as RemoteName[]).map(async (name) => {
        try {
          const manifest = await this.#read(name);
          const base = this.remotes[name].entry.replace(/[^/]*$/, '');
          const screens = new Map<string, ScreenAssets>();
          for (const expose of manifest.exposes ?? []) {
            screens.set(expose.name, {
              js: [this.remotes[name].entry, ...(expose.assets?.js?.sync ?? []).map((f) => base + f)],
              css: (expose.assets?.css?.sync ?? []).map((f) => base + f),
            });
          }
          this.#byRemote.set(name, screens);
        } catch {
          this.#byRemote.delete(name); // no manifest yet: the entry alone is still hinted
        }
      }),
    );
  }

  async #read(name: RemoteName): Promise<MfManifest> {
    const deployment = this.remotes[name];
    if (deployment.staticUrl) {
      const res = await fetch(`${deployment.staticUrl}/remotes/${name}/mf-manifest.json`, { signal: AbortSignal.timeout(2000) });
      if (!res.ok) throw new Error(String(res.status));
      return (await res.json()) as MfManifest;
    }
    return JSON.parse(await readFile(path.join(this.rootDir, `remote-${name}`, 'dist', 'mf-manifest.json'), 'utf8')) as MfManifest;
  }

  lookup: PreloadLookup = (remote, screen) => this.#byRemote.get(remote)?.get(screen) ?? { js: [this.remotes[remote].entry], css: [] };
}
