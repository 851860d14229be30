// npm run staff -- invite <correo> --name "<nombre>" --roles admin,finanzas | roles <correo> --roles … | remove <correo> | list
// The team of the panel (/equipo) in the site's database, with the identity provider the server uses: the same
// variables (DATABASE_URL, COGNITO_USER_POOL_ID, COGNITO_REGION, COGNITO_ENDPOINT, SMTP_URL; AWS credentials from the
// usual chain). It is how a foundation's first administrator is invited in production; afterwards the panel's team page
// does the same. An invitation is a one-time link e-mailed to the address: nobody gets access until it is opened.
import { pathToFileURL } from 'node:url';
import type { StaffDirectory } from 'shared/server/api-contract';
import { awsErrorName } from 'shared/server/cognito-admin';
import { openDatabase } from 'shared/server/db';
import { createMailer, type Mailer } from 'shared/server/mailer';
import { migrateApis } from 'shared/server/api-mount';
import { readCommonConfig } from 'shared/server/server-config';
import { cognitoStaffAccounts, STAFF_IAM_ACTIONS } from 'shared/server/staff-accounts';
import { databaseStaffDirectory } from 'shared/server/staff-directory';
import { basicEmailPattern } from 'shared/schemas/zod';
import { allStaffRoles, isStaffRole, staffRoleNames, type StaffRole } from 'shared/staff-roles';
import { invitationMail } from 'remote-account/server';

const usage = [
  'Uso:',
  '  npm run staff -- invite <correo> --name "<nombre>" --roles <roles>   invita a una persona al equipo del panel',
  '  npm run staff -- roles <correo> --roles <roles>                      cambia los roles de una persona del equipo',
  '  npm run staff -- remove <correo>                                     la retira del equipo y cierra sus sesiones',
  '  npm run staff -- list                                                muestra el equipo y las invitaciones pendientes',
  `Roles (separados por comas): ${allStaffRoles.join(', ')}.`,
].join('\n');

/** What the command works on: the team's directory, the mailer of the invitations, and the site's public origin. */
export interface StaffCommandDeps {
  directory: StaffDirectory;
  mailer: Pick<Mailer, 'send' | 'flush'>;
  origin: string;
  close(): Promise<void>;
}

export interface StaffCommandOptions {
  env?: NodeJS.ProcessEnv;
  print?: (line: string) => void;
  printError?: (line: string) => void;
  /** Tests pass their own; otherwise the database and the pool are the environment's. */
  open?: () => Promise<StaffCommandDeps>;
}

/** A problem explained to the person at the terminal; the command ends with exit code 1. */
class StaffCommandError extends Error {}

const bogotaDate = (iso: string | Date | null) =>
  iso ? new Intl.DateTimeFormat('es-CO', { timeZone: 'America/Bogota', dateStyle: 'medium' }).format(new Date(iso)) : '—';

/** The database and pool the server would use, or a Spanish explanation of why they cannot be used from here. */
async function openFromEnv(env: NodeJS.ProcessEnv): Promise<StaffCommandDeps> {
  const origin = `http://${env.HOST || '127.0.0.1'}:${env.PORT || '8080'}`;
  const config = readCommonConfig(env, origin);
  if (config.production && !env.COGNITO_USER_POOL_ID)
    throw new StaffCommandError(
      'No hay un grupo de usuarios configurado: define COGNITO_USER_POOL_ID (y COGNITO_REGION) con el grupo de Cognito del sitio.',
    );
  if (!env.DATABASE_URL) {
    // The embedded database admits one process: the running site's.
    const running = await fetch(`${origin}/healthz`, { signal: AbortSignal.timeout(2000) }).then(
      (r) => r.ok,
      () => false,
    );
    throw new StaffCommandError(
      running
        ? `El sitio local está en marcha con la base de datos embebida, que solo admite un proceso. Invita desde el panel: ${config.publicOrigin}/equipo/miembros (la primera invitación está en ${config.publicOrigin}/dev/mailbox).`
        : 'Define DATABASE_URL con la base de datos del sitio (la misma que usa el servidor). Con la base embebida de npm start, invita desde el panel del sitio.',
    );
  }
  const database = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: 'memory://' });
  await migrateApis(database.db, []);
  const mailer = createMailer({ db: database.db, smtpUrl: config.smtpUrl });
  return {
    directory: databaseStaffDirectory(database.db, cognitoStaffAccounts(config.identity, { env })),
    mailer,
    origin: config.publicOrigin,
    async close() {
      mailer.close();
      await database.close();
    },
  };
}

