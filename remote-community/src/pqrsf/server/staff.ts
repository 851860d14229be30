import type { FastifyBaseLogger, FastifyInstance, FastifyPluginAsync } from 'fastify';
import { colombianDate } from 'shared/format/business-days';
import { formatLongDate } from 'shared/format/dates';
import {
  pqrsfCaseParamsSchema,
  pqrsfCaseSchema,
  pqrsfInboxRequestSchema,
  pqrsfInboxResponseSchema,
  type PqrsfInboxQuery,
} from '../staff-schemas';
import { recordAudit } from 'shared/server/audit';
import { caseActions, refuse } from 'shared/server/cases/act';
import { caseAssignment } from 'shared/server/cases/assign';
import { ApiError } from 'shared/server/http';
import type { OutgoingMail } from 'shared/server/mailer';
import { route } from 'shared/server/operation-routes';
import { registerStaffRoutes, staffOf } from 'shared/server/staff-guard';
import { pqrsfStaffOperations as ops } from '../staff-operations';
import type { CommunityContext } from '../../forms/server/acknowledge';
import { runPqrsfDigest, schedulePqrsfDigest } from './digest';
import { claimAttachments, registerAttachmentLink, registerAttachmentRoutes, scheduleAttachmentPurge } from './attachments';
import { factsOf, readCase } from './staff-case';
import { readCounts, readInbox } from './staff-inbox';
import { registerReportRoutes } from './report';
import { registerInboxExport } from './inbox-export';
import { extensionMail, isPlainAddress, responseMail } from './staff-mail';
import { sendTransfer } from './transfer';
import {
  canClose,
  canExtend,
  canRespond,
  canStartProcessing,
  canTransfer,
  checkExtensionDate,
  closeNeedsNote,
  caseRuleTexts,
  isOpen,
  statusAfter,
} from './rules';

/**
 * The staff's PQRSF case management under /api/community/staff/pqrsf… (every route behind `registerStaffRoutes`): the
 * inbox, a case, and the actions of Ley 1755 de 2015. Each action locks the request's row, checks the rules
 * (rules.ts), changes it, writes its history row and its audit row in one transaction, and only then
 * e-mails the petitioner: the legal-case kit's action (shared/server/cases/act.ts).
 */

/** Actions this remote writes to the audit log for PQRSF. */
export const pqrsfAuditActions = {
  /** The inbox and a case read (staffRead). */
  read: 'community.pqrsf.read',
  startProcessing: 'community.pqrsf.start',
  respond: 'community.pqrsf.respond',
  extend: 'community.pqrsf.extend',
  transfer: 'community.pqrsf.transfer',
  close: 'community.pqrsf.close',
  note: 'community.pqrsf.note',
  assign: 'community.pqrsf.assign',
  digest: 'community.pqrsf.digest',
} as const;

export const pqrsfStaffApiTexts = {
  notFound: 'No encontramos una solicitud con ese número de radicado.',
} as const;

export interface PqrsfStaffContext extends CommunityContext {
  /** The clock (tests); Bogotá's date of it is "today" for every term. */
  now?: (() => Date) | undefined;
}

