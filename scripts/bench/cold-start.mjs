// Measurement 1, cold start: from spawning npm start's script to /healthz answering 200, a build included when any
// app's dist is missing or stale. The site it started stays up for the measurements that follow.
import { startSite } from './site.mjs';

/**
 * @typedef {{ seconds: number, built: boolean, buildLine: string | null, port: number, healthzDatabase: string }} ColdStart
 */

/**
 * @param {Record<string, string>} env from `siteEnv`
 * @returns {Promise<{ site: import('./site.mjs').Site, coldStart: ColdStart }>}
 */
export async function measureColdStart(env) {
  const start = await startSite(env);
  console.log(
    `\ncold start to healthy: ${start.seconds.toFixed(1)} s (${start.built ? `a build ran: "${start.buildLine?.trim()}"` : 'no build: every dist was up to date'}; /healthz reports database ${start.database})`,
  );
  return {
    site: start.site,
    coldStart: {
      seconds: start.seconds,
      built: start.built,
      buildLine: start.buildLine,
      port: Number(env.PORT),
      healthzDatabase: start.database,
    },
  };
}
