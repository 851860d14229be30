// Types only: what an API plugin is given and may rely on. Kept apart from the modules that build these values
// (server-config.ts, identity.ts, api-module.ts), so they can all import the contract without importing each other.
import type { SiteDb } from './database';
import type { Mailer } from './mailer';
import type { PaymentProvider } from './payments/provider';
import type { RetentionSettings } from './personal-data/retention-settings';

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
  /** The pool's user name (`cognito:username`): what the admin API calls the user. Falls back to `sub`. */
  username: string;
  /** The user's groups when the token was issued (`cognito:groups`); staff checks confirm them with the directory. */
  groups: string[];
}

export interface TokenVerifier {
  /** The token's user when it is a current ID token of the configured pool and app client, otherwise null. */
  verify(token: string): Promise<VerifiedUser | null>;
}

/** What the identity provider says of a user right now: the token's groups may be up to an hour old. */
export interface StaffStanding {
  enabled: boolean;
  groups: string[];
  /** An authenticator app (TOTP) is set up and preferred, so every sign-in asks for its code. */
  totp: boolean;
}

/** A member of the foundation's team as the panel lists them. */
export interface StaffMember {
  username: string;
  email: string;
  name: string | null;
  admin: boolean;
  enabled: boolean;
  totp: boolean;
  /** ISO 8601, when the identity provider says the account was created. */
  createdAt: string | null;
}

/** The identity provider's admin side for the foundation's team (Cognito groups `equipo` and `equipo-admin`). */
export interface StaffDirectory {
  /** The user's current standing by user name, or null when the pool has no such user. */
  standing(username: string): Promise<StaffStanding | null>;
  /** Every member of `equipo` (admins are members too). */
  list(): Promise<StaffMember[]>;
  /**
   * Makes `email` a member (an admin with `admin`), creating the user when the pool has none; a new user gets a
   * temporary password that must be changed at the first sign-in, returned here so the caller can deliver it.
   */
  add(email: string, options: { admin: boolean; name?: string }): Promise<{ created: boolean; temporaryPassword: string | null }>;
  /** Takes `email` out of both groups and signs it out everywhere; the account itself stays (it may be a visitor's). */
  remove(email: string): Promise<boolean>;
}

/** How many course seats one buyer may hold at once without paying (open checkouts and pending payments). */
export interface SeatHoldLimits {
  /** Per e-mail address (any case), across every cohort. */
  perEmail: number;
  /** Per client network (an IPv4 address, an IPv6 /64), loopback included. */
  perClient: number;
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
  /** COURSES_SEAT_HOLDS_PER_EMAIL / _PER_CLIENT; unset: the courses API's defaults (3 and 5). */
  seatHolds?: Partial<SeatHoldLimits>;
  /** Donation bounds in whole COP (configurable; within the provider's limits). */
  donationBounds: { min: number; max: number };
  /**
   * Payments not final this long after their checkout are re-read from the provider, every `everyMinutes` (notifications
   * get lost); defaults in payments/reconcile.ts.
   */
  paymentReconciliation?: { afterMinutes: number; everyMinutes: number };
  /** The user pool (or its local emulator) accounts live in. */
  identity: IdentityConfig;
  /** How long each kind of record keeps its personal data (personal-data/retention-settings.ts); unset: the defaults. */
  retention?: RetentionSettings;
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
  /** Who is on the foundation's team now (group membership and second factor, asked of the identity provider). */
  staff: StaffDirectory;
  /**
   * Resolves once every domain's migrations ran. In the gateway they run in the background after the plugins are
   * registered, so a plugin that writes at start-up waits for it (unset: the tables already exist).
   */
  migrated?: Promise<void>;
}
