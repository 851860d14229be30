import type { Publishable } from '../publishing/document';
import type { PublishingRefresh } from './publishing/refresh';
// Types only: what an API plugin is given and may rely on. Kept apart from the modules that build these values
// (server-config.ts, identity.ts, api-module.ts), so they can all import the contract without importing each other.
import type { SiteDb } from './database';
import type { SitePersonalData } from './personal-data/registry';
import type { SiteAuditLabels } from './audit-labels';
import type { DomainServices } from './services';
import type { Mailer } from './mailer';
import type { ObjectStore } from './objects/object-store';
import type { PaymentProvider } from './payments/provider';
import type { SubscriptionProvider } from './payments/subscriptions';
import type { RetentionSettings } from './personal-data/retention-settings';
import type { StaffRole } from '../staff-roles';

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
  /** The user's groups when the token was issued (`cognito:groups`); the panel does not rely on them (see StaffDirectory). */
  groups: string[];
  /** Epoch seconds of the sign-in this token comes from (`auth_time`: a refreshed token keeps its sign-in's). */
  authTime: number;
}

export interface TokenVerifier {
  /** The token's user when it is a current ID token of the configured pool and app client, otherwise null. */
  verify(token: string): Promise<VerifiedUser | null>;
}

/** A user of the identity provider as the panel's directory needs to know them, read now (not from a token). */
export interface StaffIdentityAccount {
  /** The pool's user name (the address the account was opened with). */
  username: string;
  sub: string;
  /** The account's current address, which may differ from the one the member was invited with. */
  email: string | null;
  emailVerified: boolean;
  enabled: boolean;
  /** An authenticator app (TOTP) is set up and on, so every sign-in asks for its code. */
  totp: boolean;
  /**
   * When the provider last recorded a change to the account (epoch ms, null if it cannot tell). With `totp` on, a
   * later value than the set-up the directory saw means the factor may have been reset and set up again between two looks,
   * so the directory treats it as a new set-up (sessions end). Cognito cannot tell an enrolment from other changes
   * (UserLastModifiedDate): a new password or a changed attribute counts too, which is on the safe side.
   */
  changedAt: number | null;
}

/**
 * The identity provider's admin side, as far as the panel's team needs it (Cognito, its emulator, or a fake in
 * tests). Membership and roles are not here: they live in the site's database (staff-directory.ts).
 */
export interface StaffAccounts {
  /** The account with this user name, or null. */
  find(username: string): Promise<StaffIdentityAccount | null>;
  /**
   * The account for an invited address whose owner just proved the mailbox (the invitation's one-time link). Only an
   * account whose owner verified that same address is kept (`existed`): its password becomes the one the invited
   * person chose, any second factor is turned off and every session is ended. Accounts that merely claim the address
   * (never verified) are never adopted: they lose it and their sessions (`displaced` counts them), and a new account
   * is created for the invited person.
   */
  claimForInvitation(
    email: string,
    input: { name: string; password: string },
  ): Promise<StaffIdentityAccount & { existed: boolean; displaced: number }>;
  /** Ends every session of the account: refresh tokens stop working. */
  signOutEverywhere(username: string): Promise<void>;
  /**
   * An admin's reset of a member's second factor (a lost phone): the authenticator is turned off and every session
   * ends, so the next sign-in is password only and the panel asks for a new authenticator before anything else.
   */
  resetSecondFactor(username: string): Promise<void>;
}

/** A current member as the staff guard sees them: what the directory and the identity provider say right now. */
export interface StaffStanding {
  /** The address the member was invited with; the token's verified address must be this one. */
  email: string;
  /** The account's address is no longer the invited one, or no longer verified: access is suspended. */
  emailChanged: boolean;
  name: string | null;
  roles: StaffRole[];
  /** The account the invitation was accepted with: the token's `sub` must be this one. */
  sub: string;
  enabled: boolean;
  totp: boolean;
  /** Epoch ms: tokens from a sign-in in this second or before are refused (acceptance, second factor, removal). */
  sessionsSince: number | null;
  /** The member's own choice: an e-mail for each new case of their sections (#28), besides the daily digest. */
  notifyNewCases: boolean;
}

/** A member of the foundation's team, or a pending invitation, as the panel lists them. */
export interface StaffMember {
  email: string;
  name: string | null;
  roles: StaffRole[];
  /** `removed`: taken out of the team (listed only on request, so an admin can invite them again). */
  status: 'invited' | 'active' | 'removed';
  /** For an active member: the identity provider's account is enabled, has a second factor, still has the invited address. */
  enabled: boolean;
  totp: boolean;
  emailChanged: boolean;
  /** ISO 8601. */
  invitedAt: string;
  invitedBy: string | null;
  acceptedAt: string | null;
  /** ISO 8601, for a pending invitation: when its link stops working. */
  invitationExpiresAt: string | null;
  /** The member's own choice: an e-mail for each new PQRSF or data request of their roles (#28). On by default. */
  notifyNewCases: boolean;
}

/** What an invitation link shows before it is accepted. */
export interface StaffInvitationPreview {
  email: string;
  name: string | null;
  roles: StaffRole[];
  invitedBy: string | null;
  expiresAt: string;
  /** The address already has an account on the site (a visitor's, or one someone else opened with it). */
  existingAccount: boolean;
}

/** What an invitation e-mail says: to whom, with which roles, from whom, and its one-time link's token. */
export interface StaffInvitationMessage {
  to: string;
  name: string;
  roles: readonly StaffRole[];
  /** Who invited (name and address); null for the site's own first-start seed and the command line. */
  by: string | null;
  token: string;
  expiresAt: Date;
  existingAccount: boolean;
}

