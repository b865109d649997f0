import type { Principal } from './principal.js';

/**
 * Who did something, as features that record an actor store it (rule runs, channel audit, a
 * bot's creator): the principal's kind, a stable id and a readable name. Bots are actors in their
 * own right (docs/bots.md "Attribution"), never the key or person that registered them.
 */
export interface Actor {
  kind: Principal['kind'];
  id: string;
  name: string;
}

export function actorOf(principal: Principal): Actor {
  switch (principal.kind) {
    case 'admin':
      return { kind: 'admin', id: principal.adminId, name: principal.email };
    case 'tenant_key':
      return { kind: 'tenant_key', id: principal.keyId, name: `tenant API key ${principal.keyId}` };
    case 'tenant_user':
      return { kind: 'tenant_user', id: principal.userId, name: principal.email };
    case 'bot':
      return { kind: 'bot', id: principal.botId, name: principal.name };
    case 'channel':
      return {
        kind: 'channel',
        id: principal.channelId,
        name: `channel ${principal.channelId} for ${principal.caller.kind} ${principal.caller.id}`,
      };
    default: {
      const unknown: never = principal;
      throw new Error(`no actor for ${JSON.stringify(unknown)}`);
    }
  }
}

/** `kind:id`, the compact form stored in a text column. */
export const actorRef = (actor: Actor) => `${actor.kind}:${actor.id}`;
