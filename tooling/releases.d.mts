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
