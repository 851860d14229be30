// The entry is plain webpack: it loads the app's chunks (React, the store, the page) in parallel and starts them. No
// federation runtime runs here; shell/src/routing/remote-loader.ts fetches it the first time a remote is needed.
import(/* webpackChunkName: "bootstrap" */ './bootstrap').catch((error: unknown) => {
  console.error('No se pudo iniciar la aplicación', error);
});
