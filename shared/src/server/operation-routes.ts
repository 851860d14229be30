import type { FastifyInstance, FastifyReply, FastifyRequest, RouteShorthandOptions } from 'fastify';
import type { AnyOperation, BodyOut, FileAnswer, ParamsOut, QueryOut, ResponseOf } from '../api/operation';
import { zodResponse, zodSchema } from './http';
import { staffScopeCheck } from './staff-guard';

/** The request a declared operation's handler gets: params, query and body as its schemas' output. */
export type OperationRequest<O extends AnyOperation> = FastifyRequest<{
  Params: ParamsOut<O>;
  Querystring: QueryOut<O>;
  Body: BodyOut<O>;
}>;

/** The handler: the declared answer, or for a file answer (`fileAnswer`) whatever sends the file (the reply). */
export type OperationHandler<O extends AnyOperation> = (
  request: OperationRequest<O>,
  reply: FastifyReply,
) => Promise<O['response'] extends FileAnswer ? unknown : ResponseOf<O>>;

/**
 * What a route adds to its declaration: its own config (`publicWrite`, `staffRead`…), hooks (`preValidation`), and for
 * a route that needs a signed-in visitor (`requireUser`), OpenAPI's `security` (`bearerSecurity`, as the hand-written
 * routes documented it; a staff scope documents its own).
 */
export type RouteExtras = Pick<
  RouteShorthandOptions,
  'config' | 'onRequest' | 'preValidation' | 'preHandler' | 'bodyLimit' | 'errorHandler'
> & {
  security?: ReadonlyArray<Readonly<Record<string, readonly string[]>>>;
};

/** OpenAPI's `security` of a route that needs a signed-in visitor's ID token (`route(…, { security: bearerSecurity })`). */
export const bearerSecurity = [{ bearer: [] }] as const;

const isZod = (s: unknown): s is Parameters<typeof zodSchema>[0] => typeof s === 'object' && s !== null && '_zod' in s;
const isFile = (s: unknown): s is FileAnswer => typeof s === 'object' && s !== null && 'file' in s;

/** A file answer as OpenAPI describes it: a string of its media type. */
const fileResponse = ({ accept, description, format }: FileAnswer['file']) => ({
  description,
  content: { [accept]: { schema: { type: 'string', ...(format ? { format } : {}) } } },
});

/**
 * Registers a declared operation (shared/api/operation) on a plugin's scope: its method, its path relative to the
 * scope's prefix (the declaration has the whole `/api/<domain>/…`; a declaration that does not start with the scope's
 * prefix fails at start-up, so the browser's path and the server's cannot drift apart), the JSON schemas of its
 * params, query, body and answer for validation and OpenAPI (as `zodSchema`/`zodResponse` everywhere), its success
 * status, and for a staff operation its roles as the route's `config.staffRoles`: the declaration is the one source
 * of the role, and a staff operation outside `registerStaffRoutes` (no guard), or an operation without roles in a
 * staff scope that requires roles, fails at start-up.
 */
export function route<O extends AnyOperation>(
  scope: FastifyInstance,
  op: O,
  handler: OperationHandler<O>,
  { security, ...extras }: RouteExtras = {},
): void {
  const prefix = scope.prefix;
  if (!op.path.startsWith(`${prefix}/`))
    throw new Error(`${op.method} ${op.path}: declarada fuera del prefijo ${prefix} del plugin que la registra`);
  const staff = staffScopeCheck(scope);
  if (op.roles && !staff) throw new Error(`${op.method} ${op.path}: operación del equipo registrada sin registerStaffRoutes`);
  if (staff && 'roles' in staff && !op.roles) throw new Error(`${op.method} ${op.path}: operación del equipo sin roles declarados`);
  // A declaration narrows its scope's roles, never widens them: registered in the wrong scope, it would open quietly.
  const outside = staff && 'roles' in staff ? (op.roles ?? []).filter((r) => !staff.roles.includes(r)) : [];
  if (outside.length)
    throw new Error(`${op.method} ${op.path}: declara roles (${outside.join(', ')}) que su ámbito de registerStaffRoutes no admite`);
  const schema = {
    tags: [...op.tags],
    summary: op.summary,
    ...(security ? { security } : {}),
    ...(op.params ? { params: zodSchema(op.params) } : {}),
    ...(op.query ? { querystring: zodSchema(op.query) } : {}),
    ...(op.body ? { body: zodSchema(op.body) } : {}),
    ...(isZod(op.response) ? { response: { [op.status]: zodResponse(op.response) } } : {}),
    ...(isFile(op.response) ? { response: { [op.status]: fileResponse(op.response.file) } } : {}),
  };
  scope.route({
    ...extras,
    method: op.method,
    url: op.path.slice(prefix.length),
    schema,
    config: { ...extras.config, ...(op.roles ? { staffRoles: op.roles } : {}) },
    handler: async (request, reply) => {
      void reply.code(op.status);
      // Fastify validated params, query and body against the declaration's schemas (createHttpServer's compiler).
      return handler(request as unknown as OperationRequest<O>, reply);
    },
  });
}
