import path from 'node:path';
import { createConfig } from '../tooling/webpack.mjs';

/**
 * Every screen is its own expose, so a route downloads only its own code. `./session` is not a screen: the shell
 * loads it when a signed-in user is remembered, to check the session and provide ID tokens to other apps.
 */
export const exposes = {
  './LoginPage': './src/session/login-page.tsx',
  './RegisterPage': './src/registration/register-page.tsx',
  './ConfirmEmailPage': './src/registration/confirm-email-page.tsx',
  './MisCursosPage': './src/mis-cursos/mis-cursos-page.tsx',
  './MyCoursePage': './src/mis-cursos/course-page.tsx',
  './DataRightsPage': './src/data-requests/data-rights-page.tsx',
  // The panel (/equipo): its door (sign-in, authenticator, the staff session) and the admins' screens.
  './StaffGate': './src/staff/staff-gate.tsx',
  './StaffMembers': './src/staff/staff-members.tsx',
  './StaffAudit': './src/staff/staff-audit.tsx',
  './StaffDataRequests': './src/data-requests/data-requests-inbox.tsx',
  './StaffDataRequest': './src/data-requests/data-request-case.tsx',
  './session': './src/session/expose.ts',
};

export default createConfig({ dir: path.dirname(new URL(import.meta.url).pathname), name: 'account', exposes });
