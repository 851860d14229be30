// The first member of the team on a local site (#13, #26): `npm start` (scripts/serve.ts) calls this once the identity
// emulator, the mailer and the database are up. When the team is empty it invites FIRST_STAFF_EMAIL with every role,
// the same way an admin invites anyone: a one-time link in the local mailbox, which binds the account only when opened.
// The invitation lives in the site's database, so later starts find it (pending or accepted) and seed nothing.
import type { StaffDirectory, StaffInvitationMessage } from 'shared/server/api-contract';
import type { Mailer, OutgoingMail } from 'shared/server/mailer';
import { allStaffRoles } from 'shared/staff-roles';

/**
 * The seeded member's address: `.localhost` is reserved (RFC 6761), so nothing is ever delivered to it even when a
 * local site has SMTP configured, and it passes the site's e-mail check (a dot and a top-level domain).
 */
export const FIRST_STAFF_EMAIL = 'equipo@fundacion.localhost';
export const FIRST_STAFF_NAME = 'Equipo de la fundación';

export type FirstStaffOutcome = { seeded: false; members: number } | { seeded: true; email: string; mailed: boolean; link: string | null };

/** Invites the team's first member, with every role, when the team is empty; the link goes to the local mailbox. */
export async function seedFirstStaffMember(options: {
  directory: StaffDirectory;
  mailer: Pick<Mailer, 'send' | 'local'>;
  origin: string;
  invitationMail: (origin: string, invitation: StaffInvitationMessage) => OutgoingMail;
  email?: string;
}): Promise<FirstStaffOutcome> {
  const members = await options.directory.list();
  if (members.length > 0) return { seeded: false, members: members.length };
  const email = options.email ?? FIRST_STAFF_EMAIL;
  const invited = await options.directory.invite({ email, name: FIRST_STAFF_NAME, roles: allStaffRoles, invitedBy: null });
  if (invited === 'already_member') return { seeded: false, members: 1 };
  const mail = options.invitationMail(options.origin, {
    to: email,
    name: FIRST_STAFF_NAME,
    roles: allStaffRoles,
    by: null,
    token: invited.token,
    expiresAt: invited.expiresAt,
    existingAccount: invited.existingAccount,
  });
  // Only a local mailbox: with SMTP configured the message would only fail (the address is never deliverable), so the
  // console shows the link instead.
  if (options.mailer.local) await options.mailer.send(mail);
  return {
    seeded: true,
    email,
    mailed: options.mailer.local,
    link: options.mailer.local ? null : `${options.origin}/equipo/invitacion#${invited.token}`,
  };
}

/** What `npm start` prints about the panel, in Spanish. */
export function firstStaffConsoleLines(outcome: FirstStaffOutcome, origin: string): string[] {
  const panel = `Panel del equipo: ${origin}/equipo`;
  if (!outcome.seeded) return [`${panel} (${outcome.members} en el equipo o invitados)`];
  if (outcome.mailed)
    return [`${panel} — invitación para ${outcome.email} (todos los roles) en ${origin}/dev/mailbox: ábrela para elegir la contraseña`];
  // No local mailbox (SMTP configured): the console is the only place left to show it.
  return [`${panel} — invitación para ${outcome.email} (todos los roles): ${outcome.link ?? ''}`];
}
