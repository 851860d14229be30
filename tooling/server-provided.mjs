// What a server build does not carry but receives from the gateway when it is loaded (tooling/webpack.mjs builds,
// shell/server/src/ssr.ts provides): one React and one Redux binding for the shell's tree and every remote's screens.
export const SERVER_PROVIDED = [
  'react',
  'react/jsx-runtime',
  'react-dom',
  'react-dom/server',
  'react-dom/static',
  'react-redux',
  '@reduxjs/toolkit',
  'react-router',
];

/** The contract's singletons: bundled in the shell's server build, handed by the gateway to every remote's. */
export const CONTRACT_SINGLETONS = ['shared/store', 'shared/navigation', 'shared/auth-session', 'shared/staff-session'];
