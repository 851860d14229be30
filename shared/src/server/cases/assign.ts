import type { FastifyBaseLogger, FastifyInstance, FastifyRequest } from 'fastify';
import { sql, type Expression, type SqlBool } from 'kysely';
import {
  caseAreas,
  caseAssignmentTexts as t,
  parseTarget,
  type CaseAssignedFilter,
  type CaseAssignee,
  type CaseAssignees,
  type CaseBulkAssignResponse,
} from '../../cases/assignment';
import type { IsoDate } from '../../format/business-days';
import { formatLongDate } from '../../format/dates';
import type { AnyOperation } from '../../api/operation';
import type { StaffRole } from '../../staff-roles';
import type { StaffDirectory } from '../api-contract';
import { recordAudit } from '../audit';
import type { SiteDb } from '../database';
import { ApiError } from '../http';
import { renderMail } from '../mail-template';
import type { OutgoingMail } from '../mailer';
import { route } from '../operation-routes';
import { staffWithRole } from '../staff-directory';
import { staffOf, staffRead, type StaffUser } from '../staff-guard';
import { historyValues, type CaseRow, type CaseTrx } from './act';
import { isoOf } from './read';
import '../staff-members-table';

/**
 * Assignment of a legal case (#32), once for every kind: to a member of the kind's team (active, with its role, as the
 * staff directory says: `staffWithRole`) or to one of the foundation's areas (shared/cases/assignment `caseAreas`). Each
 * case is locked, checked (only an open case is assigned), changed, and gets its history row ("Asignada a …") and its
 * audit row in one transaction; in bulk, one transaction per case, so a closed case is refused alone with its reason.
 * After the commit the member (never an area) gets one e-mail naming the cases by radicado, type and due date, with a
 * link to the panel: nothing of the person who filed (the panel shows that to whoever may see it).
 */

/** The columns a case's table has for its assignment (each kind's migration adds them). */
export interface CaseAssignmentColumns {
  assignee_sub: string | null;
  assignee_email: string | null;
  assignee_name: string | null;
  assigned_area: string | null;
  assigned_at: Date | string | null;
}

/** What an assignment writes. */
export type CaseAssignmentValues = Omit<CaseAssignmentColumns, 'assigned_at'> & { assigned_at: Date };

/** The assignee as the inbox and the case show it. */
export function assigneeOf(r: CaseAssignmentColumns): CaseAssignee {
  if (!r.assigned_at) return null;
  const at = isoOf(r.assigned_at);
  if (r.assignee_email) return { kind: 'member', label: r.assignee_name || r.assignee_email, email: r.assignee_email, at };
  if (r.assigned_area) return { kind: 'area', label: r.assigned_area, email: null, at };
  return null;
}

/** The inbox's assignment filter as a condition on the case's table (`mias`: assigned to the signed-in member). */
export function assignedWhere(filter: CaseAssignedFilter, me: { email: string }): Expression<SqlBool> {
  if (filter === 'mias') return sql<SqlBool>`${sql.ref('assignee_email')} = ${me.email.toLowerCase()}`;
  if (filter === 'sin-asignar') return sql<SqlBool>`(${sql.ref('assignee_email')} is null and ${sql.ref('assigned_area')} is null)`;
  return sql<SqlBool>`${sql.ref('assigned_area')} = ${filter}`;
}

export const caseAssignmentMailTexts = {
  greeting: 'Hola:',
  subject: (kind: string, radicados: string[]) =>
    radicados.length === 1 ? `Te asignaron el caso ${kind} ${radicados[0]}` : `Te asignaron ${radicados.length} casos ${kind}`,
  intro: (by: string, n: number) =>
    n === 1 ? `${by} te asignó este caso en el panel del equipo.` : `${by} te asignó estos ${n} casos en el panel del equipo.`,
  line: (radicado: string, type: string, due: string) => `${radicado} · ${type} · vence el ${due}`,
  privacy: 'Por privacidad este correo no trae los datos de quien lo radicó ni la nota: los ves en el panel.',
  radicadoLabel: 'Radicado',
  typeLabel: 'Tipo',
  dueLabel: 'Fecha límite de respuesta',
  action: (n: number) => (n === 1 ? 'Abrir el caso en el panel' : 'Abrir la bandeja en el panel'),
  historyNote: (label: string, note: string | undefined) => (note ? `Asignada a ${label}.\n${note}` : `Asignada a ${label}.`),
} as const;

/** A case as its assignee's e-mail names it. */
export interface AssignedCase {
  radicado: string;
  type: string;
  dueDate: IsoDate;
}

