// Types of the parts of webpack.mjs that TypeScript tests use (the configuration itself is read by webpack only).
export interface SharedModuleConfig {
  singleton: boolean;
  strictVersion: boolean;
  requiredVersion: string | false;
  version?: string;
}
export function sharedModules(contractRange?: string | false): Record<string, SharedModuleConfig>;
export function providedVersions(): Record<string, string>;
export function createConfig(options: { dir: string; name: string; exposes?: Record<string, string>; host?: boolean }): unknown;
