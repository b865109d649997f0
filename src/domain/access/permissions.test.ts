import { describe, expect, it } from 'vitest';
import { canOnRecords, canUseOperation, type TenantPermission } from './permissions.js';
import { RECORD_ACTIONS, TENANT_ROLES, type Principal, type RecordAction, type TenantRole, type UserPermissions } from './principal.js';

const user = (role: TenantRole, permissions: UserPermissions = {}): Principal => ({
  kind: 'tenant_user',
  userId: '00000000-0000-4000-8000-000000000001',
  tenantId: '00000000-0000-4000-8000-000000000002',
  email: 'u@example.com',
  role,
  permissions,
  sessionId: '00000000-0000-4000-8000-000000000003',
});

/** docs/users.md, written out in full so a change to either side shows up here. */
const RECORDS: Record<TenantRole, Record<RecordAction, boolean>> = {
  owner: { create: true, read: true, update: true, delete: true },
  admin: { create: true, read: true, update: true, delete: true },
  member: { create: true, read: true, update: true, delete: false },
  viewer: { create: false, read: true, update: false, delete: false },
};
const MANAGES_USERS: Record<TenantRole, boolean> = { owner: true, admin: true, member: false, viewer: false };

const cases = TENANT_ROLES.flatMap((role) => RECORD_ACTIONS.map((action) => [role, action, RECORDS[role][action]] as const));

describe('canOnRecords', () => {
  it.each(cases)('%s may %s records: %s', (role, action, allowed) => {
    expect(canOnRecords(user(role), action, 'orders')).toBe(allowed);
  });

  it.each(cases)('%s: permissions.entities replaces the role for that entity only (%s)', (role, action) => {
    const p = user(role, { entities: { orders: [action], archive: [] } });
    expect(canOnRecords(p, action, 'orders')).toBe(true);
    for (const other of RECORD_ACTIONS.filter((a) => a !== action)) expect(canOnRecords(p, other, 'orders')).toBe(false);
    // An empty list denies everything, even to owners.
    expect(canOnRecords(p, action, 'archive')).toBe(false);
    // Entities not listed keep the role's actions.
    expect(canOnRecords(p, action, 'customers')).toBe(RECORDS[role][action]);
  });

  it('an override can grant a viewer delete on one entity', () => {
    expect(canOnRecords(user('viewer', { entities: { notes: ['read', 'delete'] } }), 'delete', 'notes')).toBe(true);
    expect(canOnRecords(user('viewer', { entities: { notes: ['read', 'delete'] } }), 'delete', 'orders')).toBe(false);
  });

  it('administrators and API keys act with owner rights', () => {
    const admin: Principal = { kind: 'admin', adminId: 'a', email: 'a@x', name: 'A', credential: 'token' };
    const key: Principal = { kind: 'tenant_key', keyId: 'k', adminId: 'a', tenantId: 't' };
    for (const action of RECORD_ACTIONS) {
      expect(canOnRecords(admin, action, 'orders')).toBe(true);
      expect(canOnRecords(key, action, 'orders')).toBe(true);
    }
  });
});

describe('canUseOperation', () => {
  const permissions: TenantPermission[] = ['schema.read', 'schema.write', 'users.manage', 'records'];
  const expected = (role: TenantRole, permission: TenantPermission) =>
    permission === 'users.manage' ? MANAGES_USERS[role] : permission === 'schema.write' ? role === 'owner' || role === 'admin' : true;

  it.each(TENANT_ROLES.flatMap((role) => permissions.map((p) => [role, p, expected(role, p)] as const)))(
    '%s → %s: %s',
    (role, permission, allowed) => {
      expect(canUseOperation(user(role), permission)).toBe(allowed);
    },
  );

  it.each(TENANT_ROLES)('canManageUsers lets %s manage users, and only users', (role) => {
    const p = user(role, { canManageUsers: true });
    expect(canUseOperation(p, 'users.manage')).toBe(true);
    expect(canUseOperation(p, 'schema.write')).toBe(expected(role, 'schema.write'));
    expect(canUseOperation(user(role, { canManageUsers: false }), 'users.manage')).toBe(MANAGES_USERS[role]);
  });
});
