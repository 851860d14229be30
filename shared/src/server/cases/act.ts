import type { FastifyBaseLogger, FastifyInstance, FastifyRequest } from 'fastify';
import type { Transaction } from 'kysely';
import type { Verdict } from 'shared/cases/verdict';
import type { IsoDate } from 'shared/format/business-days';
import type { z } from 'shared/schemas/zod';
import { recordAudit } from 'shared/server/audit';
import type { Database, SiteDb } from 'shared/server/database';
import { ApiError, zodResponse, zodSchema } from 'shared/server/http';
import type { OutgoingMail } from 'shared/server/mailer';
import type { AnyOperation } from 'shared/api/operation';
import { route as registerOperation } from 'shared/server/operation-routes';
import { pathParam, staffOf, staffRead, type StaffUser } from 'shared/server/staff-guard';

/**
 * The server half of the legal-case kit: one staff action on one case as every kind does it. The action locks the case's
 * row, checks the kind's rules and changes it, writes its history row and its audit rows in one transaction, and only
 * then e-mails the person (the outbox keeps and retries it; never a mail for a change that was rolled back). The kind
 * says how to lock its row, where the person's address is, how a mail is delivered and how the case is read back.
 */

export type CaseTrx = Transaction<Database>;

/** What an action did: its audit row's facts, further audit rows, and the e-mail for the person (sent after the commit). */
export interface CaseActionOutcome {
  detail: Record<string, unknown>;
  /** Audit rows beyond the action's own (an action that also answers, for instance). */
  audits?: Array<{ action: string; detail: Record<string, unknown> }>;
  /** The e-mail, addressed to the address read under the lock. */
  mail?: (to: string) => OutgoingMail;
}

export type CaseChange<Row> = (trx: CaseTrx, row: Row, me: StaffUser, at: Date) => Promise<CaseActionOutcome>;

/** What the kit needs of a case's row. */
export interface CaseRow {
  id: number;
  status: string;
}

export interface CaseActionKit<Row extends CaseRow, Case, Action extends string> {
  db: SiteDb;
  now: () => Date;
  today: () => IsoDate;
  /** The OpenAPI tag of the kind's routes, and the schemas of its `:radicado` and of the case it answers. */
  tag: string;
  schemas: { params: z.ZodMiniType; answer: z.ZodMiniType };
  /** The routes' prefix under the remote's staff API (`/pqrsf`, `/data-requests`…), and the inbox's body and answer. */
  base: string;
  inboxSchemas: { body: z.ZodMiniType; answer: z.ZodMiniType };
  /** The audit log's entity (`pqrsf`, `data_request`…), each action's audit name, and the reads' (`read`). */
  entity: string;
  auditActions: Record<Action, string> & { read: string };
  /** The 404 message of an unknown radicado. */
  notFound: string;
  /** The case's row `FOR UPDATE`, or undefined. */
  lock: (trx: CaseTrx, radicado: string) => Promise<Row | undefined>;
  /** The person's address as the row has it (null once erased). */
  addressOf: (row: Row) => string | null;
  /** Sends a mail to the person; a kind may skip an address it cannot trust (its logs never name it). */
  deliver: (mail: OutgoingMail, log: FastifyBaseLogger) => Promise<unknown>;
  /** The case as the staff screen shows it now, or null. */
  read: (radicado: string) => Promise<Case | null>;
  /** Writes a history row (the kind's history table has `historyValues`' columns). */
  addEvent: (trx: CaseTrx, values: ReturnType<typeof historyValues>) => Promise<unknown>;
  /** Sets the case's status (and nothing else). */
  setStatus: (trx: CaseTrx, row: Row, status: string) => Promise<unknown>;
}

/** A refused verdict as the API says it: 409 with the rules' reason (and field messages when given). */
export function refuse(verdict: Verdict, code = 'not_allowed', fields?: Record<string, string>): void {
  if (!verdict.allowed) throw new ApiError(409, code, verdict.reason, fields);
}

/**
 * The kind's `act`, `caseOrNotFound`, `record` (a history row), `start` (the "En trámite" step every kind has), its
 * routes' schema (`route`) and `registerReads`, bound to its tables, audit names and schemas.
 */
export function caseActions<Row extends CaseRow, Case, Action extends string>(kit: CaseActionKit<Row, Case, Action>) {
  async function caseOrNotFound(radicado: string): Promise<Case> {
    const found = await kit.read(radicado);
    if (!found) throw new ApiError(404, 'not_found', kit.notFound);
    return found;
  }

  /** One action on one case: lock, check and change, history and audit in one transaction; the e-mail after it. */
  async function act(request: FastifyRequest, radicado: string, action: Action, change: CaseChange<Row>): Promise<Case> {
    const me = staffOf(request);
    const at = kit.now();
    const { outcome, address } = await kit.db.transaction().execute(async (trx) => {
      const row = await kit.lock(trx, radicado);
      if (!row) throw new ApiError(404, 'not_found', kit.notFound);
      const result = await change(trx, row, me, at);
      const audits = [{ action: kit.auditActions[action], detail: result.detail }, ...(result.audits ?? [])];
      for (const audit of audits) await recordAudit(trx, me, { ...audit, entity: kit.entity, entityId: radicado });
      return { outcome: result, address: kit.addressOf(row) };
    });
    if (outcome.mail && address) await kit.deliver(outcome.mail(address), request.log);
    return caseOrNotFound(radicado);
  }

  /** A history row of this case written by this member now. */
  const record = (trx: CaseTrx, row: Row, me: StaffUser, at: Date, e: CaseEvent) => kit.addEvent(trx, historyValues(row.id, me, at, e));

  /** Someone of the team takes the case: its status only, a history row with the optional note, from and to audited. */
  const start = (request: FastifyRequest, radicado: string, action: Action, check: (row: Row) => Verdict, status: string, note?: string) =>
    act(request, radicado, action, async (trx, row, me, at) => {
      refuse(check(row));
      await kit.setStatus(trx, row, status);
      await record(trx, row, me, at, { action: 'en_tramite', status, note });
      return { detail: { from: row.status, to: status } };
    });

  const route = caseRouteSchema(kit.tag, kit.schemas.params, kit.schemas.answer);

  /** The inbox and the case read (see `registerCaseReads`), with this kind's prefix, schemas, audit names and clock. */
  const registerReads = <Query, Page extends { items: unknown[] }, Counts>(
    scope: FastifyInstance,
    reads: Pick<CaseReads<Query, Page, Counts, Case>, 'summaries' | 'page' | 'counts' | 'operations'>,
  ) =>
    registerCaseReads(scope, {
      ...reads,
      base: kit.base,
      tag: kit.tag,
      readAction: kit.auditActions.read,
      entity: kit.entity,
      inboxSchemas: kit.inboxSchemas,
      caseRoute: route,
      today: kit.today,
      caseOrNotFound,
    });

  return { act, caseOrNotFound, record, start, route, registerReads };
}

