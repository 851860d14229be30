// npm run staff -- add <correo> [--admin] | remove <correo> | list
// The team of the panel (/equipo) in the user pool the server uses: the same variables (COGNITO_USER_POOL_ID,
// COGNITO_REGION, COGNITO_ENDPOINT; AWS credentials from the usual chain). Without a pool id it works on the local
// identity emulator of a running `npm start`.
import { pathToFileURL } from 'node:url';
import type { StaffDirectory } from 'shared/server/api-contract';
import { awsErrorName } from 'shared/server/cognito-admin';
import { readCommonConfig } from 'shared/server/server-config';
import { cognitoStaffDirectory } from 'shared/server/staff-directory';
import { basicEmailPattern } from 'shared/schemas/zod';
import { STAFF_ADMIN_GROUP, STAFF_GROUP } from 'shared/staff-groups';

/** The IAM actions the server and this script use on the pool (README, "Equipo de la fundación"). */
export const STAFF_IAM_ACTIONS = [
  'cognito-idp:AdminGetUser',
  'cognito-idp:AdminListGroupsForUser',
  'cognito-idp:ListUsersInGroup',
  'cognito-idp:AdminCreateUser',
  'cognito-idp:AdminAddUserToGroup',
  'cognito-idp:AdminRemoveUserFromGroup',
  'cognito-idp:AdminUserGlobalSignOut',
  'cognito-idp:CreateGroup',
];

const usage = [
  'Uso:',
  '  npm run staff -- add <correo> [--admin]   agrega a una persona al equipo del panel (--admin: con permisos de administración)',
  '  npm run staff -- remove <correo>          la retira del equipo y cierra sus sesiones',
  '  npm run staff -- list                     muestra el equipo',
].join('\n');

export interface StaffCommandOptions {
  env?: NodeJS.ProcessEnv;
  print?: (line: string) => void;
  printError?: (line: string) => void;
  /** Tests pass the directory; otherwise it is built from the environment. */
  directory?: StaffDirectory;
}

/** A problem explained to the person at the terminal; the command ends with exit code 1. */
class StaffCommandError extends Error {}

const bogotaDate = (iso: string | null) =>
  iso ? new Intl.DateTimeFormat('es-CO', { timeZone: 'America/Bogota', dateStyle: 'medium' }).format(new Date(iso)) : '—';

/** The pool the server would use, or a Spanish explanation of why there is none. */
async function directoryFromEnv(env: NodeJS.ProcessEnv) {
  const origin = `http://${env.HOST || '127.0.0.1'}:${env.PORT || '8080'}`;
  const config = readCommonConfig(env, origin);
  const { identity } = config;
  let where = `el grupo de usuarios ${identity.userPoolId} (${identity.region})`;
  if (!env.COGNITO_USER_POOL_ID) {
    if (config.production)
      throw new StaffCommandError(
        'No hay un grupo de usuarios configurado: define COGNITO_USER_POOL_ID (y COGNITO_REGION) con el grupo de Cognito del sitio.',
      );
    // The local emulator lives inside a running `npm start`.
    const endpoint = identity.endpoint ?? '';
    const up = await fetch(`${endpoint}/health`, { signal: AbortSignal.timeout(2000) }).then(
      (r) => r.ok,
      () => false,
    );
    if (!up)
      throw new StaffCommandError(
        `No hay un grupo de usuarios configurado (COGNITO_USER_POOL_ID) y el proveedor de identidad local no responde en ${endpoint}. ` +
          'Inicia el sitio con npm start en otra terminal, o define COGNITO_USER_POOL_ID y COGNITO_REGION para usar el grupo real.',
      );
    where = `el proveedor de identidad local (${endpoint})`;
  }
  return { directory: cognitoStaffDirectory(identity, { env }), where, origin: config.publicOrigin, local: !env.COGNITO_USER_POOL_ID };
}

/** What went wrong with the identity provider, in words a person can act on. */
function explain(err: unknown, where: string): string {
  const name = awsErrorName(err);
  const detail = err instanceof Error ? err.message : String(err);
  if (name === 'CredentialsProviderError')
    return 'No encontramos credenciales de AWS. Configúralas como para la AWS CLI (AWS_PROFILE, o AWS_ACCESS_KEY_ID y AWS_SECRET_ACCESS_KEY).';
  if (['UnrecognizedClientException', 'InvalidSignatureException', 'ExpiredTokenException'].includes(name))
    return `AWS no aceptó las credenciales (${name}): revisa que sean válidas y no hayan vencido.`;
  if (name === 'AccessDeniedException' || name === 'NotAuthorizedException')
    return `Las credenciales no tienen permiso sobre ${where}. Necesitan: ${STAFF_IAM_ACTIONS.join(', ')}.`;
  if (name === 'ResourceNotFoundException') return `No existe ${where}: revisa COGNITO_USER_POOL_ID y COGNITO_REGION.`;
  if (/fetch failed|ECONNREFUSED|ENOTFOUND|ETIMEDOUT|getaddrinfo/i.test(detail)) return `No pudimos conectar con ${where} (${detail}).`;
  return `${where} respondió con un error: ${name || 'Error'}: ${detail}`;
}

