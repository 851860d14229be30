/**
 * Whether an action is open to a case now and, when not, why: the shape every kind's rules answer in (the API's
 * `actions`, and its 409/422 messages). Spanish reasons, written by the kind with the law they follow.
 */
export type Verdict = { allowed: true; reason: null } | { allowed: false; reason: string };
export const yes: Verdict = { allowed: true, reason: null };
export const no = (reason: string): Verdict => ({ allowed: false, reason });
