// Async boundary: shared modules (react, the store contract) are negotiated before the app code runs.
import(/* webpackChunkName: "bootstrap" */ './bootstrap').catch((error: unknown) => {
  console.error('No se pudo iniciar la aplicación', error);
});
