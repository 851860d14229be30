// Faults the tests and the developer schedule on the stand-in (`POST /sandbox/invoicing/faults`): each affects the
// next `count` validate calls (bills and credit notes), in the order they were added.
import { FactusError } from './errors';

export type FaultMode = 'outage' | 'timeout' | 'reject' | 'slow' | 'rate_limit';
const MODES: readonly FaultMode[] = ['outage', 'timeout', 'reject', 'slow', 'rate_limit'];

export interface Fault {
  mode: FaultMode;
  /** Validate calls still affected. */
  count: number;
  /** timeout: the answer (a success) goes out after this delay (default 30000). */
  delayMs?: number;
  /** reject: the DIAN rule (default FAD06). */
  rule?: string;
  /** reject: the rejection's text; outage / rate_limit: the answer's message. */
  message?: string;
  /** rate_limit: Retry-After seconds (default 60). */
  retryAfter?: number;
}

export interface Faults {
  /** Adds a fault from a control request's body; a 400 FactusError when it is malformed. Answers the queue. */
  add(body: unknown): Fault[];
  /** The first fault in the queue when its mode is one of `modes`, counted down (and dropped at zero); else null. */
  take(modes: readonly FaultMode[]): Fault | null;
  list(): Fault[];
  clear(): void;
}

const bad = (message: string) => new FactusError(400, { status: 'Bad Request', message });

export function faultsControl(): Faults {
  const queue: Fault[] = [];
  const whole = (v: unknown, name: string, min: number) => {
    if (v === undefined) return undefined;
    if (typeof v !== 'number' || !Number.isInteger(v) || v < min) throw bad(`${name} debe ser un entero mayor o igual que ${min}.`);
    return v;
  };
  const text = (v: unknown, name: string) => {
    if (v === undefined) return undefined;
    if (typeof v !== 'string' || !v.trim()) throw bad(`${name} debe ser un texto no vacío.`);
    return v;
  };
  return {
    add(body) {
      const o = (typeof body === 'object' && body !== null ? body : {}) as Record<string, unknown>;
      if (!MODES.includes(o.mode as FaultMode)) throw bad(`mode debe ser uno de: ${MODES.join(', ')}.`);
      const fault: Fault = { mode: o.mode as FaultMode, count: whole(o.count, 'count', 1) ?? 1 };
      const delayMs = whole(o.delayMs, 'delayMs', 0);
      const rule = text(o.rule, 'rule');
      const message = text(o.message, 'message');
      const retryAfter = whole(o.retryAfter, 'retryAfter', 0);
      if (delayMs !== undefined) fault.delayMs = delayMs;
      if (rule !== undefined) fault.rule = rule;
      if (message !== undefined) fault.message = message;
      if (retryAfter !== undefined) fault.retryAfter = retryAfter;
      queue.push(fault);
      return queue.map((f) => ({ ...f }));
    },
    take(modes) {
      const head = queue[0];
      if (!head || !modes.includes(head.mode)) return null;
      head.count -= 1;
      if (head.count <= 0) queue.shift();
      return { ...head };
    },
    list: () => queue.map((f) => ({ ...f })),
    clear: () => void queue.splice(0),
  };
}
