import { describe, expect, it } from '@jest/globals';
import { execFileSync } from 'node:child_process';
import path from 'node:path';

// The architecture's boundaries are lint rules (eslint.config.js): a domain never reaches into another domain's code
// (nor its manifest: only the composition root, site/, imports manifests), shared/ imports no app, the shell's browser
// code imports no remote. This lints small files as if they stood at
// those places, with the project's own configuration, in a separate Node (ESLint loads its configuration as ESM).

const root = path.resolve(import.meta.dirname, '../..');

interface Probe {
  filePath: string;
  code: string;
}
interface Verdict {
  filePath: string;
  messages: Array<{ ruleId: string | null; message: string }>;
}

function lint(probes: Probe[]): Verdict[] {
  const script = `
    import { ESLint } from 'eslint';
    const probes = JSON.parse(process.argv[1]);
    const eslint = new ESLint({ cwd: process.cwd() });
    const out = [];
    for (const p of probes) {
      const [result] = await eslint.lintText(p.code, { filePath: p.filePath });
      out.push({ filePath: p.filePath, messages: result.messages.map((m) => ({ ruleId: m.ruleId, message: m.message })) });
    }
    process.stdout.write(JSON.stringify(out));
  `;
  const output = execFileSync(process.execPath, ['--input-type=module', '-e', script, JSON.stringify(probes)], {
    cwd: root,
    encoding: 'utf8',
  });
  return JSON.parse(output) as Verdict[];
}

const importRules = new Set(['no-restricted-imports', '@typescript-eslint/no-restricted-imports']);
const boundaryErrors = (v: Verdict | undefined) => (v?.messages ?? []).filter((m) => m.ruleId !== null && importRules.has(m.ruleId));

