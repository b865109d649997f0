import type { Config } from '../config.js';
import type { Database } from '../db/database.js';
import type { Principal } from '../domain/access/principal.js';
import { resolveRequestTenant } from '../domain/credentials/request-tenant.js';
import type { Surface } from '../domain/credentials/registry.js';
import type { Logger } from '../logging.js';
import type { OperationContext } from '../operations/core/context.js';
import type { Services } from '../services.js';

/** What every transport of the running service shares. */
export interface TransportDeps {
  readonly db: Database;
  readonly config: Config;
  readonly services: Services;
}

/** How a caller presented itself: a bearer credential (or its principal, once checked), a tenant named for the call. */
export interface CallerFacts {
  /** The bearer credential of the request, not yet checked (REST, /api/tools). */
  token?: string | undefined;
  /** An already authenticated principal (the MCP transports check it before a session opens). */
  principal?: Principal | undefined;
  /** X-Tenant-ID, or the tenant an MCP session selected. */
  tenant?: string | undefined;
  clientAddress: string;
  /** The request's logger (a child carrying its id). */
  log: Logger;
}

/**
 * The context of one call, the same way for REST, `/api/tools` and MCP: who calls (a present but
 * invalid credential is UNAUTHORIZED, never anonymous) and in which tenant.
 */
export async function buildOperationContext(deps: TransportDeps, surface: Surface, facts: CallerFacts): Promise<OperationContext> {
  const principal = facts.principal ?? (facts.token ? await deps.services.credentials.authenticate(facts.token, surface) : null);
  const tenant = principal ? await resolveRequestTenant(deps.db, deps.services.tenants, principal, facts.tenant) : null;
  return {
    db: deps.db,
    config: deps.config,
    services: deps.services,
    principal,
    tenant,
    clientAddress: facts.clientAddress,
    log: facts.log,
  };
}