/** The e-mail to the member a case (or several) was assigned to. */
export function assignmentMail(
  origin: string,
  to: string,
  c: { kind: string; by: string; cases: AssignedCase[]; casePath: (radicado: string) => string; inboxPath: string },
): OutgoingMail {
  const m = caseAssignmentMailTexts;
  const [first] = c.cases;
  const one = c.cases.length === 1 && first;
  return renderMail({
    to,
    subject: m.subject(
      c.kind,
      c.cases.map((x) => x.radicado),
    ),
    greeting: m.greeting,
    paragraphs: [
      m.intro(c.by, c.cases.length),
      ...(one ? [] : c.cases.map((x) => m.line(x.radicado, x.type, formatLongDate(x.dueDate)))),
      m.privacy,
    ],
    details: one
      ? [
          [m.radicadoLabel, first.radicado],
          [m.typeLabel, first.type],
          [m.dueLabel, formatLongDate(first.dueDate)],
        ]
      : [],
    // The panel asks for a sign-in: the link opens nothing by itself.
    action: { label: m.action(c.cases.length), url: `${origin}${one ? c.casePath(first.radicado) : c.inboxPath}`, public: true },
  });
}

export interface CaseAssignmentKit<Row extends CaseRow & CaseAssignmentColumns & { radicado: string; due_date: string }, Case> {
  db: SiteDb;
  now: () => Date;
  /** The staff directory (who holds the kind's role) and the kind's role. */
  staff: Pick<StaffDirectory, 'list'>;
  role: StaffRole;
  /** Queues an e-mail to a member (the outbox). */
  send: (mail: OutgoingMail) => Promise<unknown>;
  publicOrigin: string;
  /** The kind as the e-mail names it ("PQRSF", "de datos personales"). */
  kindLabel: string;
  /** The panel's pages: a case's and the inbox. */
  casePath: (radicado: string) => string;
  inboxPath: string;
  /** The audit log's entity, the assignment's audit action and the reads' (the assignable members' list is audited). */
  entity: string;
  auditAction: string;
  readAction: string;
  notFound: string;
  lock: (trx: CaseTrx, radicado: string) => Promise<Row | undefined>;
  isOpen: (status: string) => boolean;
  /** The case's type in the kind's words (for the e-mail). */
  typeOf: (row: Row) => string;
  /** Writes the assignment's columns. */
  update: (trx: CaseTrx, row: Row, values: CaseAssignmentValues) => Promise<unknown>;
  addEvent: (trx: CaseTrx, values: ReturnType<typeof historyValues>) => Promise<unknown>;
  read: (radicado: string) => Promise<Case | null>;
}

/** The history row's action of an assignment (the kit's CaseHistory names it "Asignación"). */
export const ASSIGNED_EVENT = 'asignada';

type Resolved = { values: Omit<CaseAssignmentValues, 'assigned_at'>; label: string; email: string | null };

