import js from '@eslint/js';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const remotes = ['remote-courses', 'remote-giving', 'remote-community', 'remote-account'];

/** Import patterns a package may not use: the architecture's boundaries, as lint errors. */
const restricted = (regex, message) => ({
  'no-restricted-imports': ['error', { patterns: [{ regex, message }] }],
});
const anyRemote = '(^|/)remote-(courses|giving|community|account)(/|$)';
/** The composition root (#27), a top-level folder that is no package: reached by a relative path only. */
const siteRoot = '^(\\.\\./)+site(/|$)';
const siteMessage = 'Un dominio recibe la composición del sitio por ctx.domains: solo su server/server.ts (y el gateway) importan site/.';
const otherRemotes = (name) => `(^|/)(${remotes.filter((r) => r !== name).join('|')}|shell)(/|$)|^react-router(-dom)?(/|$)`;
const remoteMessage = 'Un remoto no importa otro remoto, el shell ni un router: lo común va por shared/.';
/**
 * Imports by which server code would reach browser code other than data (a feature's `operations`, `schemas`, `texts`).
 * The service entry `remote-<name>/server/` reaches `src/` by name; a feature's flat `src/<feature>/server/` leaves by
 * `../` (its feature folder) or `../../` (src/: another feature's server part or data, or the remote's own texts).
 */
const data = '([a-z0-9-]+-)?(operations|schemas|texts)$';
const rootServerReachesBrowser = `(^|/)src/(?!([a-z0-9-]+/)*server/)(?!([a-z0-9-]+/)*${data})`;
const featureServerReachesBrowser = `^\\.\\./(?=[a-z])(?!${data})|^\\.\\./\\.\\./(?=[a-z])(?![a-z0-9-]+/server/)(?!([a-z0-9-]+/)?${data})`;
const serverMessage =
  'El servidor importa del navegador solo datos: operations, schemas y texts de una carpeta de función (src/<función>/).';
const browserReachesServer = '^\\.{1,2}/(\\.\\./)*([a-z0-9-]+/)*server(/|$)|^shared/server(/|$)';
const browserMessage = 'El código del navegador no importa partes de servidor (server/ ni shared/server).';

/** `no-restricted-syntax` selectors of the rule "the API is called only from src/api/" (#12). */
const apiRule = {
  path: [
    {
      selector: 'Literal[value=/^\\/api\\//]',
      message: 'Las rutas /api/ viven solo en las declaraciones (src/<función>/operations.ts): usa la operación declarada.',
    },
    {
      selector: 'TemplateLiteral > TemplateElement:first-child[value.raw=/^\\/api\\//]',
      message: 'Las rutas /api/ viven solo en las declaraciones (src/<función>/operations.ts): usa la operación declarada.',
    },
  ],
  fetch: [
    {
      selector: "CallExpression[callee.name='fetch']",
      message: 'La API se llama con una operación declarada (src/<función>/operations.ts), no con fetch.',
    },
  ],
  client: [
    {
      selector:
        "ImportDeclaration[importKind='value'][source.value=/(^|\\/)api\\/(client|context)$/] > ImportSpecifier[importKind='value']",
      message:
        'El ApiClient se usa solo en las declaraciones y sus hooks (y lo crean los bootstrap): la pantalla usa el hook de la operación.',
    },
  ],
};

/**
 * Browser code (remotes' and shell's src/, shared/ but its server half) reaches the API only through src/api/. The
 * bootstraps create the client they provide; the remote loader and the runtime settings fetch static documents.
 */