/** A history row of a case (the kind's history table has these columns). */
export interface CaseEvent {
  action: string;
  status: string;
  note?: string | null | undefined;
  dueDate?: string | null;
}

/** The values of a history row written by a member of the team. */
export const historyValues = (requestId: number, me: StaffUser, at: Date, e: CaseEvent) => ({
  request_id: requestId,
  action: e.action,
  status: e.status,
  note: e.note ?? null,
  due_date: e.dueDate ?? null,
  at,
  actor_sub: me.sub,
  actor_email: me.email,
});

/** The OpenAPI schema of a kind's case routes: the radicado in the path, an optional body, the case as the answer. */
export const caseRouteSchema = (tag: string, params: z.ZodMiniType, answer: z.ZodMiniType) => (summary: string, body?: z.ZodMiniType) => ({
  schema: {
    tags: [tag],
    summary,
    params: zodSchema(params),
    ...(body ? { body: zodSchema(body) } : {}),
    response: { 200: zodResponse(answer) },
  },
});

/** A kind's two reads: the inbox (POST `<base>/bandeja`: a search must not travel in a URL) and one case. */
export interface CaseReads<Query, Page extends { items: unknown[] }, Counts, Case> {
  /** `/pqrsf`, `/data-requests`…: the routes' prefix under the remote's staff API. */
  base: string;
  tag: string;
  /** The audit log's read action and entity. */
  readAction: string;
  entity: string;
  /** The summaries of the reads registered without a declaration (a declared operation has its own). */
  summaries?: { inbox: string; case: string };
  /**
   * The reads' declared operations (shared/api/operation, #27): path, schemas, summary and roles from them. Without
   * them (kinds not migrated yet) the reads are registered from `base`, the schemas and `summaries`.
   */
  operations?: { inbox: AnyOperation; case: AnyOperation };
  inboxSchemas: { body: z.ZodMiniType; answer: z.ZodMiniType };
  caseRoute: ReturnType<typeof caseRouteSchema>;
  today: () => IsoDate;
  /** A page of the inbox; `me` is the signed-in member ("Mis casos", #32). */
  page: (query: Query, today: IsoDate, me: StaffUser) => Promise<Page>;
  counts: (today: IsoDate) => Promise<Counts>;
  caseOrNotFound: (radicado: string) => Promise<Case>;
}

/** Registers the inbox (page and the whole inbox's counts, both for the same day) and the case read, both audited. */
export function registerCaseReads<Query, Page extends { items: unknown[] }, Counts, Case>(
  scope: FastifyInstance,
  r: CaseReads<Query, Page, Counts, Case>,
): void {
  type Inbox = Page & { counts: Counts };
  const inboxRead = staffRead<Inbox>({ action: r.readAction, entity: r.entity, count: (b) => b.items.length });
  const caseRead = staffRead<Case>({ action: r.readAction, entity: r.entity, id: pathParam('radicado') });
  const inbox = async (request: FastifyRequest) => {
    const day = r.today();
    const [page, counts] = await Promise.all([r.page(request.body as Query, day, staffOf(request)), r.counts(day)]);
    return { ...page, counts };
  };
  if (r.operations) {
    // The kind's declarations say what the inbox's body and the case's params and answers are; Fastify validated them.
    registerOperation(scope, r.operations.inbox, async (request) => inbox(request), { config: inboxRead });
    registerOperation(scope, r.operations.case, async (request) => r.caseOrNotFound((request.params as { radicado: string }).radicado), {
      config: caseRead,
    });
    return;
  }
  const summaries = r.summaries ?? { inbox: '', case: '' };
  // Fastify validated the body against `inboxSchemas.body`; the answer is checked against `inboxSchemas.answer`.
  scope.post(
    `${r.base}/bandeja`,
    {
      config: inboxRead,
      schema: {
        tags: [r.tag],
        summary: summaries.inbox,
        body: zodSchema(r.inboxSchemas.body),
        response: { 200: zodResponse(r.inboxSchemas.answer) },
      },
    },
    async (request) => inbox(request),
  );
  scope.get<{ Params: { radicado: string } }>(
    `${r.base}/:radicado`,
    { ...r.caseRoute(summaries.case), config: caseRead },
    async (request) => r.caseOrNotFound(request.params.radicado),
  );
}
