import type { Principal } from '../../domain/access/principal.js';
import type { TransportDeps } from '../request-context.js';

export type McpAuthDeps = TransportDeps;

/**
 * The principal behind an MCP bearer credential (the service's credential registry, MCP surface:
 * API keys, tenant_login tokens; REST admin tokens are refused with a message saying what to use).
 */
export function authenticateMcpToken(deps: McpAuthDeps, token: string): Promise<Principal> {
  return deps.services.credentials.authenticate(token, 'mcp');
}

/** Sessions belong to the identity that opened them; later requests must come from the same one. */
export function sessionOwner(principal: Principal): string {
  switch (principal.kind) {
    case 'admin':
      return `admin:${principal.adminId}`;
    case 'tenant_key':
      return `tenant_key:${principal.keyId}`;
    case 'tenant_user':
      return `tenant_user:${principal.userId}`;
    case 'bot':
      return `bot:${principal.botId}`;
    case 'channel':
      return `channel:${principal.channelId}:${principal.caller.kind}:${principal.caller.id}`;
    default: {
      const unknown: never = principal;
      throw new Error(`no session owner for ${JSON.stringify(unknown)}`);
    }
  }
}
