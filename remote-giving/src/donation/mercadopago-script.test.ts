import { describe, expect, it } from '@jest/globals';
import {
  createMercadoPagoLoader,
  PAYMENT_LOCALE,
  scriptMessages,
  type MercadoPagoConstructor,
  type ScriptHost,
} from './mercadopago-script';

interface FakeScript {
  src: string;
  onLoad: () => void;
  onError: () => void;
}

/** A document stand-in: records appended scripts and what was logged; `run()` plays the browser executing one. */
function fakeHost() {
  const scripts: FakeScript[] = [];
  const errors: string[] = [];
  const warnings: string[] = [];
  const instances: Array<{ key: string; options: { locale: string } }> = [];
  let global: MercadoPagoConstructor | undefined;
  const MercadoPago = class {
    constructor(key: string, options: { locale: string }) {
      instances.push({ key, options });
    }
    bricks() {
      return null;
    }
  };
  const host: ScriptHost = {
    addScript: (src, onLoad, onError) => void scripts.push({ src, onLoad, onError }),
    mercadoPago: () => global,
    console: { error: (m: string) => void errors.push(m), warn: (m: string) => void warnings.push(m) },
  };
  return {
    host,
    scripts,
    errors,
    warnings,
    instances,
    /** The script arrived and defined window.MercadoPago. */
    run: (s: FakeScript) => {
      global = MercadoPago;
      s.onLoad();
    },
    fail: (s: FakeScript) => s.onError(),
  };
}

const payments = { publicKey: 'TEST-public-key', scriptUrl: 'http://127.0.0.1:8090/js/v2' };

describe('MercadoPago.js loader (spec §4, §8)', () => {
  it('adds the script once from the configured address, and initialises it with the key and es-CO', async () => {
    const f = fakeHost();
    const load = createMercadoPagoLoader(f.host);
    const loaded = load(payments);
    expect(f.scripts).toHaveLength(1);
    expect(f.scripts[0]!.src).toBe(payments.scriptUrl);
    f.run(f.scripts[0]!);
    expect(await loaded).not.toBeNull();
    expect(f.instances).toEqual([{ key: 'TEST-public-key', options: { locale: PAYMENT_LOCALE } }]);
    expect(PAYMENT_LOCALE).toBe('es-CO');
    expect(f.errors).toEqual([]);
  });

  it('warns and does nothing on a second attempt', async () => {
    const f = fakeHost();
    const load = createMercadoPagoLoader(f.host);
    const first = load(payments);
    f.run(f.scripts[0]!);
    await first;
    expect(await load(payments)).toBeNull();
    expect(f.scripts).toHaveLength(1);
    expect(f.instances).toHaveLength(1);
    expect(f.warnings).toEqual([scriptMessages.duplicate]);
  });

  it("logs 'Failed to load MercadoPago.js' when the script cannot load, and resolves (the redirect still works)", async () => {
    const f = fakeHost();
    const load = createMercadoPagoLoader(f.host);
    const loaded = load(payments);
    f.fail(f.scripts[0]!);
    expect(await loaded).toBeNull();
    expect(f.errors).toEqual(['Failed to load MercadoPago.js']);
    expect(f.instances).toHaveLength(0);
  });

  it('logs an error and adds no script without a public key (or without any configuration)', async () => {
    for (const config of [{ ...payments, publicKey: '' }, { scriptUrl: payments.scriptUrl }, null]) {
      const f = fakeHost();
      expect(await createMercadoPagoLoader(f.host)(config)).toBeNull();
      expect(f.scripts).toHaveLength(0);
      expect(f.errors).toEqual([scriptMessages.missingKey]);
      expect(f.errors[0]).toMatch(/clave pública/);
    }
  });

  it("logs 'MercadoPago.js not available' when the script ran but defined nothing", async () => {
    const f = fakeHost();
    const loaded = createMercadoPagoLoader(f.host)(payments);
    f.scripts[0]!.onLoad();
    expect(await loaded).toBeNull();
    expect(f.errors).toEqual([scriptMessages.unavailable]);
  });

  it('initialises an already present MercadoPago without adding the script again', async () => {
    const f = fakeHost();
    f.run({ src: '', onLoad: () => undefined, onError: () => undefined });
    expect(await createMercadoPagoLoader(f.host)(payments)).not.toBeNull();
    expect(f.scripts).toHaveLength(0);
    expect(f.instances).toHaveLength(1);
  });
});
