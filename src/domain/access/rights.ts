import { canOnRecords, canUseOperation, type TenantPermission } from './permissions.js';
import { RECORD_ACTIONS, type Principal, type RecordAction, type TenantRole, type UserPermissions } from './principal.js';

/**
 * What a caller may do in a tenant, answered rather than enforced (docs/users.md "Effective
 * rights"): every value comes from `canUseOperation` and `canOnRecords`, the functions every
 * request is checked with, so the answer cannot drift from what the service enforces.
 */
export interface EffectiveRights {
  tenant: Record<TenantRight, boolean>;
  entities: EntityRights[];
}

export interface EntityRights {
  entity: string;
  actions: RecordAction[];
  /** `override`: `permissions.entities[entity]` replaces the role's actions; `role`: the role's; `credential`: administrators and keys. */
  source: 'role' | 'override' | 'credential';
}

/** The tenant-level rights, each the permission that operations of its kind require. */
const TENANT_RIGHTS = {
  manageUsers: 'users.manage',
  changeSchema: 'schema.write',
  writeSites: 'sites.write',
  manageBots: 'bots.manage',
} as const satisfies Record<string, TenantPermission>;

export type TenantRight = keyof typeof TENANT_RIGHTS;

/** `principal`'s rights on the tenant and on each of `entityNames` (the tenant's entities). */
export function effectiveRights(principal: Principal, entityNames: readonly string[]): EffectiveRights {
  const tenant = Object.fromEntries(
    Object.entries(TENANT_RIGHTS).map(([right, permission]) => [right, canUseOperation(principal, permission)]),
  ) as Record<TenantRight, boolean>;
  const entities = entityNames.map((entity) => ({
    entity,
    actions: RECORD_ACTIONS.filter((action) => canOnRecords(principal, action, entity)),
    source: sourceOf(principal, entity),
  }));
  return { tenant, entities };
}

function sourceOf(principal: Principal, entity: string): EntityRights['source'] {
  if (principal.kind !== 'tenant_user' && principal.kind !== 'bot') return 'credential';
  return Array.isArray(principal.permissions.entities?.[entity]) ? 'override' : 'role';
}

/**
 * A stored user as a session of theirs would act: the same principal `canUseOperation` and
 * `canOnRecords` judge their requests by. It carries no session, and authenticates nothing.
 */
export function userAsPrincipal(
  tenantId: string,
  user: { id: string; email: string; role: TenantRole; permissions: UserPermissions },
): Principal {
  return {
    kind: 'tenant_user',
    userId: user.id,
    tenantId,
    email: user.email,
    role: user.role,
    permissions: user.permissions,
    sessionId: '',
  };
}
