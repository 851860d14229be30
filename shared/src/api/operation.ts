import type { z } from 'shared/schemas/zod';
import type { StaffRole } from '../staff-roles';
import type { ApiClient, ApiResult } from './client';

/**
 * An API operation declared once (#27): method, path, the schemas of its params, query and body, its answer and, for a
 * staff operation, the roles it needs. The server registers it (shared/server/operation-routes `route`), the browser
 * calls through it (`callOperation`, `useOperationCall`), tests answer it (`on` of the fake client): a renamed path, a
 * changed body or answer is one edit and stops compiling on the side that did not follow. Browser-safe: no server
 * imports, no React (the hooks are in ./context).
 */

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

export type Schema = z.ZodMiniType;

/** An answer declared by its type only (a file, an answer not described yet): no schema on the server, no check. */
export interface AnswerType<T> {
  readonly kind: 'type-only';
  /** Never set: carries `T`. */
  readonly type?: T;
}

/** `answerType<T>()` declares an operation's answer by type only. */
export const answerType = <T>(): AnswerType<T> => ({ kind: 'type-only' });

/**
 * A file answer (a PDF, a CSV): the browser fetches it with `downloadOperation` (a Blob, or null), the server documents
 * it as `content: { [accept]: string }` with this description, and its handler sends the file itself.
 */
export interface FileAnswer extends AnswerType<Blob> {
  readonly file: { readonly accept: string; readonly description: string; readonly format?: 'binary' };
}

/** `fileAnswer({ accept: 'application/pdf', description: 'PDF del certificado', format: 'binary' })`. */
export const fileAnswer = (file: FileAnswer['file']): FileAnswer => ({ kind: 'type-only', file });

export interface Operation<
  Path extends string = string,
  PS extends Schema | undefined = Schema | undefined,
  QS extends Schema | undefined = Schema | undefined,
  BS extends Schema | undefined = Schema | undefined,
  RS extends Schema | AnswerType<unknown> = Schema | AnswerType<unknown>,
> {
  readonly method: HttpMethod;
  /** The whole path as the browser calls it, `/api/<domain>/…` with `:name` parameters. */
  readonly path: Path;
  readonly params: PS;
  readonly query: QS;
  readonly body: BS;
  readonly response: RS;
  /** The success status (200 unless declared). */
  readonly status: number;
  /** A staff operation's roles (any of them): the server's check and the browser's authenticated client. */
  readonly roles: readonly StaffRole[] | undefined;
  /** OpenAPI's summary and tags (the tag defaults to the path's domain). */
  readonly summary: string;
  readonly tags: readonly string[];
}

/** Any declared operation. */
export type AnyOperation = Operation;

/** The `:name` parameters of a path. */
export type PathParamNames<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? Name | PathParamNames<`/${Rest}`>
  : P extends `${string}:${infer Name}`
    ? Name
    : never;

type PathParams<P extends string> = [PathParamNames<P>] extends [never] ? undefined : Record<PathParamNames<P>, string>;

/** What the browser sends (the schemas' input side) and what the server's handler gets (their output side). */
export type ParamsIn<O> = O extends Operation<infer P, infer PS> ? (PS extends Schema ? z.input<PS> : PathParams<P>) : never;
export type ParamsOut<O> = O extends Operation<infer P, infer PS> ? (PS extends Schema ? z.output<PS> : PathParams<P>) : never;
export type QueryIn<O> = O extends Operation<string, Schema | undefined, infer QS> ? (QS extends Schema ? z.input<QS> : undefined) : never;
export type QueryOut<O> =
  O extends Operation<string, Schema | undefined, infer QS> ? (QS extends Schema ? z.output<QS> : undefined) : never;
export type BodyIn<O> =
  O extends Operation<string, Schema | undefined, Schema | undefined, infer BS> ? (BS extends Schema ? z.input<BS> : undefined) : never;
export type BodyOut<O> =
  O extends Operation<string, Schema | undefined, Schema | undefined, infer BS> ? (BS extends Schema ? z.output<BS> : undefined) : never;
/** The answer: what the server's handler returns and the browser receives (the schema's output side). */
export type ResponseOf<O> =
  O extends Operation<string, Schema | undefined, Schema | undefined, Schema | undefined, infer RS>
    ? RS extends AnswerType<infer T>
      ? T
      : RS extends Schema
        ? z.output<RS>
        : never
    : never;

