import type { FastifyPluginAsync } from 'fastify';
import { sql } from 'kysely';
import { INBOX_PAGE_SIZE, type InboxListResponse, type InboxRecordResponse } from '../schemas';
import type { SiteDb } from 'shared/server/database';
import { route } from 'shared/server/operation-routes';
import { registerStaffRoutes, staffRead } from 'shared/server/staff-guard';
import { communityInboxKinds } from '../schemas';
import { communityInboxOperations as ops } from '../operations';
import type { CommunityContext } from '../../forms/server/acknowledge';
import { registerInboxExport } from './export';
import { recordAttachments } from './attachments';
import { readRecord, registerRecordHistory } from './history';
import { countRows, decodeCursor, encodeCursor, fromTable, kindList, listItem, readPage } from './rows';

/**
 * The staff's community inbox, under /api/community/staff/inbox/… (every route passes the staff guard): counts per
 * kind, a keyset-paginated list with search, a record with every field and its case file (contacts, replies,
 * corrections, removal; history.ts) and a streamed CSV export of what the list shows (audited with kind, filter and
 * row count, never the rows' data nor the search's words).
 *
 * This module holds the reading routes; the rows, cursor and queries are in rows.ts, the export in
 * export.ts, the case file's acts in history.ts.
 */

/** Each kind's records, and those nobody contacted yet (none for subscribers: they wait for no call). */
export async function readKindCounts(db: SiteDb) {
  const kinds = [];
  for (const kind of kindList) {
    const result = await sql<{ total: number; pending: number }>`
        select count(*)::int as total, (count(*) filter (where m.contacts = 0))::int as pending
        from ${fromTable(kind)}`.execute(db);
    const counts = result.rows[0];
    const pending = kind === 'boletin' ? 0 : Number(counts?.pending ?? 0);
    kinds.push({ kind, label: communityInboxKinds[kind], total: Number(counts?.total ?? 0), pending });
  }
  return kinds;
}

export interface CommunityInboxContext extends CommunityContext {
  /** The clock of the replies' attachment links (tests). */
  now?: (() => Date) | undefined;
}

export const communityInboxRoutes: FastifyPluginAsync<CommunityInboxContext> = async (app, ctx) => {
  // Replies' attachments (#32, the legal-case kit): the person's download link from the reply e-mail, and the hourly
  // purge of unsent uploads and of removed rows' bytes.
  const attachments = recordAttachments({ db: ctx.db, objects: ctx.objects, now: ctx.now });
  attachments.registerAttachmentLink(app);
  const stopAttachmentPurge = attachments.scheduleAttachmentPurge(app.log);
  app.addHook('onClose', async () => stopAttachmentPurge());

  await registerStaffRoutes(app, ctx, { roles: ['comunidad'] }, async (scope) => {
    route(scope, ops.summary, async () => ({ kinds: await readKindCounts(ctx.db) }));

    // POST: the search may be a name or a document number, which never go in a URL (logs, proxies, history).
    route(
      scope,
      ops.list,
      async (request) => {
        const { kind } = request.params;
        const { cursor: cursorText, limit = INBOX_PAGE_SIZE, ...filter } = request.body;
        const cursor = cursorText ? decodeCursor(cursorText) : undefined;
        const bound = cursor ? { cursor, inclusive: false } : undefined;
        // One row more than asked tells whether there is a next page without counting.
        const rows = await readPage(ctx.db, kind, filter, limit + 1, bound);
        const page = rows.slice(0, limit);
        const last = page[page.length - 1];
        return {
          kind,
          items: page.map((row) => listItem(kind, row)),
          nextCursor: rows.length > limit && last ? encodeCursor(last) : null,
          total: cursor ? null : await countRows(ctx.db, kind, filter),
        };
      },
      {
        config: staffRead<InboxListResponse>({ action: 'community.inbox.read', entity: 'community_record', count: (b) => b.items.length }),
      },
    );

    registerInboxExport(scope, ctx);

    route(
      scope,
      ops.record,
      async (request) => {
        const { kind, id } = request.params;
        return readRecord(ctx.db, kind, id);
      },
      {
        config: staffRead<InboxRecordResponse>({
          action: 'community.inbox.read',
          entity: 'community_record',
          id: (r) => {
            const p = r.params as { kind?: string; id?: string };
            return `${p.kind ?? ''}/${p.id ?? ''}`;
          },
        }),
      },
    );

    registerRecordHistory(scope, ctx);
    await attachments.registerAttachmentRoutes(scope);
  });
};
