import type { ApiContext } from 'shared/server/api-contract';
import type { SiteDb } from 'shared/server/database';
import { ApiError } from 'shared/server/http';
import { createPersonalDataEngine } from 'shared/server/personal-data/engine';
import { cognitoAccounts } from 'shared/server/personal-data/identity-accounts';

/**
 * What the data requests need of the personal-data engine (shared/src/server/personal-data/, issue #15): everything the
 * site holds for an address, as a copy the person can read, and its erasure everywhere (the identity-provider account
 * included) except what the law obliges the foundation to keep. The routes depend on this port, so tests give a fake;
 * the plugin uses the site's engine (`sitePersonalData`) unless told otherwise.
 */
export interface PersonalDataEngine {
  /** The copy for an acceso: JSON text, a readable PDF, and how many records it holds (the team sees only that count). */
  exportFor(email: string): Promise<{ json: string; pdf: Uint8Array; records: number }>;
  /**
   * Erases the address's data in the database within `trx`, the caller's transaction (the erasure, the request's new
   * state and its audit row commit together or not at all); answers counts per kind of record (no personal data).
   */
  eraseData(trx: SiteDb, email: string): Promise<Record<string, number>>;
  /** Deletes the address's account at the identity provider (true if there was one); idempotent, never in a transaction. */
  removeAccount(email: string): Promise<boolean>;
}

export const personalDataTexts = {
  unavailable: 'La copia y la supresión de datos aún no están disponibles en este servidor. Intenta más tarde o avisa al administrador.',
} as const;

/** A server without the engine (tests of the routes alone): the actions answer 503 in Spanish rather than pretend. */
export const unavailablePersonalData = (): PersonalDataEngine => ({
  async exportFor() {
    throw new ApiError(503, 'personal_data_unavailable', personalDataTexts.unavailable);
  },
  async eraseData() {
    throw new ApiError(503, 'personal_data_unavailable', personalDataTexts.unavailable);
  },
  async removeAccount() {
    throw new ApiError(503, 'personal_data_unavailable', personalDataTexts.unavailable);
  },
});

export type PersonalDataFactory = (ctx: ApiContext) => PersonalDataEngine;

/** The site's engine (shared/src/server/personal-data/): every domain's tables (`ctx.domains`), and the configured pool. */
export const sitePersonalData: PersonalDataFactory = (ctx) =>
  createPersonalDataEngine({ db: ctx.db, accounts: cognitoAccounts(ctx.settings.identity), registry: ctx.domains.personalData.registry });
