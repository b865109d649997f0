import type { Principal, RecordAction, TenantRole } from './principal.js';

/** What a tenant-scoped operation requires of its caller (CONTRACT §4). */
export type TenantPermission = 'schema.read' | 'schema.write' | 'users.manage' | 'records';

const ROLE_RECORD_ACTIONS: Record<TenantRole, readonly RecordAction[]> = {
  owner: ['create', 'read', 'update', 'delete'],
  admin: ['create', 'read', 'update', 'delete'],
  member: ['create', 'read', 'update'],
  viewer: ['read'],
};

/** Administrators, admin keys and tenant keys act with owner rights; tenant users by role. */
export function canUseOperation(principal: Principal, permission: TenantPermission): boolean {
  if (principal.kind !== 'tenant_user') return true;
  switch (permission) {
    case 'schema.read':
    case 'records':
      return true;
    case 'schema.write':
      return principal.role === 'owner' || principal.role === 'admin';
    case 'users.manage':
      return principal.role === 'owner' || principal.role === 'admin' || principal.permissions.canManageUsers === true;
  }
}

/** `permissions.entities[entity]`, where present, replaces the role's record actions for that entity. */
export function canOnRecords(principal: Principal, action: RecordAction, entityName: string): boolean {
  if (principal.kind !== 'tenant_user') return true;
  const override = principal.permissions.entities?.[entityName];
  const allowed = Array.isArray(override) ? override : ROLE_RECORD_ACTIONS[principal.role];
  return allowed.includes(action);
}