export const pqrsfStaffRoutes: FastifyPluginAsync<PqrsfStaffContext> = async (app, ctx) => {
  const now = ctx.now ?? (() => new Date());
  const today = () => colombianDate(now());

  const stopDigest = schedulePqrsfDigest(ctx, { now, log: app.log });
  app.addHook('onClose', async () => stopDigest());
  // Attachments (#32): the person's download link from the answer e-mail, and the purge of unsent uploads.
  registerAttachmentLink(app, ctx, now);
  const stopPurge = scheduleAttachmentPurge(ctx, { now, log: app.log });
  app.addHook('onClose', async () => stopPurge());

  const {
    act,
    record: moveTo,
    start,
    registerReads,
  } = caseActions({
    db: ctx.db,
    now,
    today,
    tag: 'community',
    schemas: { params: pqrsfCaseParamsSchema, answer: pqrsfCaseSchema },
    entity: 'pqrsf',
    base: '/pqrsf',
    inboxSchemas: { body: pqrsfInboxRequestSchema, answer: pqrsfInboxResponseSchema },
    auditActions: pqrsfAuditActions,
    notFound: pqrsfStaffApiTexts.notFound,
    lock: (trx, radicado) =>
      trx.selectFrom('community.pqrsf_requests').selectAll().where('radicado', '=', radicado).forUpdate().executeTakeFirst(),
    addressOf: (row) => row.email,
    deliver: (mail, log) => tellPetitioner(log, mail),
    read: (radicado) => readCase(ctx.db, radicado, today()),
    addEvent: (trx, values) => trx.insertInto('community.pqrsf_history').values(values).execute(),
    setStatus: (trx, row, status) => trx.updateTable('community.pqrsf_requests').set({ status }).where('id', '=', row.id).execute(),
  });

  // Assignment (#32): the legal-case kit's, to a member with the role `atencion` or an area.
  const assignment = caseAssignment({
    db: ctx.db,
    now,
    staff: ctx.staff,
    role: 'atencion',
    send: (mail) => ctx.mailer.send(mail),
    publicOrigin: ctx.settings.publicOrigin,
    kindLabel: 'PQRSF',
    casePath: (radicado) => `/equipo/pqrsf/${radicado}`,
    inboxPath: '/equipo/pqrsf?asignacion=mias',
    entity: 'pqrsf',
    auditAction: pqrsfAuditActions.assign,
    readAction: pqrsfAuditActions.read,
    notFound: pqrsfStaffApiTexts.notFound,
    lock: (trx, radicado) =>
      trx.selectFrom('community.pqrsf_requests').selectAll().where('radicado', '=', radicado).forUpdate().executeTakeFirst(),
    isOpen,
    typeOf: (row) => row.request_type,
    update: (trx, row, values) => trx.updateTable('community.pqrsf_requests').set(values).where('id', '=', row.id).execute(),
    addEvent: (trx, values) => trx.insertInto('community.pqrsf_history').values(values).execute(),
    read: (radicado) => readCase(ctx.db, radicado, today()),
  });

  async function tellPetitioner(log: FastifyBaseLogger, mail: OutgoingMail) {
    // Logs name the case's action, never the address.
    if (!isPlainAddress(mail.to)) {
      log.warn(
        { pqrsfMail: mail.subject.split(' ').slice(0, 3).join(' ') },
        'pqrsf e-mail skipped: the filed address is not a plain address',
      );
      return;
    }
    await ctx.mailer.send(mail);
  }

  await registerStaffRoutes(app, ctx, { roles: ['atencion'] }, async (scope: FastifyInstance) => {
    registerReads(scope, {
      operations: { inbox: ops.inbox, case: ops.case },
      page: (query: PqrsfInboxQuery, day, me) => readInbox(ctx.db, query, day, me),
      counts: (day) => readCounts(ctx.db, day),
    });
    registerReportRoutes(scope, ctx.db, now);
    await registerAttachmentRoutes(scope, ctx, now);
    registerInboxExport(scope, ctx.db, now);
    assignment.registerAssignment(scope, ops);

    route(scope, ops.startProcessing, async (request) =>
      start(
        request,
        request.params.radicado,
        'startProcessing',
        (row) => canStartProcessing(factsOf(row)),
        statusAfter.startProcessing,
        request.body.note,
      ),
    );

    route(scope, ops.respond, async (request) =>
      act(request, request.params.radicado, 'respond', async (trx, row, me, at) => {
        refuse(canRespond(factsOf(row)));
        const text = request.body.response;
        await trx
          .updateTable('community.pqrsf_requests')
          .set({ status: statusAfter.respond, response: text, responded_at: at })
          .where('id', '=', row.id)
          .execute();
        await moveTo(trx, row, me, at, { action: 'respondida', status: statusAfter.respond });
        const origin = ctx.settings.publicOrigin;
        const attachments = await claimAttachments(trx, { requestId: row.id, me, at, origin }, request.body.attachments, {
          part: 'respuesta',
        });
        return {
          detail: {
            from: row.status,
            to: statusAfter.respond,
            onTime: colombianDate(at) <= row.due_date,
            ...(attachments.length ? { attachments: attachments.length } : {}),
          },
          mail: (to) => responseMail(origin, { to, radicado: row.radicado, text, at, attachments }),
        };
      }),
    );

    route(scope, ops.extend, async (request) =>
      act(request, request.params.radicado, 'extend', async (trx, row, me, at) => {
        const facts = factsOf(row);
        refuse(canExtend(facts, colombianDate(at), formatLongDate), 'term_over');
        const { reason, dueDate } = request.body;
        const date = checkExtensionDate(facts, dueDate, formatLongDate);
        if (!date.allowed) throw new ApiError(422, 'invalid_due_date', date.reason, { dueDate: date.reason });
        await trx
          .updateTable('community.pqrsf_requests')
          .set({ due_date: dueDate, original_due_date: row.due_date, extension_reason: reason, extended_at: at })
          .where('id', '=', row.id)
          .execute();
        await moveTo(trx, row, me, at, { action: 'ampliada', status: row.status, note: reason, dueDate });
        return {
          detail: { dueDate, previousDueDate: row.due_date },
          mail: (to) =>
            extensionMail(ctx.settings.publicOrigin, {
              to,
              radicado: row.radicado,
              reason,
              dueDate,
              previousDueDate: row.due_date,
            }),
        };
      }),
    );

    route(scope, ops.transfer, async (request) => {
      const answer = await act(request, request.params.radicado, 'transfer', async (trx, row, me, at) => {
        refuse(canTransfer(factsOf(row), colombianDate(at), formatLongDate), 'transfer_too_late');
        const { entity, entityEmail, note } = request.body;
        await trx
          .updateTable('community.pqrsf_requests')
          .set({ status: statusAfter.transfer, transferred_to: entity, transfer_email: entityEmail, transferred_at: at })
          .where('id', '=', row.id)
          .execute();
        await moveTo(trx, row, me, at, {
          action: 'trasladada',
          status: statusAfter.transfer,
          note: note ? `${entity} — ${note}` : entity,
        });
        // #32: the petition goes to the entity as a PDF (queued in this transaction), the person gets a copy.
        const sent = await sendTransfer(
          trx,
          { publicOrigin: ctx.settings.publicOrigin, record: moveTo },
          { row, me, at, entity, entityEmail, status: statusAfter.transfer },
        );
        return { detail: { from: row.status, to: statusAfter.transfer, ...sent.detail }, ...(sent.mail ? { mail: sent.mail } : {}) };
      });
      // The entity's letter was queued with the transfer: deliver it now rather than at the outbox's next round.
      void ctx.mailer.flush();
      return answer;
    });

    route(scope, ops.close, async (request) =>
      act(request, request.params.radicado, 'close', async (trx, row, me, at) => {
        refuse(canClose(factsOf(row)));
        const { note } = request.body;
        if (closeNeedsNote(row.status) && !note)
          throw new ApiError(422, 'note_required', caseRuleTexts.closeNeedsNote, { note: caseRuleTexts.closeNeedsNote });
        await trx
          .updateTable('community.pqrsf_requests')
          .set({ status: statusAfter.close, closed_at: at })
          .where('id', '=', row.id)
          .execute();
        await moveTo(trx, row, me, at, { action: 'cerrada', status: statusAfter.close, note });
        return { detail: { from: row.status, to: statusAfter.close, unanswered: closeNeedsNote(row.status) } };
      }),
    );

    route(scope, ops.addNote, async (request) =>
      act(request, request.params.radicado, 'note', async (trx, row, me, at) => {
        const note = await trx
          .insertInto('community.pqrsf_notes')
          .values({ request_id: row.id, body: request.body.body, at, actor_sub: me.sub, actor_email: me.email })
          .returning('id')
          .executeTakeFirstOrThrow();
        const files = await claimAttachments(
          trx,
          { requestId: row.id, me, at, origin: ctx.settings.publicOrigin },
          request.body.attachments,
          { part: 'nota', noteId: note.id },
        );
        return { detail: { status: row.status, ...(files.length ? { attachments: files.length } : {}) } };
      }),
    );
  });

  // Administration: today's digest by hand (tests, or a morning the schedule missed); once a day like the schedule.
  await registerStaffRoutes(app, ctx, { roles: ['admin'] }, async (scope) => {
    route(scope, ops.digest, async (request) => {
      const result = await runPqrsfDigest(ctx, { now, log: request.log });
      if (result.ran)
        await recordAudit(ctx.db, staffOf(request), {
          action: pqrsfAuditActions.digest,
          entity: 'pqrsf',
          detail: { dueSoon: result.dueSoon, overdue: result.overdue, recipients: result.recipients },
        });
      return result;
    });
  });
};
