// The first member of the team on a local site (#13): `npm start` (scripts/serve.ts) calls this once the identity
// emulator and the mailer are up. When the team is empty it makes FIRST_STAFF_EMAIL an admin of the panel and puts
// the address and its temporary password in the local mailbox, as every other local message. The emulator keeps its
// users under the data directory, so later starts find the team and seed nothing.
import type { StaffDirectory } from 'shared/server/api-contract';
import { renderMail, SECRET } from 'shared/server/mail-template';
import type { Mailer, OutgoingMail } from 'shared/server/mailer';

/**
 * The seeded member's address: `.localhost` is reserved (RFC 6761), so nothing is ever delivered to it even when a
 * local site has SMTP configured, and it passes the site's e-mail check (a dot and a top-level domain).
 */
export const FIRST_STAFF_EMAIL = 'equipo@fundacion.localhost';

export type FirstStaffOutcome =
  { seeded: false; members: number } | { seeded: true; email: string; temporaryPassword: string | null; mailed: boolean };

/** The e-mail that carries the seeded member's credentials to the local mailbox. */
export function firstStaffMail(email: string, temporaryPassword: string, origin: string): OutgoingMail {
  return renderMail({
    to: email,
    subject: 'Tu acceso al panel del equipo (sitio local)',
    greeting: 'Hola:',
    paragraphs: [
      'El sitio local creó la primera cuenta del equipo de la fundación, con permisos de administrador del panel.',
      'Entra con este correo y la contraseña temporal. Al entrar te pediremos una contraseña nueva y configurar la verificación en dos pasos: escanea el código QR con una aplicación autenticadora en tu celular (por ejemplo Google Authenticator o Microsoft Authenticator) y escribe el código de 6 dígitos que muestra. Desde entonces el panel te pedirá ese código cada vez que entres.',
      'Desde el panel (Miembros) puedes invitar a más personas del equipo; también con npm run staff -- add <correo>.',
    ],
    details: [
      ['Correo', email],
      ['Contraseña temporal', temporaryPassword, SECRET],
    ],
    action: { label: 'Entrar al panel', url: `${origin}/equipo`, public: true },
  });
}

/** Seeds the team's first admin when the team is empty; the credentials go to the mailer (the local mailbox). */
export async function seedFirstStaffMember(options: {
  directory: StaffDirectory;
  mailer: Pick<Mailer, 'send' | 'local'>;
  origin: string;
  email?: string;
}): Promise<FirstStaffOutcome> {
  const members = await options.directory.list();
  if (members.length > 0) return { seeded: false, members: members.length };
  const email = options.email ?? FIRST_STAFF_EMAIL;
  // An account that already exists (the seeded member, removed by hand from an emptied team) keeps its password.
  const { temporaryPassword } = await options.directory.add(email, { admin: true, name: 'Equipo de la fundación' });
  // Only a local mailbox: with SMTP configured the message would only fail (the address is never deliverable).
  const mailed = temporaryPassword !== null && options.mailer.local;
  if (mailed) await options.mailer.send(firstStaffMail(email, temporaryPassword, options.origin));
  return { seeded: true, email, temporaryPassword, mailed };
}

/** What `npm start` prints about the panel, in Spanish. */
export function firstStaffConsoleLines(outcome: FirstStaffOutcome, origin: string): string[] {
  const panel = `Panel del equipo: ${origin}/equipo`;
  if (!outcome.seeded) return [`${panel} (${outcome.members} en el equipo; npm run staff -- list)`];
  if (outcome.mailed)
    return [`${panel} — credenciales en ${origin}/dev/mailbox (primera cuenta: ${outcome.email}, con permisos de administración)`];
  if (outcome.temporaryPassword)
    // No local mailbox (SMTP configured): the console is the only place left to show them.
    return [`${panel} — primera cuenta: ${outcome.email}, contraseña temporal: ${outcome.temporaryPassword}`];
  return [`${panel} — ${outcome.email} vuelve al equipo con permisos de administración y la contraseña que ya tenía`];
}
