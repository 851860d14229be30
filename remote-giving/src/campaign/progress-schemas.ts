import { z } from 'shared/schemas/zod';

/**
 * The running campaign's progress as /contribuciones shows it (#14): what the browser's donation page needs of the
 * campaign, apart from the staff's schemas (./schemas), so loading the page builds only these.
 */

/** A campaign with its progress: approved donations between its dates (refunded or charged back ones drop out). */
export const campaignProgressSchema = z.object({
  title: z.string(),
  goal_amount: z.int(),
  raised_amount: z.int(),
  /** How many approved donations made it (a monthly gift counts once, by its first charge). */
  donations: z.int(),
  starts_on: z.string(),
  ends_on: z.string(),
  /** Plain text, paragraphs separated by blank lines; null when none. */
  description: z.nullable(z.string()),
  /** `/archivos/<id>.<ext>` and its text alternative, or null. */
  image: z.nullable(z.object({ src: z.string(), alt: z.string() })),
});
export type CampaignProgress = z.output<typeof campaignProgressSchema>;

/** GET /api/giving/campaign: the campaign running today (Bogotá), or null. The same for everyone. */
export const currentCampaignResponseSchema = z.object({ campaign: z.nullable(campaignProgressSchema) });
export type CurrentCampaignResponse = z.output<typeof currentCampaignResponseSchema>;

/** "45 %" style share of the goal, floored (the bar never shows a goal reached before it is). */
export function campaignPercent(raised: number, goal: number): number {
  if (goal <= 0) return 0;
  return Math.floor((raised / goal) * 100);
}
