// Which React `npm start` serves, decided before the server loads it. React picks its production or development build
// by NODE_ENV when it is first loaded on the server; in the browser the build's mode decides (scripts/build.mjs always
// builds for production, so `npm start` never serves a development browser build; `npm run dev` does).
// Used by start.mjs; tested in shell/server/src/run-mode.test.ts.

/** Set here alone: the server's configuration reads it (shared/src/server/server-config.ts, readRunMode). */
export const LOCAL_RUN_VARIABLE = 'LOCAL_RUN';

/**
 * The environment `npm start` gives the server, and the lines it prints about it.
 * - NODE_ENV unset or empty (the usual local start): NODE_ENV=production, so React renders with its production build,
 *   and LOCAL_RUN=1, so the site itself stays local (stand-ins, no production requirements).
 * - NODE_ENV=production: production exactly, as a deployment runs; a LOCAL_RUN from outside is dropped.
 * - any other NODE_ENV (`NODE_ENV=development npm start`): kept, so the server renders with React's development build
 *   (its warnings, hydration details); a LOCAL_RUN from outside is dropped.
 * @param {Record<string, string | undefined>} env
 * @returns {{ mode: 'local' | 'production' | 'development', env: Record<string, string | undefined>, banner: string[] }}
 */
export function startMode(env) {
  const { [LOCAL_RUN_VARIABLE]: _ignored, ...rest } = env;
  const nodeEnv = env.NODE_ENV ?? '';
  if (nodeEnv === '')
    return {
      mode: 'local',
      env: { ...rest, NODE_ENV: 'production', [LOCAL_RUN_VARIABLE]: '1' },
      banner: [
        'React: compilación de producción en el servidor y en el navegador (NODE_ENV=production).',
        `Sitio local, no de producción (${LOCAL_RUN_VARIABLE}=1): servicios locales de prueba y sin las exigencias de producción.`,
        'Para la compilación de desarrollo de React: npm run dev.',
      ],
    };
  if (nodeEnv === 'production')
    return {
      mode: 'production',
      env: rest,
      banner: [
        'React: compilación de producción en el servidor y en el navegador (NODE_ENV=production).',
        'Sitio en producción: exige credenciales reales, servidor de correo y los datos de la fundación.',
      ],
    };
  return {
    mode: 'development',
    env: rest,
    banner: [
      `React: compilación de desarrollo en el servidor (NODE_ENV=${nodeEnv}) y de producción en el navegador.`,
      'Sitio local, no de producción. Sin NODE_ENV, npm start usa la compilación de producción de React también en el servidor.',
    ],
  };
}
