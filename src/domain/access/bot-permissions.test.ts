import { describe, expect, it } from 'vitest';
import { canOnRecords, canUseGlobal, canUseOperation, type TenantPermission } from './permissions.js';
import { BOT_ROLES, RECORD_ACTIONS, type BotPermissions, type BotRole, type Principal } from './principal.js';

const bot = (role: BotRole, permissions: BotPermissions = {}): Principal => ({
  kind: 'bot',
  botId: '00000000-0000-4000-8000-000000000001',
  tenantId: '00000000-0000-4000-8000-000000000002',
  name: 'a-bot',
  role,
  permissions,
});

/** docs/bots.md "Roles and permissions", written out in full. */
const OPERATIONS: Record<BotRole, Record<TenantPermission, boolean>> = {
  admin: { 'schema.read': true, 'schema.write': true, 'users.manage': false, 'bots.manage': false, records: true },
  member: { 'schema.read': true, 'schema.write': false, 'users.manage': false, 'bots.manage': false, records: true },
  viewer: { 'schema.read': true, 'schema.write': false, 'users.manage': false, 'bots.manage': false, records: true },
};
const RECORDS: Record<BotRole, readonly string[]> = {
  admin: ['create', 'read', 'update', 'delete'],
  member: ['create', 'read', 'update'],
  viewer: ['read'],
};

describe('bot permissions', () => {
  const permissions = Object.keys(OPERATIONS.admin) as TenantPermission[];
  it.each(BOT_ROLES.flatMap((role) => permissions.map((p) => [role, p, OPERATIONS[role][p]] as const)))(
    '%s bot → %s: %s',
    (role, permission, allowed) => {
      expect(canUseOperation(bot(role), permission)).toBe(allowed);
    },
  );

  it.each(BOT_ROLES)('a %s bot acts on records by role, and permissions.entities replaces it per entity', (role) => {
    for (const action of RECORD_ACTIONS) expect(canOnRecords(bot(role), action, 'orders')).toBe(RECORDS[role].includes(action));
    const limited = bot(role, { entities: { orders: ['read'], archive: [] } });
    for (const action of RECORD_ACTIONS) {
      expect(canOnRecords(limited, action, 'orders')).toBe(action === 'read');
      expect(canOnRecords(limited, action, 'archive')).toBe(false);
      expect(canOnRecords(limited, action, 'customers')).toBe(RECORDS[role].includes(action));
    }
  });

  it('a bot calls authenticated global operations, never administrators-only ones', () => {
    expect(canUseGlobal(bot('admin'), 'authenticated')).toBe(true);
    expect(canUseGlobal(bot('admin'), 'admin')).toBe(false);
  });
});
