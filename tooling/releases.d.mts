// Types of releases.mjs for the TypeScript code and tests that use it.
export interface Retention {
  keep: number;
  keepDays: number;
}
export interface ReleaseRecord {
  id: string;
  app?: string;
  inputsHash?: string;
  createdAt?: string;
  activatedAt?: string;
  own: string[];
}
export interface Activation {
  id: string;
  carried: number;
  kept: string[];
  removed: string[];
}
export interface ReleaseStore {
  store: string;
  pointer: string;
  current(): string | null;
  list(): ReleaseRecord[];
  create(label?: string): { id: string; dir: string };
  activate(id: string, options?: { retention?: Retention; meta?: Record<string, unknown> }): Activation;
  rollback(toId?: string): Activation;
  install(fromDir: string, retention?: Retention): { id: string; installed: boolean };
  switchPointer(id: string): void;
  lock(what?: string): Promise<() => void>;
}
/** The folder of a build that is served to visitors (`<release>/public`); the rest of a release is not. */
export const PUBLIC_DIR: 'public';
/** What sits beside PUBLIC_DIR in a release: the server build and the release's records. */
export const PRIVATE_ENTRIES: readonly string[];
export function isHashedFile(file: string): boolean;
export function retentionFromEnv(env?: NodeJS.ProcessEnv): Retention;
export function releaseStore(where: { store: string; pointer: string }): ReleaseStore;
export function appReleaseStore(root: string, app: string): ReleaseStore;
export function walk(dir: string, prefix?: string): string[];
export function acquireLock(
  lockDir: string,
  what?: string,
  options?: { waitMs?: number; log?: (line: string) => void },
): Promise<() => void>;
