import type { ApiClient, ApiResult } from './client';
import { operationPattern, type AnyOperation, type BodyIn, type ResponseOf } from './operation';

/** One answer of the fake: a result, or a function (return a pending promise to hold the request open). */
export type FakeAnswer = ApiResult<unknown> | ((body: unknown) => ApiResult<unknown> | Promise<ApiResult<unknown>>);

export interface FakeCall {
  method: string;
  path: string;
  body: unknown;
  token?: string | undefined;
}

/** An answer to a declared operation, type-checked against its answer; a function gets the call's params and body. */
export type OperationAnswer<O extends AnyOperation> =
  | ApiResult<ResponseOf<O>>
  | ((call: { params: Record<string, string>; body: BodyIn<O> }) => ApiResult<ResponseOf<O>> | Promise<ApiResult<ResponseOf<O>>>);

/** A declared operation's scripted answers (`on(op, ok(…))`), for `fakeApiClient` and `renderAsStaff`. */
export interface ScriptedOperation {
  op: AnyOperation;
  answers: ReadonlyArray<OperationAnswer<AnyOperation>>;
}

/** Scripts a declared operation: any concrete path of it (its parameters are any values), in turn like the keyed form. */
export const on = <O extends AnyOperation>(op: O, ...answers: [OperationAnswer<O>, ...OperationAnswer<O>[]]): ScriptedOperation => ({
  op,
  // The answers were checked against `O` above; the list holds operations of any type.
  answers: answers as unknown as ReadonlyArray<OperationAnswer<AnyOperation>>,
});

/** What a fake answers: `"METHOD /path"` keys, declared operations (`[on(op, …)]`), or both. */
export type FakeScript = Record<string, FakeAnswer | FakeAnswer[]> | ScriptedOperation[];

/** A fake client answering declared operations only: `fakeOperations(on(op, ok(…)), …)`. */
export const fakeOperations = (...operations: ScriptedOperation[]) => fakeApiClient({}, operations);

/** The keyed form or the operations' form, as `renderAsStaff` takes them. */
export const fakeOf = (script: FakeScript) => (Array.isArray(script) ? fakeApiClient({}, script) : fakeApiClient(script));

/**
 * An ApiClient for component tests: answers declared operations (`on(op, …)`) and `"METHOD /path"` keys, in turn when
 * given a list (the last one repeats), and records every call. An operation nobody scripted fails the test loudly
 * instead of reaching a network.
 */
export function fakeApiClient(
  answers: Record<string, FakeAnswer | FakeAnswer[]>,
  operations: ScriptedOperation[] = [],
): { client: ApiClient; calls: FakeCall[] } {
  const keyed = answers;
  const scripted = operations.map((s) => ({ ...s, pattern: operationPattern(s.op) }));
  const calls: FakeCall[] = [];
  const served: Record<string, number> = {};
  const next = <A>(key: string, list: readonly A[]): A => {
    const n = served[key] ?? 0;
    served[key] = n + 1;
    return list[Math.min(n, list.length - 1)]!;
  };
  const client: ApiClient = {
    async request<T>(method: string, path: string, body?: unknown, init?: { token?: string }) {
      const key = `${method} ${path}`;
      calls.push({ method, path, body, token: init?.token });
      for (const s of scripted) {
        const match = s.op.method === method ? s.pattern.exec(path) : null;
        if (!match) continue;
        const answer = next(`${s.op.method} ${s.op.path}`, s.answers);
        const params = Object.fromEntries(Object.entries(match.groups ?? {}).map(([k, v]) => [k, decodeURIComponent(v)]));
        return (typeof answer === 'function' ? await answer({ params, body: body as BodyIn<AnyOperation> }) : answer) as ApiResult<T>;
      }
      const list = keyed[key];
      if (!list) throw new Error(`fakeApiClient: nothing scripted for ${key}`);
      const answer = next(key, Array.isArray(list) ? list : [list]);
      return (typeof answer === 'function' ? await answer(body) : answer) as ApiResult<T>;
    },
    async download(path, init) {
      const body: unknown = typeof init.body === 'string' ? JSON.parse(init.body) : undefined;
      calls.push({ method: init.method ?? 'GET', path, body, token: init.token });
      return null;
    },
  };
  return { client, calls };
}

/** A 2xx answer with this body. */
export const ok = <T>(data: T, status = 200): ApiResult<T> => ({ kind: 'ok', status, data });

/** An error answer as the API writes it (`{error, message, fields?}`). */
export const apiError = (status: number, error: string, message: string, fields?: Record<string, string>): ApiResult<never> => ({
  kind: 'error',
  status,
  error,
  message,
  ...(fields ? { fields } : {}),
});

/** The request never reached the server. */
export const networkDown: ApiResult<never> = { kind: 'network' };
