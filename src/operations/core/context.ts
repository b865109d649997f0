import type { Config } from '../../config.js';
import type { Database } from '../../db/database.js';
import type { TenantTx } from '../../db/with-tenant.js';
import type { Principal, TenantRef } from '../../domain/access/principal.js';
import type { Logger } from '../../logging.js';
import type { Services } from '../../services.js';

/** What every operation receives, whatever the transport. */
export interface OperationContext {
  readonly db: Database;
  readonly config: Config;
  readonly services: Services;
  /** Null only for public operations (login, health). */
  readonly principal: Principal | null;
  /** The tenant the caller acts in, when one is selected. */
  readonly tenant: TenantRef | null;
  /** The caller's network address, for rate limits and audit. */
  readonly clientAddress: string;
  /** The logger of the request this call belongs to (its lines carry the request id); pass it on to domain code that logs. */
  readonly log: Logger;
}

/** Context of a tenant-scoped operation: the tenant is set and all data access goes through `tx`. */
export interface TenantContext extends OperationContext {
  readonly principal: Principal;
  readonly tenant: TenantRef;
  readonly tx: TenantTx;
}
