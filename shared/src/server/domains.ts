import type { Publishable } from '../publishing/document';
import type { ConsentFormDeclaration } from '../legal/privacy-policy';
import type { ErasureStep, SiteDomains } from './api-contract';
import { composeAuditLabels, type AuditLabels } from './audit-labels';
import { combineRegistries, type DomainRegistry, type RetentionRule } from './personal-data/registry';
import { orderRetention, siteRetention } from './personal-data/retention';
import { siteTables } from './personal-data/site-tables';
import { composeServices, type ServiceProvider, type ServiceRef } from './services';

/**
 * Domain manifests (#27): each remote describes its server side as data in `remote-<name>/manifest/server.ts` — its
 * personal-data registry and retention rules, the labels of its consent forms and of its audit actions, the services it
 * offers other domains —
 * and the composition root (`site/server.ts`) composes them here. The gateway and each remote's service pass the result
 * to every API as `ctx.domains`; shared/ itself names no domain.
 */
export interface DomainManifest {
  /** The domain's name, as in `/api/<name>/` and a service ref's `owner`. */
  name: string;
  personalData: DomainRegistry;
  /** The retention of its tables and of its forms' consent proofs (personal-data/retention.ts). */
  retention?: readonly RetentionRule[];
  /** The forms that store personal data (its `manifest/consent.ts`): a person's copy of their proofs names them by label. */
  consentForms?: readonly ConsentFormDeclaration[];
  /** What it offers other domains (services.ts). */
  services?: readonly ServiceProvider<unknown>[];
  /** How the panel's audit log names its actions and records (audit-labels.ts). */
  audit?: AuditLabels;
  /** The documents its staff edit and publish from the panel (#28; shared/publishing/document). */
  documents?: readonly Publishable[];
  /** What it must undo outside the database before a person's data is erased (personal-data/registry.ts). */
  beforeErasure?: ErasureStep;
}

/** The site from its domains' manifests, in this order (a person's copy lists its groups in it). */
export function composeDomains(manifests: readonly DomainManifest[]): SiteDomains {
  const names = manifests.map((m) => m.name);
  const twice = names.find((n, i) => names.indexOf(n) !== i);
  if (twice) throw new Error(`El dominio ${twice} está dos veces en la composición.`);
  const consentForms: Record<string, string> = {};
  for (const m of manifests)
    for (const { form, label } of m.consentForms ?? []) {
      // A proof names its form for good: two domains (or one, twice) with the same name would mix their proofs.
      if (!form.startsWith(`${m.name}.`)) throw new Error(`El dominio ${m.name} declara el formulario ${form}, que no es suyo.`);
      if (form in consentForms) throw new Error(`El formulario ${form} está declarado dos veces.`);
      consentForms[form] = label;
    }
  const documents: Publishable[] = [];
  for (const m of manifests)
    for (const doc of m.documents ?? []) {
      if (!doc.name.startsWith(`${m.name}.`)) throw new Error(`El dominio ${m.name} declara el documento ${doc.name}, que no es suyo.`);
      if (documents.some((d) => d.name === doc.name)) throw new Error(`El documento ${doc.name} está declarado dos veces.`);
      documents.push(doc);
    }
  return {
    documents,
    personalData: {
      registry: combineRegistries([...manifests.map((m) => m.personalData), siteTables(consentForms)]),
      retention: orderRetention([...manifests.flatMap((m) => m.retention ?? []), ...siteRetention]),
    },
    beforeErasure: manifests.flatMap((m) => (m.beforeErasure ? [m.beforeErasure] : [])),
    services: composeServices(manifests.map((m) => ({ domain: m.name, services: m.services ?? [] }))),
    audit: composeAuditLabels(manifests),
  };
}

const uncomposed = (what: string) => new Error(`Este proceso no recibió la composición del sitio (site/server.ts): no hay ${what}.`);

/**
 * The context of a process that was given no composition (a test of one API alone): using it fails, naming the
 * composition root, rather than run the engine on an empty registry. A plugin may still take what it needs when it
 * registers (a service, the registry); reading the registry's tables or calling a service's function fails.
 */
export const uncomposedDomains: SiteDomains = {
  personalData: {
    registry: {
      get tables(): never {
        throw uncomposed('registro de datos personales');
      },
      get team(): never {
        throw uncomposed('registro de datos personales');
      },
      get plain(): never {
        throw uncomposed('registro de datos personales');
      },
    },
    get retention(): never {
      throw uncomposed('reglas de conservación de datos personales');
    },
  },
  // No domains composed, nothing to undo outside the database (a test of the account API alone erases its own data).
  beforeErasure: [],
  services: {
    get<T>(ref: ServiceRef<T>): T {
      const fail = () => {
        throw uncomposed(`servicio ${ref.id}`);
      };
      return new Proxy({}, { get: () => fail }) as T;
    },
  },
  get audit(): never {
    throw uncomposed('nombres de las acciones de auditoría');
  },
  // Nothing published to refresh: the pages read their documents' defaults.
  documents: [],
};

export type { SiteDomains };
