import type { AuthInfo } from '@modelcontextprotocol/sdk/server/auth/types.js';
import type { Principal } from '../../domain/access/principal.js';
import { unauthorized } from '../../errors.js';
import type { Logger } from '../../logging.js';
import { executeOperation } from '../../operations/core/execute.js';
import type { Operation } from '../../operations/core/operation.js';
import type { OperationResult } from '../../operations/core/result.js';
import { buildOperationContext, type TransportDeps } from '../request-context.js';

/** Per-call facts an executor needs besides the operation and its arguments. */
export interface ToolCall {
  /** The tenant (id or slug) this MCP session selected, if any. */
  selectedTenant: string | null;
  /** The credential of the HTTP request carrying the call (HTTP transports). */
  authInfo?: AuthInfo | undefined;
}

/**
 * Runs tool-exposed operations for an MCP server. In-process (HTTP transports inside the
 * service) or remote (stdio, through the service's `POST /api/tools/:name`); both answer the
 * operation's result or throw an AppError.
 */
export interface ToolExecutor {
  execute(op: Operation, args: Record<string, unknown>, call: ToolCall): Promise<Pick<OperationResult, 'data' | 'warnings' | 'effects'>>;
}

/** What the HTTP transports attach to `AuthInfo.extra` for the executor. */
export interface McpAuthExtra {
  principal: Principal;
  clientAddress: string;
  /** The logger of the HTTP request carrying the call (its lines carry that request's id). */
  log: Logger;
}

export function principalOf(authInfo: AuthInfo | undefined): McpAuthExtra {
  const extra = authInfo?.extra as Partial<McpAuthExtra> | undefined;
  if (!extra?.principal || !extra.log) throw unauthorized('This MCP request carries no credential');
  return { principal: extra.principal, clientAddress: extra.clientAddress ?? '', log: extra.log };
}

/**
 * Runs the operation through `executeOperation`, exactly as REST does: the principal comes from
 * the request's bearer credential, the tenant from the session's selection (checked like an
 * `X-Tenant-ID`: a credential bound to a tenant starts there and cannot leave it).
 */
export function createInProcessExecutor(deps: TransportDeps): ToolExecutor {
  return {
    async execute(op, args, call) {
      const { principal, clientAddress, log } = principalOf(call.authInfo);
      const ctx = await buildOperationContext(deps, 'mcp', { principal, tenant: call.selectedTenant ?? undefined, clientAddress, log });
      return executeOperation(op, ctx, args);
    },
  };
}