function apiOnlyInSrcApi() {
  const browser = ['remote-*/src/**/*.{ts,tsx}', 'shell/src/**/*.{ts,tsx}', 'shared/src/**/*.{ts,tsx}'];
  const bootstraps = ['remote-*/src/bootstrap.tsx', 'shell/src/bootstrap.tsx', 'shared/src/ui/standalone-app.tsx'];
  const staticDocuments = ['shell/src/routing/remote-loader.ts', 'shared/src/config/runtime.ts'];
  const rule = (...groups) => ({ 'no-restricted-syntax': ['error', ...groups.flat()] });
  const ignores = ['**/src/api/**', '**/src/**/*operations.ts', '**/*.test.{ts,tsx}', 'shared/src/server/**'];
  return [
    { files: browser, ignores: [...ignores, ...bootstraps, ...staticDocuments], rules: rule(apiRule.path, apiRule.fetch, apiRule.client) },
    { files: bootstraps, rules: rule(apiRule.path, apiRule.fetch) },
    { files: staticDocuments, rules: rule(apiRule.path, apiRule.client) },
  ];
}

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', '.data/**', 'bench/results/**', 'e2e/artifacts/**', 'coverage/**'] },
  js.configs.recommended,
  ...tseslint.configs.strict,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node }, ecmaVersion: 2023, sourceType: 'module' },
    plugins: { 'import-x': importX, 'react-hooks': reactHooks },
    settings: { 'import-x/resolver': { node: { extensions: ['.ts', '.tsx', '.js', '.mjs'] } } },
    rules: {
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-non-null-assertion': 'off',
      // Slices declare themselves to the store contract with `interface LazyLoadedSlices extends WithSlice<…> {}`.
      '@typescript-eslint/no-empty-object-type': ['error', { allowInterfaces: 'with-single-extends' }],
      'import-x/no-cycle': ['error', { maxDepth: 10, ignoreExternal: true }],
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
      // One zod API everywhere, the tree-shakeable one (#18): classic zod cost a form page ~24 KB brotli. (The typescript-eslint
      // rule, so it adds to the per-folder `no-restricted-imports` below instead of being replaced by them.)
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^zod(/v4|/v3|/v4/classic)?$',
              message: 'Importa z de shared/schemas/zod (zod/mini): el zod clásico no se reduce al empaquetar.',
            },
          ],
        },
      ],
    },
  },
  // shared/ is the common ground: it imports no app.
  { files: ['shared/**'], rules: restricted(`(^|/)shell(/|$)|${anyRemote}|${siteRoot}`, 'shared/ no importa ninguna app.') },
  {
    // The federated singletons must be imported by package name: a relative import bundles a private copy into the
    // remote (its links then change the address bar without rendering, its store is not the shell's).
    files: ['shared/src/**'],
    ignores: ['shared/src/store/**', 'shared/src/**/*.test.ts', 'shared/src/**/*.test.tsx'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { regex: `(^|/)shell(/|$)|${anyRemote}|${siteRoot}`, message: 'shared/ no importa ninguna app.' },
            {
              regex: '^\\.{1,2}/(\\.\\./)*(navigation|store|auth-session)(/index)?$',
              message: "Importa 'shared/navigation', 'shared/store' o 'shared/auth-session': son singletons de Module Federation.",
            },
          ],
        },
      ],
    },
  },
  // The shell's browser code imports no remote: remotes arrive at run time through Module Federation. Of the composition
  // root it takes only browser-safe data of each app's manifest: the route tables (site/routes, site/staff-routes) and the
  // consent forms' declarations (site/consent-forms: its footer's newsletter box shows the community form's authorization).
  {
    files: ['shell/src/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { regex: anyRemote, message: 'El shell carga los remotos en tiempo de ejecución.' },
            {
              regex: '^(\\.\\./)+site(/(?!(routes|staff-routes|consent-forms)$)|$)',
              message:
                'El navegador del shell toma de site/ solo las tablas de rutas (site/routes y site/staff-routes) y los formularios de consentimiento (site/consent-forms).',
            },
          ],
        },
      ],
    },
  },
  // A remote never imports another remote (its manifest included), nor the shell, nor a router (navigation comes from
  // shared/navigation), nor the composition root: it gets the other domains' services from `ctx.domains` (#27).
  ...remotes.map((name) => ({
    files: [`${name}/**`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { regex: otherRemotes(name), message: remoteMessage },
            { regex: siteRoot, message: siteMessage },
          ],
        },
      ],
    },
  })),
  // A remote's server code — its service entry `server/` and each feature folder's `src/<feature>/server/` (#27) —
  // imports of its browser code only what is data: a feature's operations, schemas and texts (no React, no screens),
  // which it registers with shared/server/operation-routes.
  ...[
    ['server/**', rootServerReachesBrowser],
    ['src/**/server/**', featureServerReachesBrowser],
  ].flatMap(([glob, reachesBrowser]) =>
    remotes.map((name) => ({
      files: [`${name}/${glob}`],
      ignores: [`${name}/server/*.test.ts`, `${name}/server/server.ts`, `${name}/src/**/server/*.test.ts`],
      rules: {
        'no-restricted-imports': [
          'error',
          {
            patterns: [
              { regex: otherRemotes(name), message: remoteMessage },
              { regex: reachesBrowser, message: serverMessage },
              { regex: siteRoot, message: siteMessage },
            ],
          },
        ],
      },
    })),
  ),
  // A remote's browser code never imports a server part (its own feature folders' `server/` included): the bundle
  // would carry Fastify and SQL, and the browser would hold what only the server may decide.
  ...remotes.map((name) => ({
    files: [`${name}/src/**`],
    ignores: [`${name}/src/**/server/**`, `${name}/src/**/*.test.{ts,tsx}`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { regex: otherRemotes(name), message: remoteMessage },
            { regex: siteRoot, message: siteMessage },
            { regex: browserReachesServer, message: browserMessage },
          ],
        },
      ],
    },
  })),
  // A remote's own service (`server/server.ts`, the container topology) passes the site's composition to its API.
  ...remotes.map((name) => ({ files: [`${name}/server/server.ts`], rules: restricted(otherRemotes(name), remoteMessage) })),
  // A domain's manifest (#27) is data: no React, no Fastify, none of its browser code or API plugin, no composition. The
  // shell's (its own public routes) too.
  ...[...remotes, 'shell'].map((name) => ({
    files: [`${name}/manifest/**`],
    rules: restricted(
      `${otherRemotes(name)}|${siteRoot}|^(react|react-dom|fastify)(/|$)|^@fastify/|^\\.\\./(src|server)(/|$)`,
      'Un manifiesto es solo datos: no importa React, Fastify, el código de su app (src/, server/) ni otro dominio.',
    ),
  })),
  // The composition root imports each app's manifest (a domain's, the shell's routes) and nothing else of it.
  {
    files: ['site/**'],
    rules: restricted(
      '(^|/)(remote-(courses|giving|community|account)|shell)(/(?!manifest/)|$)',
      'La composición (site/) importa de cada app solo su manifiesto (remote-<nombre>/manifest/…, shell/manifest/…).',
    ),
  },
  // Only the composition root imports a manifest: the gateway, the sandbox and the scripts take the composition.
  {
    files: ['shell/server/**', 'sandbox/**', 'scripts/**', 'e2e/**'],
    rules: restricted(
      `(^|/)remote-[a-z]+/manifest(/|$)|^(\\.\\./)+manifest(/|$)`,
      'Solo la composición (site/) importa los manifiestos de los dominios.',
    ),
  },
  // A remote's API tests register only their own plugin (shared/server/api-testing). The account API's tests are the
  // exception: they enrol and pay through the courses API, so they drive the composed gateway (shell/server/src/testing.ts)
  // and the site's composition (site/).
  {
    files: ['remote-account/server/*.test.ts'],
    rules: restricted(
      `(^|/)(${remotes.filter((r) => r !== 'remote-account').join('|')})(/|$)|^react-router(-dom)?(/|$)`,
      'Un remoto no importa otro remoto ni un router.',
    ),
  },
  // One place per API operation (#12): a path string, a fetch and the client appear only in a `src/api/` module (the
  // answer's type, the typed fetcher, the hook), so a renamed route or answer is one edit and stops compiling elsewhere.
  // A declared operation (#27) lives in its feature's `src/<feature>/operations.ts`; screens call it with `useOperationCall` of
  // shared/api/use-operation, which hands out no client, so the rule lets them import it.
  ...apiOnlyInSrcApi(),
  {
    files: ['**/*.test.ts', '**/*.test.tsx', 'e2e/**'],
    rules: { '@typescript-eslint/no-non-null-assertion': 'off' },
  },
);
