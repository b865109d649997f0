import { describe, expect, it } from 'vitest';
import type { Principal, TenantRole } from '../access/principal.js';
import { TENANT_ROLES } from '../access/principal.js';
import { ROLE_RANK, assertMayManage } from './user.rules.js';

const SELF = '00000000-0000-4000-8000-000000000001';
const OTHER = '00000000-0000-4000-8000-000000000009';
const actor = (role: TenantRole): Principal => ({
  kind: 'tenant_user',
  userId: SELF,
  tenantId: 't',
  email: 'a@x',
  role,
  permissions: {},
  sessionId: 's',
});

describe('assertMayManage (rank guard)', () => {
  const pairs = TENANT_ROLES.flatMap((a) => TENANT_ROLES.map((b) => [a, b] as const));

  it.each(pairs)('%s granting %s', (by, role) => {
    const attempt = () => assertMayManage(actor(by), 'create_user', { role });
    if (ROLE_RANK[role] > ROLE_RANK[by]) expect(attempt).toThrow(/FORBIDDEN|grant at most/);
    else expect(attempt).not.toThrow();
  });

  it.each(pairs)('%s acting on a %s', (by, targetRole) => {
    const attempt = () => assertMayManage(actor(by), 'delete_user', { target: { id: OTHER, role: targetRole } });
    if (ROLE_RANK[targetRole] > ROLE_RANK[by]) expect(attempt).toThrow(/role is/);
    else expect(attempt).not.toThrow();
  });

  it("refuses changing one's own role or permissions, but allows a same-role no-op", () => {
    const target = { id: SELF, role: 'admin' as const };
    expect(() => assertMayManage(actor('admin'), 'update_user', { target, role: 'member' })).toThrow(/own role/);
    expect(() => assertMayManage(actor('admin'), 'update_user', { target, permissions: {} })).toThrow(/own permissions/);
    expect(() => assertMayManage(actor('admin'), 'update_user', { target, role: 'admin' })).not.toThrow();
  });

  it('lets only owners and admins set permissions', () => {
    for (const role of TENANT_ROLES) {
      const attempt = () => assertMayManage(actor(role), 'create_user', { role: 'viewer', permissions: { canManageUsers: true } });
      if (role === 'owner' || role === 'admin') expect(attempt).not.toThrow();
      else expect(attempt).toThrow(/Only owners and admins/);
    }
  });

  it('does not limit administrators and API keys', () => {
    const admin: Principal = { kind: 'admin', adminId: 'a', email: 'a@x', name: 'A', credential: 'token' };
    const key: Principal = { kind: 'tenant_key', keyId: 'k', adminId: 'a', tenantId: 't' };
    for (const p of [admin, key]) {
      expect(() =>
        assertMayManage(p, 'update_user', { target: { id: OTHER, role: 'owner' }, role: 'owner', permissions: {} }),
      ).not.toThrow();
    }
  });
});
