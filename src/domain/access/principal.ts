/** Who is calling. Resolved from a credential before any operation runs. */

export const TENANT_ROLES = ['owner', 'admin', 'member', 'viewer'] as const;
export type TenantRole = (typeof TENANT_ROLES)[number];

export const RECORD_ACTIONS = ['create', 'read', 'update', 'delete'] as const;
export type RecordAction = (typeof RECORD_ACTIONS)[number];

/** The shape of `permissions` (docs/users.md). */
export interface UserPermissions {
  entities?: Record<string, RecordAction[]>;
  canManageUsers?: boolean;
  canManageSettings?: boolean;
}

export type Principal =
  | {
      kind: 'admin';
      adminId: string;
      email: string;
      name: string;
      /** How the administrator authenticated: REST admin token or `admin`-scope API key. */
      credential: 'token' | 'api_key';
      /** Tenant selected inside the admin token, if any. */
      selectedTenantId?: string | undefined;
      tokenId?: string | undefined;
      tokenExpiresAt?: Date | undefined;
      keyId?: string | undefined;
    }
  | { kind: 'tenant_key'; keyId: string; adminId: string; tenantId: string }
  | {
      kind: 'tenant_user';
      userId: string;
      tenantId: string;
      email: string;
      role: TenantRole;
      permissions: UserPermissions;
      sessionId: string;
    }
  | ChannelPrincipal;

/** What a channel lends of one entity (docs/channels.md). */
export type ChannelPermission = 'read' | 'readwrite';

/** Who executes a channel tool, as the owner's audit log records it. */
export interface ChannelCaller {
  /** The caller's own tenant (null for an administrator acting without one). */
  tenantId: string | null;
  tenantSlug: string | null;
  /** The caller's principal kind and id (key id, user id, admin id …). */
  kind: string;
  id: string;
}

/**
 * A channel tool executing inside its owner's tenant (`tenantId`): its rights are the channel's
 * grant and nothing else — never the owner's, never the caller's.
 */
export interface ChannelPrincipal {
  kind: 'channel';
  channelId: string;
  tenantId: string;
  grant: Readonly<Record<string, ChannelPermission>>;
  caller: ChannelCaller;
}

/** A tenant as carried in a request context. */
export interface TenantRef {
  id: string;
  slug: string;
  name: string;
}