/** What went wrong with the identity provider, in words a person can act on. */
function explain(err: unknown): string {
  const name = awsErrorName(err);
  const detail = err instanceof Error ? err.message : String(err);
  if (name === 'CredentialsProviderError')
    return 'No encontramos credenciales de AWS. Configúralas como para la AWS CLI (AWS_PROFILE, o AWS_ACCESS_KEY_ID y AWS_SECRET_ACCESS_KEY).';
  if (['UnrecognizedClientException', 'InvalidSignatureException', 'ExpiredTokenException'].includes(name))
    return `AWS no aceptó las credenciales (${name}): revisa que sean válidas y no hayan vencido.`;
  if (name === 'AccessDeniedException' || name === 'NotAuthorizedException')
    return `Las credenciales no tienen permiso sobre el grupo de usuarios. Necesitan: ${STAFF_IAM_ACTIONS.join(', ')}.`;
  if (name === 'ResourceNotFoundException') return 'No existe el grupo de usuarios: revisa COGNITO_USER_POOL_ID y COGNITO_REGION.';
  if (/fetch failed|ECONNREFUSED|ENOTFOUND|ETIMEDOUT|getaddrinfo/i.test(detail)) return `No pudimos conectar (${detail}).`;
  return `Error: ${name || 'Error'}: ${detail}`;
}

/** The value after `--flag`, or undefined. */
const flagValue = (args: string[], flag: string) => {
  const i = args.indexOf(flag);
  return i >= 0 ? args[i + 1] : undefined;
};

