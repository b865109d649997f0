import type { ChannelCaller, Principal, TenantRef } from '../access/principal.js';

/**
 * Who executes a channel tool, for the owner's audit log and the per-caller rate limit: the
 * caller's principal kind and id, and the tenant it acts from. Any authenticated principal may
 * consume a channel; a new kind must say here how it is named.
 */
export function callerOf(principal: Principal, tenant: TenantRef | null): ChannelCaller {
  const from = { tenantId: tenant?.id ?? null, tenantSlug: tenant?.slug ?? null };
  switch (principal.kind) {
    case 'admin':
      return { ...from, kind: 'admin', id: principal.adminId };
    case 'tenant_key':
      return { ...from, kind: 'tenant_key', id: principal.keyId };
    case 'tenant_user':
      return { ...from, kind: 'tenant_user', id: principal.userId };
    case 'bot':
      return { ...from, kind: 'bot', id: principal.botId };
    case 'channel':
      // A channel principal exists only inside an execution; it never calls another tool.
      throw new Error('a channel principal cannot execute channel tools');
    default: {
      const unknown: never = principal;
      throw new Error(`no channel caller for ${JSON.stringify(unknown)}`);
    }
  }
}
