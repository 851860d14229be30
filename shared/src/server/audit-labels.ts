/**
 * How the panel's audit log names what was done (#27): each domain declares the labels of its own actions in its
 * manifest (`remote-<name>/manifest/audit.ts`), the composition root composes them (domains.ts) and the audit API
 * (the account remote's) answers each row with its labels, so a new action of a domain is an edit of that domain only.
 */
export interface AuditLabels {
  /** Kinds of action the audit screen filters by: an action prefix (`<domain>.<area>`) → its label, in the filter's order. */
  kinds: Readonly<Record<string, string>>;
  /** What each action means, in plain words: `<domain>.<…>` → label. */
  actions: Readonly<Record<string, string>>;
  /** The kinds of record its rows name (`entity`) → label. Domains sharing plumbing may name the same kind alike. */
  entities: Readonly<Record<string, string>>;
}

/** The site's audit labels, composed: the filter's kinds in the domains' order, every action's and record kind's label. */
export interface SiteAuditLabels {
  kinds: ReadonlyArray<{ value: string; label: string }>;
  actions: Readonly<Record<string, string>>;
  entities: Readonly<Record<string, string>>;
}

/**
 * Composes the domains' audit labels. A domain labels only its own actions (prefix `<name>.`); two domains naming the
 * same kind of record differently is an error, as the screen would show one of them at random.
 */
export function composeAuditLabels(domains: ReadonlyArray<{ name: string; audit?: AuditLabels }>): SiteAuditLabels {
  const kinds: Array<{ value: string; label: string }> = [];
  const actions: Record<string, string> = {};
  const entities: Record<string, string> = {};
  for (const { name, audit } of domains) {
    if (!audit) continue;
    const foreign = [...Object.keys(audit.kinds), ...Object.keys(audit.actions)].find((key) => !key.startsWith(`${name}.`));
    if (foreign) throw new Error(`El dominio ${name} nombra la acción de auditoría ${foreign}, que no es suya.`);
    for (const [value, label] of Object.entries(audit.kinds)) kinds.push({ value, label });
    Object.assign(actions, audit.actions);
    for (const [entity, label] of Object.entries(audit.entities)) {
      if (entities[entity] !== undefined && entities[entity] !== label)
        throw new Error(`Dos dominios nombran distinto el registro ${entity} en la auditoría.`);
      entities[entity] = label;
    }
  }
  return { kinds, actions, entities };
}