/** Why an invitation link does not work. */
export type StaffInvitationProblem = 'invalid' | 'expired';

/**
 * The foundation's team: who is a member, with which roles, bound to which account. An invitation never adopts an
 * account: the invited person proves the mailbox with a one-time link, and only then is an account bound and a role
 * granted. The staff guard asks `standing` on every call.
 */
export interface StaffDirectory {
  /**
   * The active member bound to this account, or null. When it finds the account's second factor on for the first time
   * it records that moment and ends every session (the member signs in again, with the code).
   */
  standing(user: Pick<VerifiedUser, 'sub' | 'username'>): Promise<StaffStanding | null>;
  /** Members and pending invitations, by address; with `includeRemoved`, former members too (to invite them again). */
  list(options?: { includeRemoved?: boolean }): Promise<StaffMember[]>;
  /**
   * Invites `email` with `roles` (a pending invitation is renewed: its old link stops working). Answers the one-time
   * token for the e-mail (never stored, only its digest) and whether the address already has an account.
   * `'already_member'` when the address is an active member. `rejoined`: the address was a removed member, whose
   * fresh invitation works like a new one (the old account is taken back only through the new link).
   */
  invite(input: {
    email: string;
    name: string;
    roles: StaffRole[];
    /** The inviting admin's address; null for the site's own first-start seed and the command line. */
    invitedBy: string | null;
  }): Promise<{ token: string; expiresAt: Date; existingAccount: boolean; renewed: boolean; rejoined: boolean } | 'already_member'>;
  /** The pending invitation of a link's token. */
  invitation(token: string): Promise<StaffInvitationPreview | StaffInvitationProblem>;
  /** Accepts an invitation: claims the account for the invited address (StaffAccounts) and binds it. Single use. */
  accept(
    token: string,
    input: { name: string; password: string },
  ): Promise<{ email: string; roles: StaffRole[]; sub: string; existingAccount: boolean; displaced: number } | StaffInvitationProblem>;
  /** Changes the roles (and, when given, the name) of a member or invitation; null when there is none for the address. */
  setRoles(email: string, roles: StaffRole[], name?: string): Promise<{ before: StaffRole[]; nameChanged: boolean } | null>;
  /**
   * Resets an active member's second factor (StaffAccounts.resetSecondFactor) and refuses every token from before it
   * (`sessions_since`); the member's next sign-in sets up a new authenticator. Null when there is no such member.
   */
  resetSecondFactor(email: string): Promise<{ email: string; name: string | null; roles: StaffRole[]; hadSecondFactor: boolean } | null>;
  /** Takes a member out (or cancels an invitation) and ends the member's sessions; null when there is none. */
  remove(email: string): Promise<{ status: 'invited' | 'active'; roles: StaffRole[] } | null>;
  /**
   * The active member's own choice of an e-mail for each new case (#28), by their account; the choice before, or null
   * when the account is no active member.
   */
  setNotifyNewCases(sub: string, on: boolean): Promise<{ before: boolean } | null>;
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
  /**
   * The environment this server was configured from: what a domain reads its own settings from (the courses domain's
   * invoicing, FACTUS_* and INVOICE_*), so a test's or a remote service's environment is the one that counts.
   */
  environment?: NodeJS.ProcessEnv;
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
  /** New-case e-mails to the team per kind and hour (CASE_NOTICES_PER_HOUR); unset: NEW_CASE_NOTICES_PER_HOUR. */
  newCaseNoticesPerHour?: number;
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
  /** The provider's subscriptions (monthly giving, #29): same account and API origin as `payments`. */
  subscriptions: SubscriptionProvider;
  /** Checks the identity provider's tokens; the only way a request becomes a signed-in user's. */
  identity: TokenVerifier;
  /** Who is on the foundation's team now, with which roles (the site's database and the identity provider). */
  staff: StaffDirectory;
  /** Where uploaded files are kept (S3, an S3-compatible provider, or the local stand-in; objects/). */
  objects: ObjectStore;
  /**
   * The site's domains as composed by site/server.ts (#27): every domain's personal-data declarations and retention
   * rules (`personalData`), and the services domains offer each other (`services.get(ref)`, services.ts).
   */
  domains: SiteDomains;
  /**
   * Resolves once every domain's migrations ran. In the gateway they run in the background after the plugins are
   * registered, so a plugin that writes at start-up waits for it (unset: the tables already exist).
   */
  migrated?: Promise<void>;
  /**
   * This process's copy of what the staff published (publishing/refresh.ts): a publication refreshes it before
   * answering. Unset in a test of one API alone (its pages read the first-start defaults).
   */
  publishing?: PublishingRefresh;
}

/** The composed site, as `ctx.domains` carries it (composed by site/server.ts with `composeDomains`, domains.ts). */
/**
 * A domain's step before an erasure (`SiteDomains.beforeErasure`): the site's context (its providers), the erasure's
 * transaction and the address.
 */
export type ErasureStep = (ctx: ApiContext, trx: SiteDb, email: string) => Promise<void>;

export interface SiteDomains {
  /** Every domain's personal-data declarations and retention rules, with shared plumbing's tables. */
  personalData: SitePersonalData;
  services: DomainServices;
  /** Every domain's labels of its audit actions and records, for the audit log's readers (audit-labels.ts). */
  audit: SiteAuditLabels;
  /** Every document the staff edit and publish (#28), each declared by its domain. */
  documents: readonly Publishable[];
  /**
   * What domains must undo outside the database before a person's data is erased (a monthly gift the payment provider
   * would keep charging): run in the erasure's transaction, before it; one that fails stops it (nothing erased).
   */
  beforeErasure: readonly ErasureStep[];
}
