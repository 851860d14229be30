import { describe, expect, it } from '@jest/globals';
import { readCommonConfig } from 'shared/server/server-config';
import { startMode } from '../../../scripts/run-mode.mjs';

// What `npm start` tells the server and the operator (scripts/start.mjs prints the banner before the server starts).
describe('npm start: React production builds unless NODE_ENV says otherwise', () => {
  const origin = 'http://127.0.0.1:8080';

  it('without NODE_ENV renders with React production builds on a local site, and says so', () => {
    const run = startMode({ PORT: '8080' });
    expect(run.mode).toBe('local');
    expect(run.env).toEqual({ PORT: '8080', NODE_ENV: 'production', LOCAL_RUN: '1' });
    expect(run.banner.join('\n')).toMatch(/^React: compilación de producción en el servidor y en el navegador/);
    expect(run.banner.join('\n')).toMatch(/Sitio local, no de producción \(LOCAL_RUN=1\)/);
    expect(run.banner.join('\n')).toMatch(/npm run dev/);
    // The server it starts is the local site: stand-ins, no production requirements.
    const config = readCommonConfig(run.env, origin);
    expect(config.production).toBe(false);
    expect(config.payments.startSandbox).toBe(true);
    // An empty NODE_ENV (NODE_ENV= in a shell) is unset.
    expect(startMode({ NODE_ENV: '' }).mode).toBe('local');
  });

  it('with NODE_ENV=production is production exactly: a LOCAL_RUN from outside is dropped', () => {
    const run = startMode({ NODE_ENV: 'production', LOCAL_RUN: '1', PORT: '8080' });
    expect(run.mode).toBe('production');
    expect(run.env).toEqual({ NODE_ENV: 'production', PORT: '8080' });
    expect(run.banner.join('\n')).toMatch(/Sitio en producción: exige credenciales reales/);
    expect(readCommonConfig(run.env, origin).production).toBe(true);
  });

  it('with another NODE_ENV keeps it, so the server renders with React development builds, and says so', () => {
    const run = startMode({ NODE_ENV: 'development', LOCAL_RUN: '1' });
    expect(run.mode).toBe('development');
    expect(run.env).toEqual({ NODE_ENV: 'development' });
    expect(run.banner[0]).toBe('React: compilación de desarrollo en el servidor (NODE_ENV=development) y de producción en el navegador.');
    expect(readCommonConfig(run.env, origin).production).toBe(false);
  });
});
