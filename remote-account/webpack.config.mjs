import path from 'node:path';
import { createConfig } from '../tooling/webpack.mjs';

/**
 * Every screen is its own expose, so a route downloads only its own code. `./session` is not a screen: the shell
 * loads it when a signed-in user is remembered, to check the session and provide ID tokens to other apps.
 */
export const exposes = {
  './LoginPage': './src/screens/login-page.tsx',
  './RegisterPage': './src/screens/register-page.tsx',
  './ConfirmEmailPage': './src/screens/confirm-email-page.tsx',
  './MisCursosPage': './src/screens/mis-cursos-page.tsx',
  './DataRightsPage': './src/screens/data-rights-page.tsx',
  // The panel (/equipo): its door (sign-in, authenticator, the staff session) and the admins' screens.
  './StaffGate': './src/screens/staff/staff-gate.tsx',
  './StaffMembers': './src/screens/staff/staff-members.tsx',
  './StaffAudit': './src/screens/staff/staff-audit.tsx',
  './StaffDataRequests': './src/screens/staff/data-requests-inbox.tsx',
  './StaffDataRequest': './src/screens/staff/data-request-case.tsx',
  './session': './src/session/expose.ts',
};

export default createConfig({ dir: path.dirname(new URL(import.meta.url).pathname), name: 'account', exposes });