/** What a call needs: `params` when the path has any, `body` when declared, an optional `query`. */
export type OperationInput<O> = ([ParamsIn<O>] extends [undefined] ? unknown : { params: ParamsIn<O> }) &
  ([BodyIn<O>] extends [undefined] ? unknown : { body: BodyIn<O> }) &
  ([QueryIn<O>] extends [undefined] ? unknown : { query?: QueryIn<O> });

/** The input as an optional argument when the operation needs nothing. */
export type InputArgs<O> = object extends OperationInput<O> ? [input?: OperationInput<O>] : [input: OperationInput<O>];

/**
 * Declares an operation. Types come from the schemas: `defineOperation({ method: 'POST', path:
 * '/api/community/staff/pqrsf/:radicado/notas', params, body, response, roles: ['atencion'], summary })`.
 */
export function defineOperation<
  const Path extends `/api/${string}`,
  RS extends Schema | AnswerType<unknown>,
  PS extends Schema | undefined = undefined,
  QS extends Schema | undefined = undefined,
  BS extends Schema | undefined = undefined,
>(spec: {
  method: HttpMethod;
  path: Path;
  params?: PS;
  query?: QS;
  body?: BS;
  response: RS;
  status?: number;
  roles?: readonly StaffRole[];
  summary: string;
  tags?: readonly string[];
}): Operation<Path, PS, QS, BS, RS> {
  const domain = spec.path.split('/')[2] ?? 'api';
  return {
    method: spec.method,
    path: spec.path,
    params: spec.params as PS,
    query: spec.query as QS,
    body: spec.body as BS,
    response: spec.response,
    status: spec.status ?? 200,
    roles: spec.roles,
    summary: spec.summary,
    tags: spec.tags ?? [domain],
  };
}

const PARAM = /:([A-Za-z_][A-Za-z0-9_]*)/g;

/** The path of one call: each `:name` replaced by its value, URI-encoded (a value is one segment, never two). */
export function operationPath(op: AnyOperation, params?: unknown, query?: unknown): string {
  const values = (params ?? {}) as Record<string, unknown>;
  const path = op.path.replace(PARAM, (_, name: string) => {
    const value = values[name];
    if (value === undefined || value === null || value === '') throw new Error(`${op.method} ${op.path}: falta el parámetro ${name}`);
    // encodeURIComponent keeps '.' and '..', which the browser would resolve as a step up the path.
    if (value === '.' || value === '..') throw new Error(`${op.method} ${op.path}: el parámetro ${name} no puede ser «${String(value)}»`);
    return encodeURIComponent(String(value));
  });
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries((query ?? {}) as Record<string, unknown>))
    if (value !== undefined && value !== null && value !== '') search.append(key, String(value));
  const qs = search.toString();
  return qs ? `${path}?${qs}` : path;
}

/** Calls an operation with this client (for a staff operation, the authenticated one: ./staff-client). */
export function callOperation<O extends AnyOperation>(
  client: ApiClient,
  op: O,
  ...[input]: InputArgs<O>
): Promise<ApiResult<ResponseOf<O>>> {
  const i = (input ?? {}) as { params?: unknown; query?: unknown; body?: unknown };
  return client.request<ResponseOf<O>>(op.method, operationPath(op, i.params, i.query), i.body);
}

/**
 * Downloads a file operation's answer (declared with `fileAnswer`) with this client: the path built as for a call, the
 * declared `accept`; for a staff operation the authenticated client, which attaches the session's token (or sends
 * nothing once the session ended: null).
 */
export function downloadOperation<O extends Operation<string, Schema | undefined, Schema | undefined, Schema | undefined, FileAnswer>>(
  client: ApiClient,
  op: O,
  ...[input]: InputArgs<O>
): Promise<Blob | null> {
  const i = (input ?? {}) as { params?: unknown; query?: unknown; body?: unknown };
  // A file asked for with a body (a POST: an export that follows a search, which never goes in a URL) sends it as JSON.
  const body = op.method === 'POST' && op.body ? { method: op.method, body: JSON.stringify(i.body ?? {}) } : {};
  return client.download(operationPath(op, i.params, i.query), { accept: op.response.file.accept, ...body });
}

/** A regular expression matching the operation's concrete paths, with each parameter as a named group (the fake client). */
export function operationPattern(op: AnyOperation): RegExp {
  const escaped = op.path.split(PARAM).map((part, i) => (i % 2 ? `(?<${part}>[^/?]+)` : part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')));
  return new RegExp(`^${escaped.join('')}(?:\\?.*)?$`);
}
