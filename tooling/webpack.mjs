// One webpack + Module Federation configuration for the shell and every remote, so they agree on sharing.
import { mkdirSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { ModuleFederationPlugin } from '@module-federation/enhanced/webpack';
import HtmlWebpackPlugin from 'html-webpack-plugin';
import webpack from 'webpack';
import { assertContract, contractVersion } from './contract.mjs';
import { PUBLIC_DIR } from './releases.mjs';
import { CONTRACT_SINGLETONS, SERVER_PROVIDED } from './server-provided.mjs';
import MiniCssExtractPlugin from 'mini-css-extract-plugin';

const require = createRequire(import.meta.url);
const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const version = (name) => require(path.join(root, 'node_modules', name, 'package.json')).version;

/**
 * Where a build goes: scripts/build.mjs builds into a new release directory (then switches <app>/dist to it); webpack
 * alone writes <app>/dist. The browser build goes to its public/ folder, the only one any server serves; the server
 * build and the shell's stylesheet index go beside it (tooling/releases.mjs describes the layout).
 */
const outputDir = (dir) => process.env.BUILD_OUTPUT_DIR || path.join(dir, 'dist');

/**
 * Modules that must exist once in the page. `shared/store` holds the root reducer every remote injects into;
 * `shared/navigation` holds the router bridge remotes use instead of importing react-router themselves;
 * `shared/auth-session` holds the session provider the account remote registers and other apps ask for ID tokens.
 * `shared/staff-session` holds the panel member's session the account remote's gate provides to every staff screen.
 * The `shared/*` modules carry the contract's semver; a remote requires the range it declares (`contractRange`), so
 * the federation runtime refuses a mismatch too, after the shell's own check (which runs before any remote code).
 */
export function sharedModules(contractRange = false) {
  const singleton = (name, extra = {}) => ({ singleton: true, strictVersion: true, requiredVersion: version(name), ...extra });
  const contract = { singleton: true, strictVersion: Boolean(contractRange), requiredVersion: contractRange, version: contractVersion() };
  return {
    react: singleton('react'),
    'react/': singleton('react'),
    'react-dom': singleton('react-dom'),
    'react-dom/': singleton('react-dom'),
    '@reduxjs/toolkit': singleton('@reduxjs/toolkit'),
    'react-redux': singleton('react-redux'),
    'shared/store': contract,
    'shared/navigation': contract,
    'shared/auth-session': contract,
    'shared/staff-session': contract,
  };
}

/** What the shell provides, by shared module name: the shell checks a remote's manifest against it before loading it. */
export function providedVersions() {
  return Object.fromEntries(
    Object.entries(sharedModules()).map(([name, config]) => [name.replace(/\/$/, ''), config.version ?? version(name.replace(/\/$/, ''))]),
  );
}

/** TypeScript and JSX through swc, for the browser build (es2020) and the server build (es2022). */
function typescriptRule({ development, target }) {
  return {
    test: /\.[cm]?tsx?$/,
    exclude: /node_modules/,
    use: {
      loader: 'swc-loader',
      options: {
        jsc: { parser: { syntax: 'typescript', tsx: true }, transform: { react: { runtime: 'automatic', development } }, target },
      },
    },
  };
}

/**
 * @param {object} o
 * @param {string} o.dir      the app's folder
 * @param {string} o.name     federation name (unique per app)
 * @param {Record<string,string>} [o.exposes]  remotes only
 * @param {boolean} [o.host]  the shell
 */
export function createConfig({ dir, name, exposes, host = false }) {
  const browser = createBrowserConfig({ dir, name, exposes, host });
  // Production builds ship the server build in the same release (the gateway renders public routes with it); the
  // development servers serve the browser build alone, and the gateway then leaves every page to the browser.
  return (env, argv) =>
    argv.mode === 'development' ? browser(env, argv) : [browser(env, argv), createServerConfig({ dir, name, exposes, host })()];
}

function createBrowserConfig({ dir, name, exposes, host }) {
  return (_env, argv) => {
    const production = argv.mode !== 'development';
    // A remote declares the contract range it is built for; building it against a contract outside that range is refused.
    const contract = host ? null : assertContract(dir);
    return {
      mode: production ? 'production' : 'development',
      context: dir,
      entry: { main: './src/index.ts' },
      target: ['web', 'es2020'],
      // Production maps are build artefacts (for error tracking), never published: no sourceMappingURL comment points
      // browsers at them, and the servers answer 404 for *.map in production.
      devtool: production ? 'hidden-source-map' : 'eval-cheap-module-source-map',
      output: {
        path: path.join(outputDir(dir), PUBLIC_DIR),
        // Entry files stay unhashed (MF requirement); everything else is content-hashed and cached forever.
        filename: host ? 'entry/[name].js' : '[name].js',
        chunkFilename: host ? 'assets/[name].[contenthash:10].js' : 'assets/[name].[contenthash:10].js',
        assetModuleFilename: 'assets/[name].[contenthash:10][ext]',
        publicPath: host || process.env.STANDALONE ? '/' : 'auto',
        uniqueName: name,
        clean: true,
      },
      resolve: { extensions: ['.tsx', '.ts', '.js', '.mjs'], conditionNames: ['browser', 'import', 'module', 'default'] },
      module: {
        rules: [
          typescriptRule({ development: !production, target: 'es2020' }),
          { test: /\.css$/, use: [MiniCssExtractPlugin.loader, { loader: 'css-loader', options: { importLoaders: 0 } }] },
          { test: /\.(woff2?|svg|png|webp|avif|jpg)$/, type: 'asset/resource' },
        ],
      },
      optimization: {
        minimize: production,
        minimizer: [
          new (require('terser-webpack-plugin'))({
            // Licence notices go to <file>.LICENSE.txt beside each script, named by a one-line banner in it (the plugin's
            // default): ~0.4 KB gzip less on every page, which pays for the compile hints (CompileHintsPlugin, #33).
            extractComments: true,
            minify: require('terser-webpack-plugin').swcMinify,
            terserOptions: { compress: { passes: 2 } },
          }),
          new (require('css-minimizer-webpack-plugin'))(),
        ],
      },
      performance: { hints: false },
      plugins: [
        new MiniCssExtractPlugin({
          filename: host ? 'assets/[name].[contenthash:10].css' : 'assets/[name].[contenthash:10].css',
          chunkFilename: 'assets/[name].[contenthash:10].css',
        }),
        // The shell is no Module Federation build: its entry is plain webpack, and it imports React and the contract
        // modules like any app. The federation runtime is its own chunk (shell/src/routing/federation.ts), started
        // only when a remote is needed; it shares the page's instances with the remotes through the runtime's API.
        ...(host ? [] : [remoteFederationPlugin({ name, exposes, contract })]),
        ...(host ? [new ChunkStylesheetsPlugin()] : []),
        ...(production ? [new CompileHintsPlugin()] : []),
        ...(host
          ? [
              new webpack.DefinePlugin({
                __SHARED_CONTRACT__: JSON.stringify({ name: 'shared', version: contractVersion(), provided: providedVersions() }),
                // What the federation plugin would define for its runtime: a browser-only build without the snapshot
                // plugin (remotes are registered by their remoteEntry.js, never by a manifest URL).
                ENV_TARGET: JSON.stringify('web'),
                FEDERATION_OPTIMIZE_NO_SNAPSHOT_PLUGIN: true,
              }),
            ]
          : []),
        ...(!host && process.env.STANDALONE
          ? [
              new HtmlWebpackPlugin({
                templateContent: `<!doctype html><html lang="es-CO"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${name} (solo)</title></head><body><div id="root"></div></body></html>`,
                chunks: ['main'],
              }),
            ]
          : []),
        ...(host
          ? [
              new HtmlWebpackPlugin({
                template: path.join(dir, 'src/index.html'),
                // The template starts the entry through /boot.js (shell/public), after a server-rendered page's first paint.
                inject: false,
                minify: false,
                // The federation runtime's own files, for the gateway to hint on a remote's route (shell/server/src/html.ts).
                templateParameters: (compilation, assets, assetTags, options) => ({
                  compilation,
                  webpackConfig: compilation.options,
                  htmlWebpackPlugin: { tags: assetTags, files: assets, options },
                  federation: chunkGroupOwnFiles(compilation, 'federation', 'bootstrap', '.js')
                    .map((f) => `/${f}`)
                    .join(' '),
                }),
              }),
            ]
          : []),
      ],
      devServer: {
        port: Number(process.env.DEV_PORT ?? 3000),
        host: '127.0.0.1',
        historyApiFallback: true,
        hot: false,
        liveReload: true,
        client: { overlay: { warnings: false } },
        proxy: [{ context: ['/api', '/dev', '/runtime-config.json'], target: process.env.GATEWAY_URL ?? 'http://127.0.0.1:8080' }],
      },
      stats: 'errors-warnings',
      infrastructureLogging: { level: 'error' },
    };
  };
}

/** A remote's federation build: its container (remoteEntry.js), its manifest, and what it consumes from the shell. */
function remoteFederationPlugin({ name, exposes, contract }) {
  return new ModuleFederationPlugin({
    name,
    filename: 'remoteEntry.js',
    exposes,
    shared: sharedModules(contract?.range ?? false),
    shareStrategy: 'loaded-first',
    dts: false,
    dev: false,
    manifest: {
      fileName: 'mf-manifest.json',
      // Read by the shell before it runs anything of this remote (and by operators): the contract range.
      additionalData: ({ stats }) => {
        stats.metaData.contract = { name: 'shared', range: contract.range, builtWith: contract.version };
        return stats;
      },
    },
    experiments: {
      asyncStartup: true,
      // One federation runtime per page: the shell's federation chunk provides its core (as the global
      // `_FEDERATION_RUNTIME_CORE`, shell/src/routing/federation.ts), the remotes use it (a remoteEntry.js without its own
      // copy is ~8 KB br instead of ~24). The coupling: a remote runs only inside a host that provides the runtime (the
      // shell, or its standalone dev page, which keeps its own copy), built with the same @module-federation/enhanced
      // version — one lockfile keeps that true.
      externalRuntime: !process.env.STANDALONE,
      // A browser-only runtime: no Node loaders, and no snapshot plugin (remotes are registered by their
      // remoteEntry.js, never by a manifest URL).
      optimization: { target: 'web', disableSnapshot: true },
    },
  });
}

/** The files of a named chunk group's chunks that another group (already loaded when it is needed) does not have. */
function chunkGroupOwnFiles(compilation, groupName, loadedGroupName, extension) {
  const group = compilation.namedChunkGroups.get(groupName);
  const loaded = new Set(compilation.namedChunkGroups.get(loadedGroupName)?.chunks ?? []);
  if (!group) return [];
  return group.chunks.filter((c) => !loaded.has(c)).flatMap((c) => [...c.files].filter((f) => f.endsWith(extension)));
}

/**
 * The shell's stylesheets per named chunk group (`bootstrap`, `page-<Screen>`), written to ssr-assets.json: a
 * server-rendered page links them in its <head>, because CSS that the async bootstrap would insert arrives after the
 * HTML has painted unstyled. The gateway's own index, so it goes beside public/ (with server/), not into it.
 */
class ChunkStylesheetsPlugin {
  apply(compiler) {
    compiler.hooks.thisCompilation.tap('ChunkStylesheetsPlugin', (compilation) => {
      compilation.hooks.processAssets.tap(
        { name: 'ChunkStylesheetsPlugin', stage: webpack.Compilation.PROCESS_ASSETS_STAGE_REPORT },
        () => {
          const groups = {};
          for (const [groupName, group] of compilation.namedChunkGroups) {
            groups[groupName] = [...new Set(group.chunks.flatMap((chunk) => [...chunk.files].filter((f) => f.endsWith('.css'))))];
          }
          compilation.emitAsset('../ssr-assets.json', new webpack.sources.RawSource(JSON.stringify({ stylesheets: groups })));
        },
      );
    });
  }
}

/**
 * Marks the scripts of a production browser build for eager compilation (V8's compile hint
 * `//# allFunctionsCalledOnLoad`, Chromium 136+; other engines read a comment). Without it V8 compiles a function the
 * first time it is called, on the main thread: each module factory (React DOM's is one function of ~190 KB) and every
 * React function the first hydration calls, inside the start-up tasks that #33 counts (about a third of their time on
 * a Lighthouse trace). With it the whole file is compiled while it streams in, off the main thread. The cost: ~21 bytes
 * gzip per file (files under 10 KB go without) and more background compilation, including functions never called.
 * Added after minification (which would drop the comment), before the source maps and content hashes are made, so
 * both stay true.
 */
const COMPILE_HINT = '//# allFunctionsCalledOnLoad\n';
const COMPILE_HINT_MIN_BYTES = 10_000;
class CompileHintsPlugin {
  apply(compiler) {
    compiler.hooks.thisCompilation.tap('CompileHintsPlugin', (compilation) => {
      compilation.hooks.processAssets.tap(
        { name: 'CompileHintsPlugin', stage: webpack.Compilation.PROCESS_ASSETS_STAGE_OPTIMIZE_SIZE + 1 },
        (assets) => {
          for (const file of Object.keys(assets)) {
            // A small file has little to compile on first call; there the hint's bytes would cost more than it saves.
            if (!file.endsWith('.js') || (assets[file]?.size() ?? 0) < COMPILE_HINT_MIN_BYTES) continue;
            compilation.updateAsset(file, (source) => new webpack.sources.ConcatSource(COMPILE_HINT, source));
          }
        },
      );
    });
  }
}

/**
 * The server build of an app (Node, one CommonJS file in `<release>/server/`): the shell's is its whole page tree
 * (src/ssr.tsx), a remote's exports its exposed screens. No CSS, no emitted assets (their URLs match the browser
 * build's, which serves them). The gateway evaluates it with its own `require` (shell/server/src/ssr.ts).
 */
function createServerConfig({ dir, name, exposes, host }) {
  return () => {
    const contract = host ? null : assertContract(dir);
    let entry = './src/ssr.tsx';
    if (!host) {
      // A remote's server entry is generated from its exposes, so the list of screens is written once.
      const generated = path.join(dir, 'node_modules', '.cache', 'ssr', 'entry.js');
      mkdirSync(path.dirname(generated), { recursive: true });
      const lines = Object.entries(exposes).map(([key, file], i) => ({ key, file: path.join(dir, file), id: `s${i}` }));
      writeFileSync(
        generated,
        [
          '// Generated by tooling/webpack.mjs from the exposes in webpack.config.mjs.',
          ...lines.map((l) => `import * as ${l.id} from ${JSON.stringify(l.file)};`),
          `export const screens = { ${lines.map((l) => `${JSON.stringify(l.key.replace(/^\.\//, ''))}: ${l.id}`).join(', ')} };`,
          `export const contract = ${JSON.stringify({ name: 'shared', range: contract.range })};`,
          "/** Where this release's assets are served (the remote entry's folder), for URLs in the markup. */",
          'export function setPublicPath(base) { __webpack_public_path__ = base; }',
          '',
        ].join('\n'),
      );
      entry = generated;
    }
    return {
      mode: 'production',
      context: dir,
      entry: { [host ? 'app' : 'screens']: entry },
      target: 'node24',
      devtool: false,
      output: {
        path: path.join(outputDir(dir), 'server'),
        filename: '[name].cjs',
        library: { type: 'commonjs2' },
        publicPath: host ? '/' : '',
        assetModuleFilename: 'assets/[name].[contenthash:10][ext]',
        uniqueName: `${name}-server`,
        clean: true,
      },
      resolve: {
        extensions: ['.tsx', '.ts', '.js', '.mjs'],
        conditionNames: ['node', 'import', 'module', 'default'],
        // The federation runtime only ever runs in the browser (remote-loader); the server never loads a remote by it.
        alias: { '@module-federation/enhanced/runtime': false, '@module-federation/runtime-core': false },
      },
      externalsType: 'commonjs',
      externals: [...SERVER_PROVIDED, ...(host ? [] : CONTRACT_SINGLETONS)],
      module: {
        rules: [
          typescriptRule({ development: false, target: 'es2022' }),
          { test: /\.css$/, use: path.join(root, 'tooling', 'no-css-loader.cjs') },
          { test: /\.(woff2?|svg|png|webp|avif|jpg)$/, type: 'asset/resource', generator: { emit: false } },
        ],
      },
      optimization: { minimize: false, splitChunks: false },
      performance: { hints: false },
      plugins: [
        // One file: what a page needs is there when the gateway renders, with no chunk loading on the server.
        new webpack.optimize.LimitChunkCountPlugin({ maxChunks: 1 }),
      ],
      stats: 'errors-warnings',
      infrastructureLogging: { level: 'error' },
    };
  };
}