describe('lint keeps each domain to its own code', () => {
  const probes: Probe[] = [
    // A domain reading another domain's internals, by package name and by relative path.
    {
      filePath: 'remote-giving/server/probe.ts',
      code: "import { enrolmentsApi } from 'remote-courses/server/enrolments';\nexport const x = enrolmentsApi;\n",
    },
    {
      filePath: 'remote-account/src/screens/probe.tsx',
      code: "import { PqrsfCase } from '../../../remote-community/src/screens/staff/pqrsf-case';\nexport const x = PqrsfCase;\n",
    },
    // shared/ is common ground: it imports no app.
    { filePath: 'shared/src/probe.ts', code: "import { givingApi } from 'remote-giving/server';\nexport const x = givingApi;\n" },
    // The shell's browser code gets remotes at run time only.
    {
      filePath: 'shell/src/probe.ts',
      code: "import { CoursePage } from 'remote-courses/src/screens/course-page';\nexport const x = CoursePage;\n",
    },
    // A remote's server importing its screens, and what it may import of its browser code: the declarations (#27).
    {
      filePath: 'remote-community/server/probe-screen.ts',
      code: "import StaffPqrsfCase from '../src/screens/staff/pqrsf-case';\nexport const x = StaffPqrsfCase;\n",
    },
    {
      filePath: 'remote-community/server/probe-operations.ts',
      code: "import { pqrsfOperations } from '../src/api/pqrsf-operations';\nexport const x = pqrsfOperations;\n",
    },
    // Domain manifests (#27): only the composition root imports them; a domain gets others' services from its context.
    {
      filePath: 'remote-account/server/probe-manifest.ts',
      code: "import { coursesManifest } from 'remote-courses/manifest/server';\nexport const x = coursesManifest;\n",
    },
    {
      filePath: 'remote-account/server/probe-internals.ts',
      code: "import { courseEnrolments } from '../../remote-courses/manifest/course-enrolments';\nexport const x = courseEnrolments;\n",
    },
    {
      filePath: 'remote-account/server/probe-site.ts',
      code: "import { siteDomains } from '../../site/server';\nexport const x = siteDomains;\n",
    },
    {
      filePath: 'site/probe.ts',
      code: "import { coursesManifest } from 'remote-courses/manifest/server';\nexport const x = coursesManifest;\n",
    },
    {
      filePath: 'site/probe-internals.ts',
      code: "import coursesApi from 'remote-courses/server';\nexport const x = coursesApi;\n",
    },
    {
      filePath: 'shell/server/src/probe-manifest.ts',
      code: "import { givingManifest } from 'remote-giving/manifest/server';\nexport const x = givingManifest;\n",
    },
    {
      filePath: 'shared/src/server/probe-site.ts',
      code: "import { siteDomains } from '../../../site/server';\nexport const x = siteDomains;\n",
    },
    {
      filePath: 'remote-giving/manifest/probe.ts',
      code: "import givingApi from '../server/index';\nexport const x = givingApi;\n",
    },
    // Route tables (#27): each app declares its routes in its manifest, site/routes.ts and site/staff-routes.ts compose
    // them, and the shell's browser code takes those tables (and the consent forms' declarations) and nothing else of site/.
    {
      filePath: 'shell/src/probe-site-routes.ts',
      code: "import { routes } from '../../site/routes';\nimport { staffRoutes } from '../../site/staff-routes';\nimport { newsletterConsent } from '../../site/consent-forms';\nimport { shellRoutes } from '../manifest/routes';\nexport const x = [routes, staffRoutes, newsletterConsent, shellRoutes];\n",
    },
    {
      filePath: 'shell/src/probe-site-server.ts',
      code: "import { siteDomains } from '../../site/server';\nexport const x = siteDomains;\n",
    },
    {
      filePath: 'shell/manifest/probe.ts',
      code: "import { HomePage } from '../src/pages/home';\nexport const x = HomePage;\n",
    },
    {
      filePath: 'site/probe-shell.ts',
      code: "import { shellRoutes } from '../shell/manifest/routes';\nexport const x = shellRoutes;\n",
    },
    {
      filePath: 'site/probe-shell-internals.ts',
      code: "import { App } from '../shell/src/app';\nexport const x = App;\n",
    },
    {
      filePath: 'shell/server/src/probe-own-manifest.ts',
      code: "import { shellRoutes } from '../../manifest/routes';\nexport const x = shellRoutes;\n",
    },
    // A remote's standalone app serves its own manifest's routes; another domain's manifest stays out of reach.
    {
      filePath: 'remote-courses/src/probe-own-manifest.tsx',
      code: "import { coursesRoutes } from '../manifest/routes';\nexport const x = coursesRoutes;\n",
    },
    {
      filePath: 'remote-courses/src/probe-other-manifest.tsx',
      code: "import { givingRoutes } from 'remote-giving/manifest/routes';\nexport const x = givingRoutes;\n",
    },
    // Feature folders (#27): a feature's server part imports its feature's data and other server parts, never a screen;
    // browser code never imports a server part.
    {
      filePath: 'remote-courses/src/cohorts/server/probe-ok.ts',
      code: "import { a } from '../operations';\nimport { b } from '../schemas';\nimport { c } from '../../enrolment/server/seats';\nimport { d } from '../../texts';\nimport { e } from '../../../server/tables';\nimport { f } from './reminder';\nexport const x = [a, b, c, d, e, f];\n",
    },
    {
      filePath: 'remote-courses/src/cohorts/server/probe-screen.ts',
      code: "import StaffCohorts from '../staff-cohorts';\nexport const x = StaffCohorts;\n",
    },
    {
      filePath: 'remote-courses/src/cohorts/server/probe-other-screen.ts',
      code: "import CoursePage from '../../catalogue/course-page';\nexport const x = CoursePage;\n",
    },
    {
      filePath: 'remote-courses/src/cohorts/probe-browser.tsx',
      code: "import { cohortsApi } from './server/cohorts';\nexport const x = cohortsApi;\n",
    },
    {
      filePath: 'remote-courses/src/cohorts/probe-browser-shared.tsx',
      code: "import { route } from 'shared/server/operation-routes';\nexport const x = route;\n",
    },
    // What is allowed: a domain using the common kit.
    {
      filePath: 'remote-giving/server/probe-ok.ts',
      code: "import { addBusinessDays } from 'shared/format/business-days';\nexport const x = addBusinessDays;\n",
    },
  ];
  const verdicts = lint(probes);
  const of = (filePath: string) => verdicts.find((v) => v.filePath === filePath);

  it('fails a domain importing another domain’s internals', () => {
    expect(boundaryErrors(of('remote-giving/server/probe.ts')).map((m) => m.message)).toEqual([
      expect.stringContaining('Un remoto no importa otro remoto'),
    ]);
    expect(boundaryErrors(of('remote-account/src/screens/probe.tsx')).map((m) => m.message)).toEqual([
      expect.stringContaining('Un remoto no importa otro remoto'),
    ]);
  });

  it('fails shared/ importing an app, and the shell’s browser code importing a remote', () => {
    expect(boundaryErrors(of('shared/src/probe.ts')).map((m) => m.message)).toEqual([
      expect.stringContaining('shared/ no importa ninguna app'),
    ]);
    expect(boundaryErrors(of('shell/src/probe.ts')).map((m) => m.message)).toEqual([
      expect.stringContaining('El shell carga los remotos en tiempo de ejecución'),
    ]);
  });

  it('lets a remote’s server import its operations’ declarations, and nothing else of its browser code', () => {
    expect(boundaryErrors(of('remote-community/server/probe-screen.ts')).map((m) => m.message)).toEqual([
      expect.stringContaining('solo datos: operations, schemas y texts'),
    ]);
    expect(boundaryErrors(of('remote-community/server/probe-operations.ts'))).toEqual([]);
    expect(boundaryErrors(of('remote-giving/server/probe.ts')).map((m) => m.message)).toEqual([
      expect.stringContaining('Un remoto no importa otro remoto'),
    ]);
  });

  it('fails a domain importing another domain’s manifest or the composition root, and lets the composition root import manifests', () => {
    expect(boundaryErrors(of('remote-account/server/probe-manifest.ts')).map((m) => m.message)).toEqual([
      expect.stringContaining('Un remoto no importa otro remoto'),
    ]);
    expect(boundaryErrors(of('remote-account/server/probe-internals.ts')).map((m) => m.message)).toEqual([
      expect.stringContaining('Un remoto no importa otro remoto'),
    ]);
    expect(boundaryErrors(of('remote-account/server/probe-site.ts')).map((m) => m.message)).toEqual([
      expect.stringContaining('ctx.domains'),
    ]);
    expect(of('site/probe.ts')).toBeDefined();
    expect(boundaryErrors(of('site/probe.ts'))).toEqual([]);
    expect(boundaryErrors(of('site/probe-internals.ts')).map((m) => m.message)).toEqual([expect.stringContaining('solo su manifiesto')]);
    expect(boundaryErrors(of('shell/server/src/probe-manifest.ts')).map((m) => m.message)).toEqual([
      expect.stringContaining('Solo la composición (site/)'),
    ]);
    expect(boundaryErrors(of('shared/src/server/probe-site.ts')).map((m) => m.message)).toEqual([
      expect.stringContaining('shared/ no importa ninguna app'),
    ]);
    expect(boundaryErrors(of('remote-giving/manifest/probe.ts')).map((m) => m.message)).toEqual([
      expect.stringContaining('Un manifiesto es solo datos'),
    ]);
  });

  it('lets the shell’s browser code take the composed route tables only, and each app’s routes stay its manifest’s', () => {
    expect(of('shell/src/probe-site-routes.ts')).toBeDefined();
    expect(boundaryErrors(of('shell/src/probe-site-routes.ts'))).toEqual([]);
    expect(boundaryErrors(of('shell/src/probe-site-server.ts')).map((m) => m.message)).toEqual([
      expect.stringContaining('solo las tablas de rutas'),
    ]);
    expect(boundaryErrors(of('shell/manifest/probe.ts')).map((m) => m.message)).toEqual([
      expect.stringContaining('Un manifiesto es solo datos'),
    ]);
    expect(of('site/probe-shell.ts')).toBeDefined();
    expect(boundaryErrors(of('site/probe-shell.ts'))).toEqual([]);
    expect(boundaryErrors(of('site/probe-shell-internals.ts')).map((m) => m.message)).toEqual([
      expect.stringContaining('solo su manifiesto'),
    ]);
    expect(boundaryErrors(of('shell/server/src/probe-own-manifest.ts')).map((m) => m.message)).toEqual([
      expect.stringContaining('Solo la composición (site/)'),
    ]);
    expect(of('remote-courses/src/probe-own-manifest.tsx')).toBeDefined();
    expect(boundaryErrors(of('remote-courses/src/probe-own-manifest.tsx'))).toEqual([]);
    expect(boundaryErrors(of('remote-courses/src/probe-other-manifest.tsx')).map((m) => m.message)).toEqual([
      expect.stringContaining('Un remoto no importa otro remoto'),
    ]);
  });

  it('keeps a feature folder’s server part off its screens, and browser code off server parts', () => {
    expect(of('remote-courses/src/cohorts/server/probe-ok.ts')).toBeDefined();
    expect(boundaryErrors(of('remote-courses/src/cohorts/server/probe-ok.ts'))).toEqual([]);
    for (const probe of ['probe-screen', 'probe-other-screen']) {
      expect(boundaryErrors(of(`remote-courses/src/cohorts/server/${probe}.ts`)).map((m) => m.message)).toEqual([
        expect.stringContaining('solo datos: operations, schemas y texts'),
      ]);
    }
    for (const probe of ['probe-browser', 'probe-browser-shared']) {
      expect(boundaryErrors(of(`remote-courses/src/cohorts/${probe}.tsx`)).map((m) => m.message)).toEqual([
        expect.stringContaining('no importa partes de servidor'),
      ]);
    }
  });

  it('lets a domain use the common kit', () => {
    expect(of('remote-giving/server/probe-ok.ts')).toBeDefined();
    expect(boundaryErrors(of('remote-giving/server/probe-ok.ts'))).toEqual([]);
  });
});
