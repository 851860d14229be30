import type { FastifyPluginAsync } from 'fastify';
import { sql, type Kysely } from 'kysely';
import {
  campaignTexts,
  type CampaignProgress,
  type CampaignRequestBody,
  type CurrentCampaignResponse,
  type MonthlyCounting,
  type StaffCampaign,
} from '../schemas';
import { colombianDayStart, nextDate } from 'shared/format/business-days';
import type { ApiContext } from 'shared/server/api-contract';
import { recordAudit } from 'shared/server/audit';
import type { Database, SiteDb } from 'shared/server/database';
import { ApiError } from 'shared/server/http';
import { route } from 'shared/server/operation-routes';
import { bogotaDay } from 'shared/server/jobs';
import { registerStaffRoutes, staffOf } from 'shared/server/staff-guard';
import { campaignOperations } from '../operations';
import { campaignStaffOperations as ops } from '../staff-operations';

/** Seconds a browser or proxy may keep the public progress: it moves with each approved donation, so briefly. */
export const CAMPAIGN_MAX_AGE_S = 30;
/** The public answer is computed at most this often per instance (a busy page does not sum donations per visit). */
const CAMPAIGN_MEMO_MS = 10_000;

const startsOn = sql<string>`to_char(starts_on, 'YYYY-MM-DD')`;
const endsOn = sql<string>`to_char(ends_on, 'YYYY-MM-DD')`;

interface CampaignRow {
  id: number;
  title: string;
  goal_amount: string;
  starts_on: string;
  ends_on: string;
  updated_at: Date;
  updated_by: string | null;
  description: string | null;
  image_src: string | null;
  image_alt: string | null;
  monthly_counting: MonthlyCounting;
}

/** The row's values of a saved form: what was left empty is cleared (null), and an alternative text goes only with its image. */
function columnsOf(body: CampaignRequestBody) {
  return {
    title: body.title,
    goal_amount: body.goal_amount,
    starts_on: body.starts_on,
    ends_on: body.ends_on,
    description: body.description ?? null,
    image_src: body.image_src ?? null,
    image_alt: body.image_src ? (body.image_alt ?? null) : null,
    monthly_counting: body.monthly_counting,
  };
}

/**
 * Approved donations between the campaign's dates, by approval instant (a refunded or charged-back one drops out):
 * one-time donations by their amount, monthly gifts as the campaign's `monthly_counting` says (schemas.ts), each gift
 * once, and only a gift whose first approved charge falls between the dates.
 */
async function progressOf(db: Kysely<Database>, row: CampaignRow): Promise<CampaignProgress> {
  const from = colombianDayStart(row.starts_on);
  const to = colombianDayStart(nextDate(row.ends_on));
  const twelve = row.monthly_counting === 'twelve_months';
  const { rows } = await sql<{ raised: string; donations: string }>`
    with monthly as (
      select subscription_reference as gift, donation_amount as amount, date_approved, id
      from giving.contributions
      where payment_status = 'approved' and subscription_reference is not null and date_approved < ${to}
    ),
    firsts as (
      select distinct on (gift) gift, amount, date_approved from monthly order by gift, date_approved, id
    ),
    gifts as (
      select case when ${twelve}
        then greatest(12 * f.amount, (select sum(m.amount) from monthly m where m.gift = f.gift and m.date_approved >= ${from}))
        else f.amount end as counted
      from firsts f
      where f.date_approved >= ${from}
    ),
    once as (
      select donation_amount from giving.contributions
      where payment_status = 'approved' and subscription_reference is null and date_approved >= ${from} and date_approved < ${to}
    )
    select
      (select coalesce(sum(donation_amount), 0) from once) + (select coalesce(sum(counted), 0) from gifts) as raised,
      (select count(*) from once) + (select count(*) from gifts) as donations`.execute(db);
  const sums = rows[0] ?? { raised: '0', donations: '0' };
  return {
    title: row.title,
    goal_amount: Number(row.goal_amount),
    raised_amount: Number(sums.raised),
    donations: Number(sums.donations),
    starts_on: row.starts_on,
    ends_on: row.ends_on,
    description: row.description,
    image: row.image_src && row.image_alt ? { src: row.image_src, alt: row.image_alt } : null,
  };
}

const campaignColumns = (db: Kysely<Database>) =>
  db
    .selectFrom('giving.campaigns')
    .select([
      'id',
      'title',
      'goal_amount',
      startsOn.as('starts_on'),
      endsOn.as('ends_on'),
      'updated_at',
      'updated_by',
      'description',
      'image_src',
      'image_alt',
      'monthly_counting',
    ]);

/** The campaign running on `today` (Bogotá), if any. */
async function currentCampaign(db: SiteDb, today: string): Promise<CampaignProgress | null> {
  const row = await campaignColumns(db)
    .where(sql<boolean>`starts_on <= ${today}::date and ends_on >= ${today}::date`)
    .orderBy('starts_on', 'desc')
    .orderBy('id', 'desc')
    .executeTakeFirst();
  return row ? progressOf(db, row) : null;
}

