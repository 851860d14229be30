import type { ApiClient, ApiResult } from './client';

/** One answer of the fake: a result, or a function (return a pending promise to hold the request open). */
export type FakeAnswer = ApiResult<unknown> | ((body: unknown) => ApiResult<unknown> | Promise<ApiResult<unknown>>);

export interface FakeCall {
  method: string;
  path: string;
  body: unknown;
  token?: string | undefined;
}

/**
 * An ApiClient for component tests: answers by `"METHOD /path"`, in turn when given a list (the last one repeats),
 * and records every call. An operation nobody scripted fails the test loudly instead of reaching a network.
 */
export function fakeApiClient(answers: Record<string, FakeAnswer | FakeAnswer[]>): { client: ApiClient; calls: FakeCall[] } {
  const calls: FakeCall[] = [];
  const served: Record<string, number> = {};
  const client: ApiClient = {
    async request<T>(method: string, path: string, body?: unknown, init?: { token?: string }) {
      const key = `${method} ${path}`;
      calls.push({ method, path, body, token: init?.token });
      const scripted = answers[key];
      if (!scripted) throw new Error(`fakeApiClient: nothing scripted for ${key}`);
      const list = Array.isArray(scripted) ? scripted : [scripted];
      const n = served[key] ?? 0;
      served[key] = n + 1;
      const answer = list[Math.min(n, list.length - 1)]!;
      return (typeof answer === 'function' ? await answer(body) : answer) as ApiResult<T>;
    },
    async download(path, init) {
      calls.push({ method: 'GET', path, body: undefined, token: init.token });
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