/** Runs one command; returns the process exit code (0 done, 1 a problem explained, 2 a wrong command line). */
export async function runStaffCommand(args: string[], options: StaffCommandOptions = {}): Promise<number> {
  const env = options.env ?? process.env;
  const print = options.print ?? ((line: string) => console.log(line));
  const printError = options.printError ?? ((line: string) => console.error(line));
  const [command, ...rest] = args;
  const admin = rest.includes('--admin');
  const unknownFlags = rest.filter((a) => a.startsWith('--') && a !== '--admin');
  const positional = rest.filter((a) => !a.startsWith('--'));
  const email = (positional[0] ?? '').trim().toLowerCase();

  const wrongLine = (message: string) => {
    printError(message);
    printError(usage);
    return 2;
  };
  if (!command || command === 'help' || command === '--help') return wrongLine('Indica qué hacer: add, remove o list.');
  if (!['add', 'remove', 'list'].includes(command)) return wrongLine(`No conozco la orden "${command}".`);
  if (unknownFlags.length) return wrongLine(`No conozco la opción ${unknownFlags.join(', ')}.`);
  if (command === 'list' ? positional.length > 0 : positional.length !== 1)
    return wrongLine(command === 'list' ? 'list no lleva más datos.' : `Escribe un solo correo después de ${command}.`);
  if (admin && command !== 'add') return wrongLine('--admin solo sirve con add.');
  if (command !== 'list' && !basicEmailPattern.test(email))
    return wrongLine(`"${positional[0]}" no es un correo válido (por ejemplo nombre@fundacion.org).`);

  let where = 'el proveedor de identidad';
  try {
    const fromEnv = options.directory
      ? { directory: options.directory, where, origin: 'http://127.0.0.1:8080', local: true }
      : await directoryFromEnv(env);
    const { directory, origin, local } = fromEnv;
    where = fromEnv.where;

    if (command === 'list') {
      const members = await directory.list();
      if (members.length === 0) {
        print(`El equipo no tiene a nadie todavía en ${where}. Agrega a la primera persona con: npm run staff -- add <correo> --admin`);
        return 0;
      }
      print(`Equipo del panel en ${where} (${members.length}):`);
      for (const m of members) {
        const role = m.admin ? 'equipo y administración' : 'equipo';
        const second = m.totp ? 'verificación en dos pasos: configurada' : 'verificación en dos pasos: pendiente';
        const state = m.enabled ? '' : ', cuenta desactivada';
        print(`- ${m.email}${m.name ? ` (${m.name})` : ''}: ${role}, ${second}${state}, desde ${bogotaDate(m.createdAt)}`);
      }
      return 0;
    }

    const before = await directory.standing(email);
    const wasMember = before?.groups.includes(STAFF_GROUP) ?? false;

    if (command === 'remove') {
      if (!before) throw new StaffCommandError(`No existe ninguna cuenta con el correo ${email} en ${where}.`);
      if (!wasMember) throw new StaffCommandError(`${email} no es parte del equipo: no hay nada que retirar.`);
      await directory.remove(email);
      print(
        `Listo: ${email} ya no es parte del equipo. Sus sesiones se cerraron y el panel deja de aceptar su acceso en menos de un minuto.`,
      );
      print('Su cuenta del sitio sigue existiendo (cursos, donaciones); solo pierde el acceso al panel.');
      const admins = (await directory.list()).filter((m) => m.admin).length;
      if (admins === 0)
        print(
          'Atención: nadie en el equipo tiene ya permisos de administración. Dáselos a alguien con: npm run staff -- add <correo> --admin',
        );
      return 0;
    }

    const role = admin ? 'parte del equipo, con permisos de administración' : 'parte del equipo';
    const result = await directory.add(email, { admin });
    if (result.created && result.temporaryPassword) {
      print(`Listo: ${email} ahora es ${role}.`);
      print(`Contraseña temporal (se muestra solo esta vez; entrégasela por un medio privado): ${result.temporaryPassword}`);
      print(`Para entrar: ${origin}/equipo, con el correo y esa contraseña; al entrar se le pedirá una contraseña nueva.`);
      print(
        local
          ? 'Después configura la verificación en dos pasos: escanea el código QR con una aplicación autenticadora y escribe su código de 6 dígitos.'
          : 'En esa primera entrada debe configurar la verificación en dos pasos: instalar en su celular una aplicación autenticadora (Google Authenticator, Microsoft Authenticator…), escanear el código QR que muestra el panel y escribir el código de 6 dígitos. Desde entonces el panel se lo pedirá cada vez que entre.',
      );
      return 0;
    }
    if (!wasMember) {
      print(`Listo: ${email} ya tenía cuenta en el sitio y ahora es ${role}; entra en ${origin}/equipo con su contraseña de siempre.`);
      if (!before?.totp)
        print('En su primera entrada al panel deberá configurar la verificación en dos pasos con una aplicación autenticadora.');
      return 0;
    }
    const wasAdmin = before?.groups.includes(STAFF_ADMIN_GROUP) ?? false;
    if (admin === wasAdmin) print(`${email} ya era ${role}: no cambió nada.`);
    else
      print(
        `Listo: ${email} ${admin ? 'ahora también tiene permisos de administración' : 'sigue en el equipo, ya sin permisos de administración'}.`,
      );
    return 0;
  } catch (err) {
    printError(err instanceof StaffCommandError ? err.message : explain(err, where));
    return 1;
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  process.exitCode = await runStaffCommand(process.argv.slice(2));
}
