import { sql, type RawBuilder } from 'kysely';
import { site } from '../../foundation/site';
import type { SiteDb } from '../database';
import type { IdentityAccount } from './identity-accounts';
import type { ColumnInfo } from './schema-info';
import { col, personScope, Selection, tableRef } from './selection';
import type { PersonalDataRegistry } from './registry';

/** A value of the copy: what JSON can carry (dates as ISO 8601 text). */
export type CopyValue = string | number | boolean | null | { [key: string]: CopyValue } | CopyValue[];

/** One kind of record in the copy: its Spanish title, where it lives, and each record as label → value. */
export interface CopyGroup {
  title: string;
  /** The table it comes from (`schema.table`), or 'identidad' for the account at the identity provider. */
  source: string;
  records: Array<Record<string, CopyValue>>;
}

/** The copy of everything the site holds for an address (Ley 1581 art. 14, consultas). */
export interface PersonalDataCopy {
  email: string;
  generatedAt: Date;
  groups: CopyGroup[];
  records: number;
}

/** A database value as the copy carries it; binary data is never part of it. */
function copyValue(value: unknown): CopyValue | undefined {
  if (value === null || value === undefined) return null;
  if (value instanceof Date) return value.toISOString();
  if (value instanceof Uint8Array) return undefined;
  if (typeof value === 'bigint') return value.toString();
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') return value;
  if (Array.isArray(value)) return value.map((v) => copyValue(v) ?? null);
  if (typeof value === 'object') {
    const out: Record<string, CopyValue> = {};
    for (const [k, v] of Object.entries(value)) out[k] = copyValue(v) ?? null;
    return out;
  }
  return String(value);
}

/** Labels of the identity provider's attributes; others are shown by their own name. */
const identityLabels: Record<string, string> = {
  email: 'Correo electrónico',
  email_verified: 'Correo comprobado',
  name: 'Nombre',
  phone_number: 'Teléfono',
  phone_number_verified: 'Teléfono comprobado',
  'custom:identity_type': 'Tipo de documento',
  'custom:identity_number': 'Número de documento',
};

const accountStatuses: Record<string, string> = {
  CONFIRMED: 'Confirmada',
  UNCONFIRMED: 'Sin confirmar',
  FORCE_CHANGE_PASSWORD: 'Con contraseña temporal por cambiar',
  RESET_REQUIRED: 'Debe restablecer la contraseña',
};

function identityGroup(account: IdentityAccount): CopyGroup {
  const record: Record<string, CopyValue> = {};
  for (const [name, value] of Object.entries(account.attributes)) {
    // The provider's internal id is not data about the person.
    if (name === 'sub') continue;
    record[identityLabels[name] ?? name] = value === 'true' ? true : value === 'false' ? false : value;
  }
  if (account.createdAt) record['Fecha de creación'] = account.createdAt.toISOString();
  if (account.status) record['Estado de la cuenta'] = accountStatuses[account.status] ?? account.status;
  if (account.enabled !== null) record['Activa'] = account.enabled;
  return { title: 'Cuenta en el sitio (proveedor de identidad)', source: 'identidad', records: [record] };
}

/**
 * Reads every record the registry says belongs to `email` (already lower-cased), one group per table in the
 * registry's order, and the identity provider's account when there is one.
 */
export async function collectCopy(
  db: SiteDb,
  registry: PersonalDataRegistry,
  tables: Map<string, ColumnInfo[]>,
  email: string,
  account: IdentityAccount | null,
  at: Date,
): Promise<PersonalDataCopy> {
  const selection = new Selection(registry, personScope(email, 'copy'));
  const groups: CopyGroup[] = [];
  if (account) groups.push(identityGroup(account));
  for (const spec of registry.tables) {
    const columns = tables.get(spec.table);
    if (!columns) continue;
    const where = selection.selected(spec);
    if (!where) continue;
    const present = new Set(columns.map((c) => c.column));
    const shown: Array<[string, RawBuilder<unknown>, Readonly<Record<string, string>> | undefined]> = [
      ...Object.entries(spec.extra ?? {}).map(([label, expr]): [string, RawBuilder<unknown>, undefined] => [label, expr, undefined]),
      ...Object.entries(spec.columns).flatMap(
        ([column, c]): Array<[string, RawBuilder<unknown>, Readonly<Record<string, string>> | undefined]> =>
          c?.label && present.has(column) ? [[c.label, sql`${col(column)}`, c.values]] : [],
      ),
    ];
    if (!shown.length) continue;
    const order = spec.orderBy && present.has(spec.orderBy) ? sql`${col(spec.orderBy)}, ` : sql``;
    const result = await sql<Record<string, unknown>>`
      select ${sql.join(shown.map(([, expr], i) => sql`${expr} as ${sql.id(`c${i}`)}`))}
      from ${tableRef(spec.table)} t where ${where}
      order by ${order}1`.execute(db);
    if (!result.rows.length) continue;
    const records = result.rows.map((row) => {
      const record: Record<string, CopyValue> = {};
      shown.forEach(([label, , names], i) => {
        const value = copyValue(row[`c${i}`]);
        if (value === undefined) return;
        record[label] = typeof value === 'string' && names?.[value] !== undefined ? names[value] : value;
      });
      return record;
    });
    groups.push({ title: spec.label, source: spec.table, records });
  }
  return { email, generatedAt: at, groups, records: groups.reduce((n, g) => n + g.records.length, 0) };
}

/** The copy as JSON text: who is responsible, for whom, when, and every group of records with Spanish labels. */
export function copyJson(copy: PersonalDataCopy): string {
  return JSON.stringify(
    {
      responsable: {
        nombre: site.name,
        nit: site.nit,
        correo: site.legal.dataProtectionEmail,
      },
      titular: copy.email,
      generada: copy.generatedAt.toISOString(),
      total_registros: copy.records,
      grupos: copy.groups.map((g) => ({ tipo: g.title, origen: g.source, cantidad: g.records.length, registros: g.records })),
    },
    null,
    2,
  );
}
