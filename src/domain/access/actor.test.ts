import { describe, expect, it } from 'vitest';
import { actorOf, actorRef } from './actor.js';

describe('actorOf', () => {
  it('names a bot as itself: kind, bot id and bot name', () => {
    const actor = actorOf({ kind: 'bot', botId: 'b1', tenantId: 't1', name: 'invoice-sync', role: 'member', permissions: {} });
    expect(actor).toEqual({ kind: 'bot', id: 'b1', name: 'invoice-sync' });
    expect(actorRef(actor)).toBe('bot:b1');
  });

  it('names people and keys by their own ids', () => {
    expect(actorOf({ kind: 'admin', adminId: 'a1', email: 'a@x', name: 'A', credential: 'token' })).toEqual({
      kind: 'admin',
      id: 'a1',
      name: 'a@x',
    });
    expect(actorOf({ kind: 'tenant_key', keyId: 'k1', adminId: 'a1', tenantId: 't1' }).id).toBe('k1');
    const user = actorOf({
      kind: 'tenant_user',
      userId: 'u1',
      tenantId: 't1',
      email: 'u@x',
      role: 'viewer',
      permissions: {},
      sessionId: 's1',
    });
    expect(user).toEqual({ kind: 'tenant_user', id: 'u1', name: 'u@x' });
  });
});
