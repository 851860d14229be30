// The federation runtime, in a chunk of its own (remote-loader.ts imports it when a remote is first needed, or ahead of
// that when a link to a remote's route is hovered or focused). Shell-only pages never run it: the shell's own code
// imports React and the contract modules directly, and this module hands those same instances to the remotes.
import * as ReduxToolkit from '@reduxjs/toolkit';
import * as React from 'react';
import * as ReactJsxRuntime from 'react/jsx-runtime';
import * as ReactDom from 'react-dom';
import * as ReactDomClient from 'react-dom/client';
import * as ReactRedux from 'react-redux';
import * as AuthSession from 'shared/auth-session';
import * as Navigation from 'shared/navigation';
import * as StaffSession from 'shared/staff-session';
import * as Store from 'shared/store';
import * as runtimeCore from '@module-federation/runtime-core';
import { init, loadRemote, registerRemotes, satisfy, type ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';

/** The shared contract this shell was built with and what it provides of each shared module (tooling/webpack.mjs). */
declare const __SHARED_CONTRACT__: { name: string; version: string; provided: Record<string, string> };

/**
 * The remotes are built with `externalRuntime`: their bundles take the runtime's core from this global instead of
 * carrying a copy (tooling/webpack.mjs). It must be set before any remote entry runs, hence here, at this chunk's start.
 */
(globalThis as unknown as { _FEDERATION_RUNTIME_CORE?: unknown })._FEDERATION_RUNTIME_CORE ??= runtimeCore;

/**
 * What the shell shares, by the names the remotes consume (their mf-manifest.json `shared`): the very module objects
 * the shell's page already runs, so a remote's hooks and contexts are the shell's (one React, one store). Singletons
 * carry the range the remotes were built with, and the runtime refuses a remote that needs another (strictVersion).
 */
const modules: Record<string, { lib: unknown; singleton: boolean }> = {
  react: { lib: React, singleton: true },
  'react/jsx-runtime': { lib: ReactJsxRuntime, singleton: false },
  'react-dom': { lib: ReactDom, singleton: true },
  'react-dom/client': { lib: ReactDomClient, singleton: false },
  '@reduxjs/toolkit': { lib: ReduxToolkit, singleton: true },
  'react-redux': { lib: ReactRedux, singleton: true },
  'shared/store': { lib: Store, singleton: true },
  'shared/navigation': { lib: Navigation, singleton: true },
  'shared/auth-session': { lib: AuthSession, singleton: true },
  'shared/staff-session': { lib: StaffSession, singleton: true },
};

/** Lets the browser handle input and paint before the next step of loading a remote. */
const yieldToMain = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/**
 * Cuts a remote's start into separate tasks (#33: no task over 50 ms on a slow phone). Left alone, the runtime runs in
 * one task the remote's entry with its share negotiation and the request of the screen's chunks, and in another the
 * last chunk's arrival with the evaluation of every module of the screen. The main thread is free between the
 * negotiation and the chunks' request, and between the chunks' arrival and the modules' evaluation.
 */
export const yieldingSteps: ModuleFederationRuntimePlugin = {
  name: 'shell-yielding-steps',
  beforeGetExpose: () => yieldToMain(),
  beforeExecuteFactory: () => yieldToMain(),
};

const provided = __SHARED_CONTRACT__.provided;
init({
  name: 'shell',
  remotes: [],
  plugins: [yieldingSteps],
  shareStrategy: 'loaded-first',
  shared: Object.fromEntries(
    Object.entries(modules).map(([name, { lib, singleton }]) => {
      // Subpaths (react/jsx-runtime) share their package's version.
      const version = provided[name] ?? provided[name.split('/')[0] ?? name] ?? __SHARED_CONTRACT__.version;
      return [name, { version, lib: () => lib, shareConfig: { singleton, requiredVersion: version, strictVersion: singleton } }];
    }),
  ),
});

export { loadRemote, registerRemotes, satisfy };