export function caseAssignment<Row extends CaseRow & CaseAssignmentColumns & { radicado: string; due_date: string }, Case>(
  kit: CaseAssignmentKit<Row, Case>,
) {
  /** Who a case of this kind can go to now: the members with the role (name or address), and the areas. */
  async function assignees(): Promise<CaseAssignees> {
    const members = await staffWithRole(kit.staff, kit.role);
    return { members: members.map((m) => ({ email: m.email, label: m.name || m.email })), areas: [...caseAreas] };
  }

  /** The target of `to`, or a 400 in Spanish: a member must be one of the kind's team today. */
  async function resolve(to: string): Promise<Resolved> {
    const target = parseTarget(to);
    if (!target) throw new ApiError(400, 'unknown_assignee', t.unknownTarget, { to: t.unknownTarget });
    if (target.kind === 'area')
      return {
        values: { assignee_sub: null, assignee_email: null, assignee_name: null, assigned_area: target.area },
        label: target.area,
        email: null,
      };
    const member = (await staffWithRole(kit.staff, kit.role)).find((m) => m.email.toLowerCase() === target.email);
    if (!member) throw new ApiError(400, 'unknown_member', t.unknownMember, { to: t.unknownMember });
    // The account's id when the site's directory has it (the member's row); the address is what "Mis casos" matches.
    const row = await kit.db
      .selectFrom('staff.members')
      .select('sub')
      .where('email', '=', member.email.toLowerCase())
      .where('status', '=', 'active')
      .executeTakeFirst();
    return {
      values: {
        assignee_sub: row?.sub ?? null,
        assignee_email: member.email.toLowerCase(),
        assignee_name: member.name,
        assigned_area: null,
      },
      label: member.name || member.email,
      email: member.email.toLowerCase(),
    };
  }

  /** One case in its own transaction: the case assigned, or the reason it was not (unknown, not open). */
  async function assignOne(
    me: StaffUser,
    radicado: string,
    target: Resolved,
    note: string | undefined,
    bulk: boolean,
  ): Promise<{ ok: true; assigned: AssignedCase } | { ok: false; status: 404 | 409; reason: string }> {
    const at = kit.now();
    return kit.db.transaction().execute(async (trx) => {
      const row = await kit.lock(trx, radicado);
      if (!row) return { ok: false, status: 404, reason: kit.notFound } as const;
      if (!kit.isOpen(row.status)) return { ok: false, status: 409, reason: t.notOpen(row.status) } as const;
      const before = assigneeOf(row);
      await kit.update(trx, row, { ...target.values, assigned_at: at });
      await kit.addEvent(
        trx,
        historyValues(row.id, me, at, {
          action: ASSIGNED_EVENT,
          status: row.status,
          note: caseAssignmentMailTexts.historyNote(target.label, note),
        }),
      );
      await recordAudit(trx, me, {
        action: kit.auditAction,
        entity: kit.entity,
        entityId: row.radicado,
        detail: {
          from: before ? { kind: before.kind, to: before.email ?? before.label } : null,
          to: target.email ? { kind: 'member', to: target.email } : { kind: 'area', to: target.label },
          ...(bulk ? { bulk: true } : {}),
        },
      });
      return { ok: true, assigned: { radicado: row.radicado, type: kit.typeOf(row), dueDate: row.due_date } } as const;
    });
  }

  /** The member's e-mail after the commit (an area gets none, nor a member who assigned to themselves). */
  async function tell(me: StaffUser, target: Resolved, cases: AssignedCase[], log: FastifyBaseLogger) {
    if (!target.email || !cases.length || target.email === me.email.toLowerCase()) return;
    try {
      await kit.send(
        assignmentMail(kit.publicOrigin, target.email, {
          kind: kit.kindLabel,
          by: me.name || me.email,
          cases,
          casePath: kit.casePath,
          inboxPath: kit.inboxPath,
        }),
      );
    } catch (err) {
      // The assignment stands; the log names the kind, never the case or the address.
      log.warn({ assignment: kit.entity, err: String(err) }, 'assignment e-mail not queued');
    }
  }

  /** POST …/:radicado/asignacion: the case as it is now, or 404 / 409 with the reason. */
  async function assign(request: FastifyRequest, radicado: string, body: { to: string; note?: string | undefined }): Promise<Case> {
    const me = staffOf(request);
    const target = await resolve(body.to);
    const done = await assignOne(me, radicado, target, body.note, false);
    if (!done.ok) throw new ApiError(done.status, done.status === 404 ? 'not_found' : 'not_allowed', done.reason);
    await tell(me, target, [done.assigned], request.log);
    const found = await kit.read(radicado);
    if (!found) throw new ApiError(404, 'not_found', kit.notFound);
    return found;
  }

  /** POST …/asignacion: each case on its own; the ones refused are listed with their reason. */
  async function assignMany(
    request: FastifyRequest,
    body: { radicados: string[]; to: string; note?: string | undefined },
  ): Promise<CaseBulkAssignResponse> {
    const me = staffOf(request);
    const target = await resolve(body.to);
    const result: CaseBulkAssignResponse = { assigned: [], refused: [] };
    const cases: AssignedCase[] = [];
    for (const radicado of [...new Set(body.radicados)]) {
      const done = await assignOne(me, radicado, target, body.note, true);
      if (done.ok) {
        result.assigned.push(radicado);
        cases.push(done.assigned);
      } else result.refused.push({ radicado, reason: done.reason });
    }
    await tell(me, target, cases, request.log);
    return result;
  }

  /** Registers the three routes inside the kind's `registerStaffRoutes` scope (its role). */
  function registerAssignment(
    scope: FastifyInstance,
    ops: { assign: AnyOperation; assignMany: AnyOperation; assignees: AnyOperation },
  ): void {
    route(scope, ops.assign, async (request) => {
      const { radicado } = request.params as { radicado: string };
      return assign(request, radicado, request.body as { to: string; note?: string });
    });
    route(scope, ops.assignMany, async (request) =>
      assignMany(request, request.body as { radicados: string[]; to: string; note?: string }),
    );
    // The team's names and addresses: a read of people's data, audited like the inbox.
    route(scope, ops.assignees, async () => assignees(), {
      config: staffRead<CaseAssignees>({ action: kit.readAction, entity: kit.entity, count: (b) => b.members.length }),
    });
  }

  return { assignees, resolve, assign, assignMany, registerAssignment };
}
