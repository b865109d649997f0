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

/** A bot's roles (docs/bots.md): a bot never manages people, so owner would add nothing over admin. */
export const BOT_ROLES = ['admin', 'member', 'viewer'] as const;
export type BotRole = (typeof BOT_ROLES)[number];

/** The shape of a bot's `permissions` (docs/bots.md): record actions per entity, replacing the role's. */
export interface BotPermissions {
  entities?: Record<string, RecordAction[]>;
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
      /** The login the admin token descends from (logout ends the whole family). */
      tokenFamily?: string | undefined;
      /** The credential stamp of the admin token (a password reset ends the tokens carrying an older one). */
      tokenStamp?: string | undefined;
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
  | {
      /** A machine identity of one tenant (docs/bots.md); `botId` and `name` attribute what it does. */
      kind: 'bot';
      botId: string;
      tenantId: string;
      name: string;
      role: BotRole;
      permissions: BotPermissions;
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

/** Who a principal is, as logs record it (rule runs): its kind and the id of what authenticated. */
export function principalActor(principal: Principal): { kind: Principal['kind']; id: string } {
  switch (principal.kind) {
    case 'admin':
      return { kind: principal.kind, id: principal.adminId };
    case 'tenant_key':
      return { kind: principal.kind, id: principal.keyId };
    case 'tenant_user':
      return { kind: principal.kind, id: principal.userId };
    case 'bot':
      return { kind: principal.kind, id: principal.botId };
    case 'channel':
      // A channel tool acting in its owner's tenant: the channel, which its audit log ties to the caller.
      return { kind: principal.kind, id: principal.channelId };
    default: {
      const never: never = principal;
      throw new Error(`unknown principal ${JSON.stringify(never)}`);
    }
  }
}
