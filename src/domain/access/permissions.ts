import type { ChannelPermission, Principal, RecordAction, TenantRole } from './principal.js';

/**
 * Who may do what (docs/users.md "Roles"). Every decision switches exhaustively on the principal's
 * kind: a new kind (bots, channels) does not compile until each function here has decided what it
 * may do, and no branch grants by default.
 */

/** What a tenant-scoped operation requires of its caller. */
export type TenantPermission = 'schema.read' | 'schema.write' | 'users.manage' | 'bots.manage' | 'records' | 'sites.read' | 'sites.write';

/** Who may call an operation that runs outside a tenant. */
export type GlobalAccess = 'public' | 'authenticated' | 'admin';

const ROLE_RECORD_ACTIONS: Record<TenantRole, readonly RecordAction[]> = {
  owner: ['create', 'read', 'update', 'delete'],
  admin: ['create', 'read', 'update', 'delete'],
  member: ['create', 'read', 'update'],
  viewer: ['read'],
};

function unknownKind(principal: never): never {
  throw new Error(`no permissions are defined for principal ${JSON.stringify(principal)}`);
}

/** Whether `principal` (null: anonymous) may call an operation of this access. */
export function canUseGlobal(principal: Principal | null, access: GlobalAccess): boolean {
  if (access === 'public') return true;
  if (!principal) return false;
  switch (principal.kind) {
    case 'admin':
      return true;
    case 'tenant_key':
    case 'tenant_user':
    case 'bot':
      return access === 'authenticated';
    case 'channel':
      // A channel principal exists only inside one execution, in its owner's tenant.
      return false;
    default:
      return unknownKind(principal);
  }
}

function roleMay(role: TenantRole, permission: TenantPermission, canManageUsers: boolean): boolean {
  switch (permission) {
    case 'schema.read':
    case 'records':
      return true;
    case 'schema.write':
      return role === 'owner' || role === 'admin';
    case 'users.manage':
      return role === 'owner' || role === 'admin' || canManageUsers;
    case 'bots.manage':
      return role === 'owner' || role === 'admin';
    case 'sites.read':
      return true;
    case 'sites.write':
      return role === 'owner' || role === 'admin';
  }
}

/** Bots act by role on schema, records and sites (a deploy bot), and never manage people or other bots (docs/bots.md). */
function botMay(role: TenantRole, permission: TenantPermission): boolean {
  switch (permission) {
    case 'users.manage':
    case 'bots.manage':
      return false;
    case 'schema.read':
    case 'schema.write':
    case 'records':
    case 'sites.read':
    case 'sites.write':
      return roleMay(role, permission, false);
  }
}

/** Administrators, admin keys and tenant keys act with owner rights; tenant users and bots by role. */
export function canUseOperation(principal: Principal, permission: TenantPermission): boolean {
  switch (principal.kind) {
    case 'admin':
    case 'tenant_key':
      return true;
    case 'tenant_user':
      return roleMay(principal.role, permission, principal.permissions.canManageUsers === true);
    case 'bot':
      return botMay(principal.role, permission);
    case 'channel':
      // Records only, and canOnRecords narrows them to the grant; never schema or users.
      return permission === 'records';
    default:
      return unknownKind(principal);
  }
}

/** `permissions.entities[entity]`, where present, replaces the role's record actions for that entity. */
export function canOnRecords(principal: Principal, action: RecordAction, entityName: string): boolean {
  switch (principal.kind) {
    case 'admin':
    case 'tenant_key':
      return true;
    case 'tenant_user':
    case 'bot': {
      const override = principal.permissions.entities?.[entityName];
      const allowed = Array.isArray(override) ? override : ROLE_RECORD_ACTIONS[principal.role];
      return allowed.includes(action);
    }
    case 'channel':
      return channelMay(principal.grant, entityName, action);
    default:
      return unknownKind(principal);
  }
}

/** `read` lends reading; `readwrite` adds create and update. No grant ever lends delete. */
export function channelMay(grant: Readonly<Record<string, ChannelPermission>>, entityName: string, action: RecordAction): boolean {
  if (!Object.hasOwn(grant, entityName)) return false;
  const permission = grant[entityName]!;
  return Object.hasOwn(CHANNEL_ACTIONS, permission) && CHANNEL_ACTIONS[permission].includes(action);
}

const CHANNEL_ACTIONS: Record<ChannelPermission, readonly RecordAction[]> = {
  read: ['read'],
  readwrite: ['read', 'create', 'update'],
};