async function staffCampaign(db: Kysely<Database>, row: CampaignRow, today: string): Promise<StaffCampaign> {
  const state = row.ends_on < today ? 'finished' : row.starts_on > today ? 'upcoming' : 'running';
  return {
    id: row.id,
    ...(await progressOf(db, row)),
    state,
    monthly_counting: row.monthly_counting,
    updated_at: new Date(row.updated_at).toISOString(),
    updated_by: row.updated_by,
  };
}

/** Refuses dates that cross another campaign's (only one runs at a time, so the public bar is never ambiguous). */
async function checkNoOverlap(db: Kysely<Database>, body: { starts_on: string; ends_on: string }, exceptId?: number) {
  const other = await db
    .selectFrom('giving.campaigns')
    .select('title')
    .where(sql<boolean>`starts_on <= ${body.ends_on}::date and ends_on >= ${body.starts_on}::date`)
    .$if(exceptId !== undefined, (qb) => qb.where('id', '!=', exceptId ?? 0))
    .executeTakeFirst();
  if (other)
    throw new ApiError(409, 'campaign_overlaps', campaignTexts.overlaps(other.title), { starts_on: campaignTexts.overlaps(other.title) });
}

/**
 * The donation campaign: public progress (`GET /api/giving/campaign`, the same for everyone, cached briefly) and the
 * staff's campaigns (`/api/giving/staff/campaigns`: list, create, edit; audited as giving.campaign.save).
 */
export const campaignRoutes: FastifyPluginAsync<ApiContext> = async (app, ctx) => {
  let memo: { at: number; day: string; answer: CurrentCampaignResponse } | null = null;

  route(app, campaignOperations.campaign, async (_request, reply) => {
    const now = new Date();
    const today = bogotaDay(now);
    if (!memo || memo.day !== today || now.getTime() - memo.at > CAMPAIGN_MEMO_MS)
      memo = { at: now.getTime(), day: today, answer: { campaign: await currentCampaign(ctx.db, today) } };
    reply.header('cache-control', `public, max-age=${CAMPAIGN_MAX_AGE_S}`);
    return memo.answer;
  });

  await registerStaffRoutes(app, ctx, { roles: ['finanzas'] }, async (staff) => {
    route(staff, ops.campaigns, async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      const today = bogotaDay(new Date());
      const rows = await campaignColumns(ctx.db).orderBy('starts_on', 'desc').orderBy('id', 'desc').limit(100).execute();
      return { campaigns: await Promise.all(rows.map((r) => staffCampaign(ctx.db, r, today))) };
    });

    route(staff, ops.createCampaign, async (request) => {
      const body = columnsOf(request.body);
      const today = bogotaDay(new Date());
      if (body.ends_on < today) throw new ApiError(400, 'validation_error', campaignTexts.endPast, { ends_on: campaignTexts.endPast });
      const actor = staffOf(request);
      const campaign = await ctx.db.transaction().execute(async (trx) => {
        // One writer at a time: two staff saving crossing dates at once cannot both pass the overlap check.
        await sql`lock table giving.campaigns in share row exclusive mode`.execute(trx);
        await checkNoOverlap(trx, body);
        const { id } = await trx
          .insertInto('giving.campaigns')
          .values({ ...body, updated_by: actor.email })
          .returning('id')
          .executeTakeFirstOrThrow();
        await recordAudit(trx, actor, {
          action: 'giving.campaign.save',
          entity: 'campaign',
          entityId: String(id),
          detail: { created: true, ...body },
        });
        const row = await campaignColumns(trx).where('id', '=', id).executeTakeFirstOrThrow();
        return staffCampaign(trx, row, today);
      });
      memo = null;
      return { campaign };
    });

    route(staff, ops.updateCampaign, async (request) => {
      const { id } = request.params;
      const body = columnsOf(request.body);
      const today = bogotaDay(new Date());
      const actor = staffOf(request);
      const campaign = await ctx.db.transaction().execute(async (trx) => {
        await sql`lock table giving.campaigns in share row exclusive mode`.execute(trx);
        const before = await campaignColumns(trx).where('id', '=', id).executeTakeFirst();
        if (!before) throw new ApiError(404, 'not_found', campaignTexts.notFound);
        await checkNoOverlap(trx, body, id);
        await trx
          .updateTable('giving.campaigns')
          .set({ ...body, updated_at: new Date(), updated_by: actor.email })
          .where('id', '=', id)
          .execute();
        const changed: Record<string, { from: string | number | null; to: string | number | null }> = {};
        for (const k of ['title', 'starts_on', 'ends_on', 'description', 'image_src', 'image_alt', 'monthly_counting'] as const)
          if (body[k] !== before[k]) changed[k] = { from: before[k], to: body[k] };
        if (Number(before.goal_amount) !== body.goal_amount)
          changed.goal_amount = { from: Number(before.goal_amount), to: body.goal_amount };
        await recordAudit(trx, actor, { action: 'giving.campaign.save', entity: 'campaign', entityId: String(id), detail: changed });
        const row = await campaignColumns(trx).where('id', '=', id).executeTakeFirstOrThrow();
        return staffCampaign(trx, row, today);
      });
      memo = null;
      return { campaign };
    });
  });
};
