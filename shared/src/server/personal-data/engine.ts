import type { SiteDb } from '../database';
import { ApiError } from '../http';
import { collectCopy, copyJson } from './copy';
import { copyPdf } from './copy-pdf';
import { erasePass, summarise } from './erase';
import type { IdentityAccount, IdentityAccounts } from './identity-accounts';
import type { PersonalDataRegistry } from './registry';
import { readColumns } from './schema-info';
import { personScope } from './selection';

/**
 * The personal-data engine (Ley 1581 de 2012, arts. 8, 14 y 15): the copy of everything the site holds for an address,
 * and its erasure everywhere — the identity provider's account included — except what the law obliges the foundation
 * to keep. Both read the site's registry (registry.ts; composed from the domains' manifests by site/server.ts), so a
 * table is never covered by one and forgotten by the other.
 * The account API's data requests call it through their port (remote-account/src/data-requests/server/personal-data.ts).
 */

export const personalDataTexts = {
  noAddress: 'Esta solicitud ya no tiene un correo electrónico: no hay datos que buscar con él.',
  identityRead: 'No pudimos consultar la cuenta de la persona en el proveedor de identidad. Intenta de nuevo en unos minutos.',
  identityDelete: 'No pudimos borrar la cuenta de la persona en el proveedor de identidad. Lo intentaremos de nuevo en unos minutos.',
  accountDeleted: 'Cuenta en el sitio — borrada',
} as const;

export interface PersonalDataEngineOptions {
  db: SiteDb;
  /** The identity provider's accounts (Cognito or its emulator; a fake in tests). */
  accounts: IdentityAccounts;
  /** The site's registry (`ctx.domains.personalData.registry`): every domain's declarations. */
  registry: PersonalDataRegistry;
  now?: () => Date;
}

export interface PersonalDataEngine {
  exportFor(email: string): Promise<{ json: string; pdf: Uint8Array; records: number }>;
  /**
   * Erases the address's data from the database with `trx`, the caller's transaction, so the erasure commits together
   * with the caller's own record of it (the request's new state, its audit row) or not at all; counts per kind of record.
   */
  eraseData(trx: SiteDb, email: string): Promise<Record<string, number>>;
  /**
   * Deletes the address's account at the identity provider: true when there was one, false when there is none (so a
   * repeat is harmless). A network call: never inside a transaction (PGlite's one connection would wait on the network,
   * and PostgreSQL would hold the locks). Fails with a Spanish 502.
   */
  removeAccount(email: string): Promise<boolean>;
}

const PLAIN_ADDRESS = /^[^\s@]+@[^\s@]+$/;

/** The address as every table is compared with it; refuses anything that is not one (an empty one would match blanks). */
export function normalisedAddress(email: string): string {
  const address = email.trim().toLowerCase();
  if (!PLAIN_ADDRESS.test(address)) throw new ApiError(409, 'no_address', personalDataTexts.noAddress);
  return address;
}

export function createPersonalDataEngine(options: PersonalDataEngineOptions): PersonalDataEngine {
  const { db, accounts, registry } = options;
  const now = options.now ?? (() => new Date());

  return {
    async exportFor(email) {
      const address = normalisedAddress(email);
      let account: IdentityAccount | null;
      try {
        account = await accounts.find(address);
      } catch {
        throw new ApiError(502, 'identity_unavailable', personalDataTexts.identityRead);
      }
      const copy = await collectCopy(db, registry, await readColumns(db), address, account, now());
      return { json: copyJson(copy), pdf: await copyPdf(copy), records: copy.records };
    },

    async eraseData(trx, email) {
      const address = normalisedAddress(email);
      const tables = await readColumns(trx);
      return summarise(await erasePass(trx, registry, tables, personScope(address, 'erase'), { email: address }));
    },

    async removeAccount(email) {
      const address = normalisedAddress(email);
      try {
        return await accounts.remove(address);
      } catch {
        throw new ApiError(502, 'identity_unavailable', personalDataTexts.identityDelete);
      }
    },
  };
}