/** Runs one command; returns the process exit code (0 done, 1 a problem explained, 2 a wrong command line). */
export async function runStaffCommand(args: string[], options: StaffCommandOptions = {}): Promise<number> {
  const env = options.env ?? process.env;
  const print = options.print ?? ((line: string) => console.log(line));
  const printError = options.printError ?? ((line: string) => console.error(line));
  const [command, ...rest] = args;
  const wrongLine = (message: string) => {
    printError(message);
    printError(usage);
    return 2;
  };
  if (!command || command === 'help' || command === '--help') return wrongLine('Indica qué hacer: invite, roles, remove o list.');
  if (!['invite', 'roles', 'remove', 'list'].includes(command)) return wrongLine(`No conozco la orden "${command}".`);
  const flags = new Set(command === 'invite' ? ['--name', '--roles'] : command === 'roles' ? ['--roles'] : []);
  const positional: string[] = [];
  for (let i = 0; i < rest.length; i++) {
    const arg = rest[i] ?? '';
    if (!arg.startsWith('--')) positional.push(arg);
    else if (!flags.has(arg)) return wrongLine(`No conozco la opción ${arg} para ${command}.`);
    else i++;
  }
  if (command === 'list' ? positional.length > 0 : positional.length !== 1)
    return wrongLine(command === 'list' ? 'list no lleva más datos.' : `Escribe un solo correo después de ${command}.`);
  const email = (positional[0] ?? '').trim().toLowerCase();
  if (command !== 'list' && !basicEmailPattern.test(email))
    return wrongLine(`"${positional[0]}" no es un correo válido (por ejemplo nombre@fundacion.org).`);
  let roles: StaffRole[] = [];
  if (flags.has('--roles')) {
    const given = (flagValue(rest, '--roles') ?? '').split(',').map((r) => r.trim());
    const unknown = given.filter((r) => !isStaffRole(r));
    if (!given.filter(Boolean).length || unknown.length)
      return wrongLine(unknown.filter(Boolean).length ? `No conozco el rol ${unknown.join(', ')}.` : 'Indica los roles con --roles.');
    roles = allStaffRoles.filter((r) => given.includes(r));
  }
  const name = (flagValue(rest, '--name') ?? '').trim();
  if (command === 'invite' && !name) return wrongLine('Indica el nombre de la persona con --name "Nombre Apellido".');

  let deps: StaffCommandDeps | null = null;
  try {
    deps = await (options.open ?? (() => openFromEnv(env)))();
    const { directory } = deps;
    if (command === 'list') {
      const members = await directory.list();
      if (members.length === 0) {
        print(
          'El equipo no tiene a nadie todavía. Invita a la primera persona con: npm run staff -- invite <correo> --name "<nombre>" --roles admin',
        );
        return 0;
      }
      print(`Equipo del panel (${members.length}):`);
      for (const m of members) {
        const state =
          m.status === 'invited'
            ? `invitación pendiente hasta el ${bogotaDate(m.invitationExpiresAt)}`
            : [
                m.totp ? 'verificación en dos pasos: configurada' : 'verificación en dos pasos: pendiente',
                m.enabled ? '' : 'cuenta desactivada',
                m.emailChanged ? 'suspendido: cambió su correo' : '',
              ]
                .filter(Boolean)
                .join(', ');
        print(`- ${m.email}${m.name ? ` (${m.name})` : ''}: ${staffRoleNames(m.roles)}; ${state}`);
      }
      return 0;
    }
    if (command === 'remove') {
      const removed = await directory.remove(email);
      if (!removed)
        throw new StaffCommandError(`${email} no es parte del equipo ni tiene una invitación pendiente: no hay nada que retirar.`);
      print(
        removed.status === 'invited'
          ? `Listo: cancelamos la invitación de ${email}; su enlace ya no sirve.`
          : `Listo: ${email} ya no es parte del equipo. Sus sesiones se cerraron y su cuenta del sitio se conserva.`,
      );
      if (!(await directory.list()).some((m) => m.status === 'active' && m.roles.includes('admin')))
        print('Atención: nadie en el equipo tiene ya el rol de administración. Invita a alguien con --roles admin.');
      return 0;
    }
    if (command === 'roles') {
      const changed = await directory.setRoles(email, roles);
      if (!changed) throw new StaffCommandError(`${email} no es parte del equipo ni tiene una invitación pendiente.`);
      print(`Listo: ${email} pasa de ${staffRoleNames(changed.before)} a ${staffRoleNames(roles)}.`);
      return 0;
    }
    const invited = await directory.invite({ email, name, roles, invitedBy: null });
    if (invited === 'already_member')
      throw new StaffCommandError(
        `${email} ya es parte del equipo. Para cambiar lo que puede hacer: npm run staff -- roles ${email} --roles <roles>`,
      );
    await deps.mailer.send(
      invitationMail(deps.origin, {
        to: email,
        name,
        roles,
        by: null,
        token: invited.token,
        expiresAt: invited.expiresAt,
        existingAccount: invited.existingAccount,
      }),
    );
    await deps.mailer.flush();
    print(
      `Listo: enviamos a ${email} una invitación con el rol de ${staffRoleNames(roles)}${invited.renewed ? ' (la anterior ya no sirve)' : ''}.`,
    );
    print(
      `El enlace sirve una vez, hasta el ${bogotaDate(invited.expiresAt)}: al abrirlo elegirá su contraseña y configurará la verificación en dos pasos.`,
    );
    if (invited.rejoined)
      print(
        'Esta persona había sido retirada del equipo: vuelve solo con este enlace, con una contraseña nueva y configurando otra vez la verificación en dos pasos.',
      );
    else if (invited.existingAccount)
      print(
        'Ese correo ya tenía cuenta en el sitio: al aceptar, elegirá una contraseña nueva para ella y se cerrarán sus sesiones abiertas.',
      );
    return 0;
  } catch (err) {
    printError(err instanceof StaffCommandError ? err.message : explain(err));
    return 1;
  } finally {
    await deps?.close();
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  process.exitCode = await runStaffCommand(process.argv.slice(2));
}
