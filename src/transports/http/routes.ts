import { stringifySetCookie } from 'cookie';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../../errors.js';
import { executeOperation } from '../../operations/core/execute.js';
import type { Operation, RestBinding } from '../../operations/core/operation.js';
import type { Effect, OperationResult } from '../../operations/core/result.js';
import type { Logger } from '../../logging.js';
import { buildOperationContext, type TransportDeps } from '../request-context.js';
import { ADMIN_COOKIE, requestToken } from './credentials.js';
import type { RouteFacts } from './errors.js';
import { renameErrorFields, restArgumentName, restInput } from './rest-input.js';

const headerValue = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v);

/** The REST rendering of effects: the admin cookie follows the admin token. */
function applyEffects(effects: readonly Effect[], request: FastifyRequest, reply: FastifyReply) {
  const attributes = {
    name: ADMIN_COOKIE,
    httpOnly: true,
    sameSite: 'strict' as const,
    path: '/api',
    secure: request.protocol === 'https',
  };
  for (const effect of effects) {
    switch (effect.kind) {
      case 'admin_session_started':
        void reply.header('set-cookie', stringifySetCookie({ ...attributes, value: effect.token, maxAge: effect.maxAgeSeconds }));
        break;
      case 'admin_session_ended':
        void reply.header('set-cookie', stringifySetCookie({ ...attributes, value: '', expires: new Date(0) }));
        break;
      case 'tenant_selected':
        // REST has no session: the token the answer carries selects the tenant.
        break;
    }
  }
}

/** The REST envelope of a result: `{ success: true, data }`, with `warnings` beside `data` when there are any. */
export function envelope(result: OperationResult) {
  return result.warnings.length ? { success: true, data: result.data, warnings: result.warnings } : { success: true, data: result.data };
}

/** One Fastify route per REST binding of each operation; handlers only translate. */
export function registerOperationRoutes(app: FastifyInstance, deps: TransportDeps, operations: readonly Operation[]): void {
  for (const op of operations) {
    for (const binding of op.rest) registerRoute(app, deps, op, binding);
  }
}

function registerRoute(app: FastifyInstance, deps: TransportDeps, op: Operation, binding: RestBinding) {
  const facts: RouteFacts = { surface: 'rest', operation: op.name };
  app.route({
    method: binding.method,
    url: binding.path,
    config: facts,
    ...(binding.bodyLimit ? { bodyLimit: binding.bodyLimit(deps.config) } : {}),
    handler: async (request, reply) => {
      const facts = {
        token: requestToken(request),
        tenant: headerValue(request.headers['x-tenant-id']),
        clientAddress: request.ip,
        log: request.log as Logger,
      };
      const ctx = await buildOperationContext(deps, 'rest', facts).catch((error: unknown) => {
        // Public operations (logins, logout, health) answer whatever stale credential comes along.
        if (op.access === 'public') return buildOperationContext(deps, 'rest', { clientAddress: request.ip, log: request.log as Logger });
        throw error;
      });
      const input = restInput(binding, {
        params: request.params as Record<string, string>,
        query: request.query as Record<string, unknown>,
        body: request.body,
        headers: request.headers,
      });
      const result = await executeOperation(op, ctx, input).catch((error: unknown) => {
        throw error instanceof AppError && error.code === 'VALIDATION_ERROR' && error.details && binding.argumentNames
          ? renameErrorFields(error, (field) => restArgumentName(binding, field))
          : error;
      });
      applyEffects(result.effects, request, reply);
      return reply.code(binding.status ?? 200).send(envelope(result));
    },
  });
}
