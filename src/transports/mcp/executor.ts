import type { AuthInfo } from '@modelcontextprotocol/sdk/server/auth/types.js';
import type { Config } from '../../config.js';
import type { Database } from '../../db/database.js';
import type { Principal } from '../../domain/access/principal.js';
import { resolveRequestTenant } from '../../domain/auth/authenticate.js';
import { unauthorized } from '../../errors.js';
import { executeOperation } from '../../operations/execute.js';
import type { Operation } from '../../operations/operation.js';
import type { Services } from '../../services.js';

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
  execute(op: Operation, args: Record<string, unknown>, call: ToolCall): Promise<unknown>;
}

/** What the HTTP transports attach to `AuthInfo.extra` for the executor. */
export interface McpAuthExtra {
  principal: Principal;
  clientAddress: string;
}

export interface InProcessDeps {
  db: Database;
  config: Config;
  services: Services;
}

export function principalOf(authInfo: AuthInfo | undefined): McpAuthExtra {
  const extra = authInfo?.extra as Partial<McpAuthExtra> | undefined;
  if (!extra?.principal) throw unauthorized('This MCP request carries no credential');
  return { principal: extra.principal, clientAddress: extra.clientAddress ?? '' };
}

/**
 * Runs the operation through `executeOperation`, exactly as REST does: the principal comes from
 * the request's bearer credential, the tenant from the session's selection (checked like an
 * `X-Tenant-ID`: a credential pinned to a tenant starts there and cannot leave it).
 */
export function createInProcessExecutor(deps: InProcessDeps): ToolExecutor {
  return {
    async execute(op, args, call) {
      const { principal, clientAddress } = principalOf(call.authInfo);
      const tenant = await resolveRequestTenant(deps.db, deps.services, principal, call.selectedTenant ?? undefined);
      return executeOperation(op, { ...deps, principal, tenant, clientAddress }, args);
    },
  };
}
