import { getRuntimeConfig, type RuntimeConfig } from 'shared/config/runtime';

/** The part of MercadoPago.js v2 we touch: `new MercadoPago(publicKey, { locale })`. */
export type MercadoPagoConstructor = new (publicKey: string, options: { locale: string }) => unknown;

/** What the loader needs from the browser; tests pass fakes. */
export interface ScriptHost {
  /** Adds an async <script src> to the page and reports how it ended. */
  addScript(src: string, onLoad: () => void, onError: () => void): void;
  /** window.MercadoPago once the script ran. */
  mercadoPago(): MercadoPagoConstructor | undefined;
  console: Pick<Console, 'error' | 'warn'>;
}

/** Payment locale of the site (spec §9). */
export const PAYMENT_LOCALE = 'es-CO';

export const scriptMessages = {
  failed: 'Failed to load MercadoPago.js',
  unavailable: 'MercadoPago.js not available',
  missingKey: 'MercadoPago.js: falta la clave pública (payments.publicKey en /runtime-config.json); no se carga el script.',
  duplicate: 'MercadoPago.js ya fue cargado (already initialized): se ignora el segundo intento.',
} as const;

/**
 * A loader of the provider's browser script (spec §4, §8): the first call with a public key adds the script once and
 * initialises it with the es-CO locale; later calls warn and do nothing. It never throws: the donation does not need
 * the script (the hosted checkout is a redirect), so a failure is only logged.
 */
export function createMercadoPagoLoader(host: ScriptHost) {
  let started = false;
  return function load(payments: Partial<RuntimeConfig['payments']> | null | undefined): Promise<unknown> {
    if (started) {
      host.console.warn(scriptMessages.duplicate);
      return Promise.resolve(null);
    }
    const publicKey = payments?.publicKey?.trim();
    const scriptUrl = payments?.scriptUrl?.trim();
    if (!publicKey || !scriptUrl) {
      host.console.error(publicKey ? scriptMessages.failed : scriptMessages.missingKey);
      return Promise.resolve(null);
    }
    started = true;
    const init = () => {
      const MercadoPago = host.mercadoPago();
      if (typeof MercadoPago !== 'function') {
        host.console.error(scriptMessages.unavailable);
        return null;
      }
      try {
        return new MercadoPago(publicKey, { locale: PAYMENT_LOCALE });
      } catch {
        host.console.error(scriptMessages.failed);
        return null;
      }
    };
    if (host.mercadoPago()) return Promise.resolve(init());
    return new Promise((resolve) => {
      host.addScript(
        scriptUrl,
        () => resolve(init()),
        () => {
          host.console.error(scriptMessages.failed);
          resolve(null);
        },
      );
    });
  };
}

const browserHost = (): ScriptHost => ({
  addScript(src, onLoad, onError) {
    const script = document.createElement('script');
    script.async = true;
    script.src = src;
    script.addEventListener('load', onLoad, { once: true });
    script.addEventListener('error', onError, { once: true });
    document.head.appendChild(script);
  },
  mercadoPago: () => (window as unknown as { MercadoPago?: MercadoPagoConstructor }).MercadoPago,
  console,
});

let loading: Promise<unknown> | null = null;

/**
 * Loads MercadoPago.js once per page with the public key and script address of `/runtime-config.json`. Coming back
 * to the donation page reuses the first attempt instead of trying (and warning) again.
 */
export function loadMercadoPago(): Promise<unknown> {
  loading ??= getRuntimeConfig().then((config) => createMercadoPagoLoader(browserHost())(config?.payments));
  return loading;
}
