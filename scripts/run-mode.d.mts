// Types of run-mode.mjs for its tests.
export const LOCAL_RUN_VARIABLE: 'LOCAL_RUN';
export function startMode(env: Record<string, string | undefined>): {
  mode: 'local' | 'production' | 'development';
  env: Record<string, string | undefined>;
  banner: string[];
};
