// Types of contract.mjs for the TypeScript code and tests that use it.
export interface ContractCheck {
  app: string;
  range: string;
  version: string;
  ok: boolean;
}
export function contractVersion(rootDir?: string): string;
export function declaredRange(appDir: string): string;
export function checkContract(appDir: string, rootDir?: string): ContractCheck;
export function assertContract(appDir: string, rootDir?: string): ContractCheck;
