import path from 'node:path';
import { createConfig } from '../tooling/webpack.mjs';

/** Every screen is its own expose, so a route downloads only its own code. */
export const exposes = {
  './LoginPage': './src/screens/login-page.tsx',
  './RegisterPage': './src/screens/register-page.tsx',
  './ConfirmEmailPage': './src/screens/confirm-email-page.tsx',
  './MisCursosPage': './src/screens/mis-cursos-page.tsx',
};

export default createConfig({ dir: path.dirname(new URL(import.meta.url).pathname), name: 'account', exposes });
