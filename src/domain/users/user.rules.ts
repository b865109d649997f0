import { forbidden } from '../../errors.js';
import type { Principal, TenantRole, UserPermissions } from '../access/principal.js';

/** Higher ranks include the rights of lower ones. */
export const ROLE_RANK: Record<TenantRole, number> = { viewer: 0, member: 1, admin: 2, owner: 3 };

/**
 * What a tenant user who may manage users (owner, admin, or `permissions.canManageUsers`) may do
 * to other users, so that managing users never becomes a way to gain rights:
 *
 * 1. assign (on create or update) only roles up to their own: an admin cannot make an owner;
 * 2. update, change the password of, or delete only users whose role is not above their own;
 * 3. never change their own role or permissions;
 * 4. set `permissions` only when their role is owner or admin (a member or viewer holding
 *    `canManageUsers` manages users with plain role defaults).
 *
 * Administrators and API keys act with owner rights and are not limited by these rules.
 */
export interface ManagementChange {
  /** The user acted on; absent when creating. */
  target?: { id: string; role: TenantRole } | undefined;
  role?: TenantRole | undefined;
  permissions?: UserPermissions | undefined;
}

export function assertMayManage(actor: Principal, action: string, change: ManagementChange): void {
  if (actor.kind !== 'tenant_user') return;
  const rank = ROLE_RANK[actor.role];
  const { target, role, permissions } = change;
  if (target && ROLE_RANK[target.role] > rank) {
    throw forbidden(`Your role (${actor.role}) does not allow ${action} on a user whose role is ${target.role}`);
  }
  if (role && ROLE_RANK[role] > rank) {
    throw forbidden(`Your role (${actor.role}) does not allow ${action} with role ${role}: you can grant at most ${actor.role}`);
  }
  const self = target?.id === actor.userId;
  if (self && role !== undefined && role !== target?.role) {
    throw forbidden(`You cannot change your own role (${action})`);
  }
  if (self && permissions !== undefined) {
    throw forbidden(`You cannot change your own permissions (${action})`);
  }
  if (permissions !== undefined && ROLE_RANK[actor.role] < ROLE_RANK.admin) {
    throw forbidden(`Only owners and admins may set permissions (${action})`);
  }
}
