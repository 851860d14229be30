// Types only: what an API plugin is given and may rely on. Kept apart from the modules that build these values
// (server-config.ts, identity.ts, api-module.ts), so they can all import the contract without importing each other.
import type { SiteDb } from './database';
import type { Mailer } from './mailer';
import type { PaymentProvider } from './payments/provider';

/** The Cognito user pool the site signs people into (or the local emulator speaking its API). */
export interface IdentityConfig {
  region: string;
  userPoolId: string;
  clientId: string;
  /** Cognito API origin when it is not AWS's regional one (the emulator locally); null means AWS. */
  endpoint: string | null;
  authFlow: 'USER_PASSWORD_AUTH' | 'USER_SRP_AUTH';
  /** `iss` of the pool's tokens and where its signing keys are published. */
  issuer: string;
  jwksUri: string;
  /** Start the local emulator (embedded default: no pool configured, not production). */
  startEmulator: boolean;
  emulatorPort: number;
}

/** Who a verified ID token says the visitor is. */
export interface VerifiedUser {
  sub: string;
  email: string;
  /**
   * Whether the identity provider verified the address with a code or link sent to it. Only then may anything be
   * matched to this user by e-mail alone (an account opened after a payment, or an address changed but not yet
   * confirmed, proves nothing about the mailbox).
   */
  emailVerified: boolean;
  name: string | null;
}

export interface TokenVerifier {
  /** The token's user when it is a current ID token of the configured pool and app client, otherwise null. */
  verify(token: string): Promise<VerifiedUser | null>;
}

/** What the server knows about where and how it runs; every API plugin receives it. */
export interface ServerSettings {
  production: boolean;
  /** Public origin of the site (used in e-mails, back URLs and canonicals), without trailing slash. */
  publicOrigin: string;
  /** Per-route rate limit of public writes, per client and window. */
  writeLimit: { max: number; timeWindow: number };
  /** Secret the payment provider signs notifications with. */
  paymentWebhookSecret: string;
  /** Public key for the provider's browser script. */
  paymentPublicKey: string;
  /** Donation bounds in whole COP (configurable; within the provider's limits). */
  donationBounds: { min: number; max: number };
  /** The user pool (or its local emulator) accounts live in. */
  identity: IdentityConfig;
}

/** Everything an API plugin may use: no globals, so tests and the gateway inject their own. */
export interface ApiContext {
  db: SiteDb;
  mailer: Mailer;
  settings: ServerSettings;
  /** The card payment provider (Mercado Pago, or the local sandbox speaking its API). */
  payments: PaymentProvider;
  /** Checks the identity provider's tokens; the only way a request becomes a signed-in user's. */
  identity: TokenVerifier;
}
