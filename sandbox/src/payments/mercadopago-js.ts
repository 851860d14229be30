// Stand-in for MercadoPago.js v2 (https://sdk.mercadopago.com/js/v2): the site loads it lazily on the donation page.
// It defines the same global constructor so the page's loader follows its real path offline.
import type { FastifyPluginCallback } from 'fastify';

/** Script body of the stand-in: `new MercadoPago(publicKey, { locale })` and nothing that charges. */
const MERCADOPAGO_JS_STANDIN = `(function () {
  if (window.MercadoPago) return;
  function MercadoPago(publicKey, options) {
    if (!(this instanceof MercadoPago)) throw new TypeError('MercadoPago debe crearse con new');
    if (!publicKey) throw new Error('MercadoPago: falta la clave pública');
    this.publicKey = publicKey;
    this.locale = (options && options.locale) || 'es-CO';
    this.sandbox = true;
  }
  MercadoPago.prototype.checkout = function (opts) { return { open: function () { if (opts && opts.preference) window.location.assign(opts.preference.init_point || ''); } }; };
  MercadoPago.prototype.bricks = function () { return { create: function () { return Promise.resolve({ unmount: function () {} }); } }; };
  window.MercadoPago = MercadoPago;
})();
`;

export const mercadoPagoJs: FastifyPluginCallback = (app, _options, done) => {
  app.get('/js/v2', async (_request, reply) =>
    reply
      .type('application/javascript; charset=utf-8')
      .header('cache-control', 'public, max-age=3600')
      // The site's pages load it from another origin (this sandbox's port).
      .header('cross-origin-resource-policy', 'cross-origin')
      .send(MERCADOPAGO_JS_STANDIN),
  );
  done();
};
