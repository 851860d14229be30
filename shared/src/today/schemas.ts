import { z } from '../schemas/zod';

/**
 * "Hoy", the panel's home (#28): what is waiting and what is urgent across the domains. Each domain answers its own part
 * at `/api/<domain>/staff/hoy` (shared/server/today `todayRoutes`, with the items its features declare), only the items
 * the member's roles may act on; the shell's Hoy page and the menu's counters ask every domain the composition lists
 * (site/staff-routes `todayDomains`), so one domain down leaves the others' items on screen.
 */

/**
 * How pressing an item is: past a legal term, near one, waiting for someone, or only informative; `mio` is what is
 * assigned to the member asking ("Mis casos", #32), listed even at zero so the way to one's own cases is always there.
 */
export const todayTones = ['vencido', 'pronto', 'pendiente', 'info', 'mio'] as const;
export type TodayTone = (typeof todayTones)[number];

export const todayItemSchema = z.object({
  /** `<domain>.<what>`, stable: tests and the page's keys. */
  key: z.string(),
  /** "3 PQRSF vencidas": the count in words, as the domain writes it. */
  label: z.string(),
  count: z.number(),
  tone: z.enum(todayTones),
  /** The filtered list in the panel that shows these records. */
  href: z.string(),
  /** The panel's section (its menu entry) whose counter this item adds to, when it needs someone's action. */
  section: z.nullable(z.string()),
});
export type TodayItem = z.output<typeof todayItemSchema>;

export const todayResponseSchema = z.object({ items: z.array(todayItemSchema) });
export type TodayResponse = z.output<typeof todayResponseSchema>;
