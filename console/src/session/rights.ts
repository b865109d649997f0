import { useQuery } from '@tanstack/react-query';
import { getUserRights, type Rights } from '../api/users.ts';
import type { RecordAction, Role } from '../api/types.ts';
import { tenantSlugOf, useSession } from './session.ts';

export type { Rights };

/**
 * What the signed-in caller may do, as the API answers it (`GET /api/auth/tenant/users/me/rights`,
 * docs/users.md "Effective rights"): computed by the code that enforces it, for any credential
 * (administrator, key, tenant user). The console only hides controls with it; the API stays the
 * judge. Undefined while it loads, and without a tenant: nothing is offered until the API answered.
 */
export function useMyRights(): Rights | undefined {
  const session = useSession();
  const tenant = tenantSlugOf(session);
  const rights = useQuery({
    queryKey: ['rights', 'me', session?.token, tenant],
    queryFn: () => getUserRights('me'),
    enabled: session !== null && tenant !== undefined,
  });
  return rights.data;
}

export const canOnRecords = (rights: Rights | undefined, action: RecordAction, entity: string): boolean =>
  rights?.entities.find((e) => e.entity === entity)?.actions.includes(action) === true;

export const canChangeSchema = (rights: Rights | undefined): boolean => rights?.tenant.changeSchema === true;
export const canManageUsers = (rights: Rights | undefined): boolean => rights?.tenant.manageUsers === true;
export const canWriteSites = (rights: Rights | undefined): boolean => rights?.tenant.writeSites === true;
export const canManageBots = (rights: Rights | undefined): boolean => rights?.tenant.manageBots === true;

/** Presentation only: the roles a user may be given, in rank order, and how the console words them. */
export const ROLES: Role[] = ['owner', 'admin', 'member', 'viewer'];

export const ROLE_LABELS: Record<Role, string> = {
  owner: 'Owner — everything in the tenant',
  admin: 'Admin — everything in the tenant; cannot make owners',
  member: 'Member — creates, reads and updates records',
  viewer: 'Viewer — reads',
};

/** Presentation only: how the console words each tenant-level right the API answers. */
export const RIGHT_LABELS: Array<{ right: keyof Rights['tenant']; label: string; yes: string; no: string }> = [
  { right: 'manageUsers', label: 'Users of the tenant', yes: 'may manage', no: 'no access' },
  { right: 'changeSchema', label: 'Entities and fields', yes: 'may change and publish', no: 'may read' },
  { right: 'changeSchema', label: 'Business rules', yes: 'may create, publish, delete and test', no: 'may read and test' },
  {
    right: 'changeSchema',
    label: "The tenant's channel",
    yes: 'may publish, change and unpublish it, and read its audit log',
    no: 'may see it',
  },
  { right: 'writeSites', label: 'Static sites', yes: 'may deploy, roll back and delete', no: 'may list' },
  { right: 'manageBots', label: 'Bots', yes: 'may register, reset and delete', no: 'no access' },
];
