// Routes from the endpoint definitions in contracts (docs/architecture.md, "Endpoints"): each handler is
// registered with its definition's method, path, schemas and access guard, and gets its input parsed and its
// caller typed. A definition without a handler, or a handler without a definition, stops the service at start.
import {
  ROLE_OF_ACCESS,
  type AuthUser,
  type BodyOf,
  type Endpoint,
  type ParamsOf,
  type QueryOf,
  type ReplyOf,
  type ServiceName,
} from '@travelclub/contracts';
import type { FastifyReply, FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import { bearerToken } from './auth.js';
import { requestContext, type CausalContext } from './context.js';
import { appError } from './errors.js';
import type { ServiceApp } from './service.js';

/** The caller a handler sees: none on public and internal routes, maybe one where a token is optional. */
export type UserOf<E> = E extends { access: 'public' | { callers: readonly ServiceName[] } }
  ? null
  : E extends { access: 'public-or-user' }
    ? AuthUser | null
    : AuthUser;

export interface HandlerInput<E> {
  params: ParamsOf<E>;
  query: QueryOf<E>;
  body: BodyOf<E>;
  user: UserOf<E>;
  /** The request's ids, for the events and calls it causes. */
  ctx: CausalContext;
  req: FastifyRequest;
}

/**
 * A route handler: answers the success body (sent with the endpoint's only success status, or 200), or the
 * reply itself after setting another status or sending something that is not JSON.
 */
export type Handler<E> = (input: HandlerInput<E>, reply: FastifyReply) => Promise<ReplyOf<E> | FastifyReply>;

export type Handlers<D extends Record<string, Endpoint>> = { [K in keyof D]: Handler<D[K]> };

const SUCCESS = [200, 201, 202, 204];

/** The guard an access rule needs, run before the body is read. */
function guardOf(app: ServiceApp, e: Endpoint): onRequestAsyncHookHandler | undefined {
  const { access } = e;
  if (access === 'public') return undefined;
  if (typeof access === 'object') return app.requireService(...access.callers);
  if (access === 'public-or-user') return app.optionalUser;
  const missing = e.missingToken;
  const check = access === 'user' ? app.requireUser : app.requireRole(ROLE_OF_ACCESS[access]);
  return async function guard(req, reply) {
    if (missing && !bearerToken(req)) throw appError(missing);
    await check.call(app, req, reply);
  };
}

/**
 * Registers a service's endpoints: every definition with its handler. The definitions must all be the
 * service's own; both sets of names must be the same.
 */
export function registerEndpoints<D extends Record<string, Endpoint>>(
  app: ServiceApp,
  definitions: D,
  handlers: Handlers<D>,
): void {
  const all = handlers as Record<string, Handler<Endpoint> | undefined>;
  for (const name of new Set([...Object.keys(definitions), ...Object.keys(handlers)])) {
    const e = definitions[name];
    if (!e) throw new Error(`the handler ${name} has no endpoint definition`);
    if (!all[name]) throw new Error(`the endpoint ${name} (${e.method} ${e.path}) has no handler`);
    if (e.service !== app.serviceName)
      throw new Error(`the endpoint ${name} (${e.method} ${e.path}) belongs to ${e.service}, not ${app.serviceName}`);
  }
  for (const [name, e] of Object.entries(definitions)) {
    const handle = all[name] as Handler<Endpoint>;
    const successes = SUCCESS.filter((status) => e.responses[status]);
    const status = successes.length === 1 ? successes[0] : undefined;
    const guard = guardOf(app, e);
    const cacheControl = e.cacheSeconds === undefined ? undefined : `public, max-age=${e.cacheSeconds}`;
    app.route({
      method: e.method,
      url: e.path,
      schema: {
        ...(e.params && { params: e.params }),
        ...(e.query && { querystring: e.query }),
        ...(e.body && { body: e.body }),
        response: e.responses,
        ...(e.summary && { summary: e.summary }),
      },
      ...(guard && { onRequest: guard }),
      // Only a success may be kept by others (and a 304 says again how its answer may be kept): an error goes
      // out without it, whenever it was thrown. A handler that set its own (an answer not to keep, say) is left
      // as it said.
      ...(cacheControl && {
        onSend: (_req: unknown, reply: FastifyReply, payload: unknown, done: (err: null, payload: unknown) => void) => {
          const kept = reply.statusCode < 300 || reply.statusCode === 304;
          if (kept && !reply.hasHeader('cache-control')) reply.header('cache-control', cacheControl);
          done(null, payload);
        },
      }),
      handler: async (req, reply) => {
        if (status) reply.code(status);
        const input = {
          params: req.params,
          query: req.query,
          body: req.body,
          user: req.user,
          ctx: requestContext(req),
          req,
        } as HandlerInput<Endpoint>;
        return handle(input, reply);
      },
    });
  }
}
