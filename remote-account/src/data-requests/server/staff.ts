import { randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import { addBusinessDays, colombianDate } from 'shared/format/business-days';
import { formatLongDate } from 'shared/format/dates';
import {
  dataInboxRequestSchema,
  dataInboxResponseSchema,
  dataRequestCaseSchema,
  dataRequestKindLabels,
  dataRequestParamsSchema,
  type DataInboxQuery,
  type DataRequestKind,
} from '../schemas';
import type { ApiContext } from 'shared/server/api-contract';
import { caseActions, refuse, type CaseTrx } from 'shared/server/cases/act';
import { caseAssignment } from 'shared/server/cases/assign';
import { ApiError } from 'shared/server/http';
import { route } from 'shared/server/operation-routes';
import { registerStaffRoutes, type StaffUser } from 'shared/server/staff-guard';
import { dataRequestsStaffOperations as ops } from '../staff-operations';
import { dataRequestAttachments } from './attachments';
import { finishAccountDeletion, scheduleAccountDeletions } from './account-deletion';
import { scheduleDataRequestDigest } from './digest';
import { completionMail, extensionMail, responseMail, withdrawnMail } from './mail';
import type { PersonalDataEngine } from './personal-data';
import {
  canErase,
  canExport,
  canExtend,
  canRequestCompletion,
  canRespond,
  canResume,
  canStart,
  canWithdraw,
  extendedDueDate,
  requestRuleTexts,
  statusAfter,
  withdrawFrom,
} from './rules';
import { factsOf, readCase, readCounts, readInbox, type DataRequestRow } from './staff-read';
import { emailKeyOf, tokenHashOf } from './visitor';

/**
 * The team's handling of the data subject's requests under /api/account/staff/data-requests… (every route behind
 * `registerStaffRoutes`). Each action locks the request's row, checks the rules (rules.ts), changes it, writes its history
 * and audit rows in one transaction, and only then e-mails the person. An answer erases the request's contact data in
 * the same transaction (the record keeps radicado, kind, dates and outcome), so the e-mail goes to the address read
 * inside it. An erasure is one of these actions too: the engine erases inside the action's transaction, so erasure,
 * answer and audit rows commit together; only the identity provider's account deletion follows the commit
 * (account-deletion.ts), and the answer e-mail with it.
 */

export const dataAuditActions = {
  /** The inbox and a case read (staffRead). */
  read: 'account.data.read',
  start: 'account.data.start',
  extend: 'account.data.extend',
  respond: 'account.data.respond',
  export: 'account.data.export',
  erase: 'account.data.erase',
  /** Art. 15 (names not yet in the audit screen's labels: the lead adds them). */
  requestCompletion: 'account.data.incomplete',
  resume: 'account.data.resume',
  withdraw: 'account.data.withdraw',
  assign: 'account.data.assign',
} as const;
export const DATA_AUDIT_ENTITY = 'data_request';

/** How long the copy of an acceso's data can be downloaded from the e-mailed link. */
export const EXPORT_LINK_DAYS = 7;

export const dataStaffTexts = {
  notFound: 'No encontramos una solicitud con ese radicado.',
} as const;

export interface DataRequestStaffContext extends ApiContext {
  now: () => Date;
  personalData: PersonalDataEngine;
}

export const dataRequestStaffRoutes: FastifyPluginAsync<DataRequestStaffContext> = async (app, ctx) => {
  const today = () => colombianDate(ctx.now());

  const stopDigest = scheduleDataRequestDigest(ctx, { now: ctx.now, log: app.log });
  const accountDeletions = { db: ctx.db, mailer: ctx.mailer, personalData: ctx.personalData };
  const stopAccountDeletions = scheduleAccountDeletions(accountDeletions, { now: ctx.now, log: app.log });
  // Attachments (#32, the legal-case kit): the person's download link from the answer e-mail, and the hourly purge of
  // unsent uploads and of removed rows' bytes.
  const attachments = dataRequestAttachments({ db: ctx.db, objects: ctx.objects, now: ctx.now });
  attachments.registerAttachmentLink(app);
  const stopAttachmentPurge = attachments.scheduleAttachmentPurge(app.log);
  app.addHook('onClose', async () => {
    stopDigest();
    stopAccountDeletions();
    stopAttachmentPurge();
  });

  const {
    act,
    caseOrNotFound,
    record: event,
    start,
    registerReads,
  } = caseActions({
    db: ctx.db,
    now: ctx.now,
    today,
    tag: 'account',
    schemas: { params: dataRequestParamsSchema, answer: dataRequestCaseSchema },
    entity: DATA_AUDIT_ENTITY,
    base: '/data-requests',
    inboxSchemas: { body: dataInboxRequestSchema, answer: dataInboxResponseSchema },
    auditActions: dataAuditActions,
    notFound: dataStaffTexts.notFound,
    lock: (trx, radicado) =>
      trx.selectFrom('account.data_requests').selectAll().where('radicado', '=', radicado).forUpdate().executeTakeFirst(),
    // The address read under the lock, before the answer erased it; logs never name it.
    addressOf: (row) => row.email,
    deliver: (mail) => ctx.mailer.send(mail),
    read: (radicado) => readCase(ctx.db, radicado, today()),
    addEvent: (trx, values) => trx.insertInto('account.data_request_events').values(values).execute(),
    setStatus: (trx, row, status) => trx.updateTable('account.data_requests').set({ status }).where('id', '=', row.id).execute(),
  });

  // Assignment (#32): the legal-case kit's, to a member with the role `datos` or an area; a request answered or
  // withdrawn is over.
  const assignment = caseAssignment({
    db: ctx.db,
    now: ctx.now,
    staff: ctx.staff,
    role: 'datos',
    send: (mail) => ctx.mailer.send(mail),
    publicOrigin: ctx.settings.publicOrigin,
    kindLabel: 'de datos personales',
    casePath: (radicado) => `/equipo/datos-personales/${radicado}`,
    inboxPath: '/equipo/datos-personales?asignacion=mias',
    entity: DATA_AUDIT_ENTITY,
    auditAction: dataAuditActions.assign,
    readAction: dataAuditActions.read,
    notFound: dataStaffTexts.notFound,
    lock: (trx, radicado) =>
      trx.selectFrom('account.data_requests').selectAll().where('radicado', '=', radicado).forUpdate().executeTakeFirst(),
    isOpen: (status) => status !== 'Respondida' && status !== 'Desistida',
    typeOf: (row) => dataRequestKindLabels[row.kind as DataRequestKind] ?? row.kind,
    update: (trx, row, values) => trx.updateTable('account.data_requests').set(values).where('id', '=', row.id).execute(),
    addEvent: (trx, values) => trx.insertInto('account.data_request_events').values(values).execute(),
    read: (radicado) => readCase(ctx.db, radicado, today()),
  });

  async function rowOrNotFound(radicado: string): Promise<DataRequestRow> {
    const row = await ctx.db.selectFrom('account.data_requests').selectAll().where('radicado', '=', radicado).executeTakeFirst();
    if (!row) throw new ApiError(404, 'not_found', dataStaffTexts.notFound);
    return row;
  }

  /**
   * The answer: status 'Respondida' with its text and date, the history row, and the contact data erased (what the law
   * needs stays: radicado, kind, dates, outcome). Returns the audit row's detail.
   */
  async function answer(trx: CaseTrx, row: DataRequestRow, me: StaffUser, at: Date, text: string, outcome: string | null) {
    await trx
      .updateTable('account.data_requests')
      .set({
        status: statusAfter.respond,
        response: text,
        responded_at: at,
        outcome,
        ...contactErased(at),
      })
      .where('id', '=', row.id)
      .execute();
    await event(trx, row, me, at, { action: 'respondida', status: statusAfter.respond });
    return { from: row.status, to: statusAfter.respond, onTime: colombianDate(at) <= row.due_date, outcome };
  }

  /** What a request keeps once it is over: no contact data and no text of the person's. */
  function contactErased(at: Date) {
    return { name: null, email: null, details: null, correction: null, contact_erased_at: at };
  }

  await registerStaffRoutes(app, ctx, { roles: ['datos'] }, async (scope: FastifyInstance) => {
    registerReads(scope, {
      operations: { inbox: ops.inbox, case: ops.case },
      page: (query: DataInboxQuery, day, me) => readInbox(ctx.db, query, day, me),
      counts: (day) => readCounts(ctx.db, day),
    });
    assignment.registerAssignment(scope, ops);
    await attachments.registerAttachmentRoutes(scope);

    route(scope, ops.start, async (request) =>
      start(request, request.params.radicado, 'start', (row) => canStart(factsOf(row)), statusAfter.start, request.body.note),
    );

    route(scope, ops.extend, async (request) =>
      act(request, request.params.radicado, 'extend', async (trx, row, me, at) => {
        refuse(canExtend(factsOf(row), colombianDate(at), formatLongDate), 'term_over');
        const { reason } = request.body;
        const dueDate = extendedDueDate(row.kind as DataRequestKind, row.due_date);
        await trx
          .updateTable('account.data_requests')
          .set({ due_date: dueDate, original_due_date: row.due_date, extension_reason: reason, extended_at: at })
          .where('id', '=', row.id)
          .execute();
        await event(trx, row, me, at, { action: 'ampliada', status: row.status, note: reason, dueDate });
        return {
          detail: { dueDate, previousDueDate: row.due_date },
          mail: (to) => extensionMail({ to, radicado: row.radicado, reason, dueDate, previousDueDate: row.due_date }),
        };
      }),
    );

    route(scope, ops.respond, async (request) =>
      act(request, request.params.radicado, 'respond', async (trx, row, me, at) => {
        refuse(canRespond(factsOf(row)));
        const text = request.body.response;
        // The member's own pending uploads of this very request, claimed in the answer's transaction (any other id
        // refuses the whole answer); each gets a link that works 30 days.
        const files = await attachments.claimAttachments(
          trx,
          { requestId: row.id, me, at, origin: ctx.settings.publicOrigin },
          request.body.attachments,
          { part: 'respuesta' },
        );
        const detail = await answer(trx, row, me, at, text, null);
        return {
          detail: { ...detail, ...(files.length ? { attachments: files.length } : {}) },
          mail: (to) => responseMail({ to, radicado: row.radicado, text, at, attachments: files }),
        };
      }),
    );

    route(scope, ops.requestCompletion, async (request) =>
      act(request, request.params.radicado, 'requestCompletion', async (trx, row, me, at) => {
        refuse(canRequestCompletion(factsOf(row), colombianDate(at), formatLongDate), 'completion_not_allowed');
        const { message } = request.body;
        await trx
          .updateTable('account.data_requests')
          .set({ status: statusAfter.requestCompletion, completion_requested_at: at, completion_message: message })
          .where('id', '=', row.id)
          .execute();
        await event(trx, row, me, at, { action: 'incompleta', status: statusAfter.requestCompletion, note: message });
        return {
          detail: { from: row.status, to: statusAfter.requestCompletion },
          mail: (to) => completionMail({ to, radicado: row.radicado, message, withdrawFrom: withdrawFrom(at) }),
        };
      }),
    );

    route(scope, ops.resume, async (request) =>
      act(request, request.params.radicado, 'resume', async (trx, row, me, at) => {
        refuse(canResume(factsOf(row)));
        const dueDate = addBusinessDays(colombianDate(at), row.term_days);
        await trx
          .updateTable('account.data_requests')
          .set({ status: statusAfter.resume, completed_at: at, due_date: dueDate })
          .where('id', '=', row.id)
          .execute();
        await event(trx, row, me, at, { action: 'completada', status: statusAfter.resume, note: request.body.note, dueDate });
        return { detail: { from: row.status, to: statusAfter.resume, dueDate } };
      }),
    );

    route(scope, ops.withdraw, async (request) =>
      act(request, request.params.radicado, 'withdraw', async (trx, row, me, at) => {
        refuse(canWithdraw(factsOf(row), colombianDate(at), formatLongDate), 'withdraw_too_early');
        await trx
          .updateTable('account.data_requests')
          .set({ status: statusAfter.withdraw, outcome: 'desistida', ...contactErased(at) })
          .where('id', '=', row.id)
          .execute();
        await event(trx, row, me, at, { action: 'desistida', status: statusAfter.withdraw });
        return {
          detail: { from: row.status, to: statusAfter.withdraw },
          mail: (to) => withdrawnMail({ to, radicado: row.radicado, at }),
        };
      }),
    );

    route(scope, ops.export, async (request) => {
      const { radicado } = request.params;
      const before = await rowOrNotFound(radicado);
      refuse(canExport(factsOf(before)));
      // Built before the lock (it reads every domain); the lock re-checks that nobody answered meanwhile.
      const copy = await ctx.personalData.exportFor(before.email ?? '');
      const token = randomBytes(32).toString('base64url');
      const text = request.body.response;
      return act(request, radicado, 'export', async (trx, row, me, at) => {
        refuse(canExport(factsOf(row)));
        if (row.email !== before.email) throw new ApiError(409, 'not_allowed', requestRuleTexts.notOpen(row.status));
        const expiresAt = new Date(at.getTime() + EXPORT_LINK_DAYS * 86_400_000);
        await trx
          .insertInto('account.data_request_exports')
          .values({
            request_id: row.id,
            token_hash: tokenHashOf(token),
            email_key: emailKeyOf(row.email ?? ''),
            json: copy.json,
            pdf: copy.pdf,
            records: copy.records,
            created_at: at,
            expires_at: expiresAt,
          })
          .execute();
        await event(trx, row, me, at, { action: 'exportada', status: row.status });
        const answered = await answer(trx, row, me, at, text, 'exportada');
        const base = `${ctx.settings.publicOrigin}/api/account/data-requests/copia/${token}`;
        return {
          detail: { records: copy.records, expiresAt: expiresAt.toISOString() },
          audits: [{ action: dataAuditActions.respond, detail: answered }],
          mail: (to) =>
            responseMail({
              to,
              radicado: row.radicado,
              text,
              at,
              copy: { pdfUrl: `${base}/datos.pdf`, jsonUrl: `${base}/datos.json`, expiresAt },
            }),
        };
      });
    });

    route(scope, ops.erase, async (request) => {
      const text = request.body.response;
      const pending: { id: number | null } = { id: null };
      // One transaction, under the request's lock: the rules, the erasure, the answer, its history and audit rows, and
      // the account deletion still to do. A second click or a concurrent request waits for the lock, then finds the
      // request answered: a 409 before anything is erased. A failure anywhere rolls the erasure back with the rest.
      const answered = await act(request, request.params.radicado, 'erase', async (trx, row, me, at) => {
        refuse(canErase(factsOf(row)));
        const email = row.email ?? '';
        // Earlier copies sent to this address go with the rest.
        await trx.deleteFrom('account.data_request_exports').where('email_key', '=', emailKeyOf(email)).execute();
        // What the domains must undo elsewhere first (a monthly gift the provider would keep charging); one that fails
        // stops the erasure, which the team may complete again.
        for (const step of ctx.domains.beforeErasure) await step(ctx, trx, email);
        // The engine erases this request's contact data too (it is the person's): the row read under the lock keeps it.
        const summary = await ctx.personalData.eraseData(trx, email);
        await trx
          .updateTable('account.data_requests')
          .set({ erased_at: at, erasure_summary: JSON.stringify(summary) })
          .where('id', '=', row.id)
          .execute();
        await event(trx, row, me, at, { action: 'suprimida', status: row.status });
        const responded = await answer(trx, row, me, at, text, 'suprimida');
        const deletion = await trx
          .insertInto('account.data_request_account_deletions')
          .values({ request_id: row.id, email, created_at: at })
          .returning('id')
          .executeTakeFirstOrThrow();
        pending.id = deletion.id;
        // No e-mail yet: the answer says the account is gone, so it is queued when it is (account-deletion.ts).
        return { detail: { summary }, audits: [{ action: dataAuditActions.respond, detail: responded }] };
      });
      if (pending.id === null) return answered;
      // The identity provider after the commit (a network call is never inside a transaction). If it fails, the
      // request shows the deletion pending and the job tries again; the answer e-mail waits for it.
      await finishAccountDeletion(accountDeletions, pending.id, ctx.now(), app.log);
      return caseOrNotFound(request.params.radicado);
    });
  });
};
