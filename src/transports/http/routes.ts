import { stringifySetCookie } from 'cookie';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { OperationContext } from '../../operations/context.js';
import { executeOperation } from '../../operations/execute.js';
import type { Operation, RestBinding, RestInput } from '../../operations/operation.js';
import type { AppDeps } from './build-app.js';
import { ADMIN_COOKIE, identify } from './credentials.js';

const isPlainObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

function defaultInput(r: RestInput): unknown {
  return { ...r.query, ...(isPlainObject(r.body) ? r.body : {}), ...r.params };
}

/** HTTP-only effects of some operations: the admin cookie follows the admin token. */
function applyCookies(op: Operation, result: unknown, request: FastifyRequest, reply: FastifyReply, ttlSeconds: number) {
  const token = isPlainObject(result) && typeof result.token === 'string' ? result.token : undefined;
  const attributes = {
    name: ADMIN_COOKIE,
    httpOnly: true,
    sameSite: 'strict' as const,
    path: '/api',
    secure: request.protocol === 'https',
  };
  if (op.name === 'admin_logout') {
    void reply.header('set-cookie', stringifySetCookie({ ...attributes, value: '', expires: new Date(0) }));
  } else if (token && (op.name === 'admin_login' || op.name === 'select_tenant')) {
    void reply.header('set-cookie', stringifySetCookie({ ...attributes, value: token, maxAge: ttlSeconds }));
  }
}

/** One Fastify route per REST binding of each operation; handlers only translate. */
export function registerOperationRoutes(app: FastifyInstance, deps: AppDeps, operations: readonly Operation[]): void {
  for (const op of operations) {
    for (const binding of op.rest) registerRoute(app, deps, op, binding);
  }
}

function registerRoute(app: FastifyInstance, deps: AppDeps, op: Operation, binding: RestBinding) {
  app.route({
    method: binding.method,
    url: binding.path,
    handler: async (request, reply) => {
      const identity = await identify(deps.db, deps.services, request).catch((error: unknown) => {
        // Public operations (logins, logout, health) answer whatever stale credential comes along.
        if (op.access === 'public') return { principal: null, tenant: null };
        throw error;
      });
      const ctx: OperationContext = {
        db: deps.db,
        config: deps.config,
        services: deps.services,
        principal: identity.principal,
        tenant: identity.tenant,
        clientAddress: request.ip,
      };
      const restInput: RestInput = {
        params: request.params as Record<string, string>,
        query: request.query as Record<string, unknown>,
        body: request.body,
        headers: Object.fromEntries(
          Object.entries(request.headers).map(([name, value]) => [name, Array.isArray(value) ? value[0] : value]),
        ),
      };
      const input = binding.input ? binding.input(restInput) : defaultInput(restInput);
      const data = await executeOperation(op, ctx, input);
      applyCookies(op, data, request, reply, deps.config.adminTokenTtlSeconds);
      return reply.code(binding.status ?? 200).send({ success: true, data });
    },
  });
}
