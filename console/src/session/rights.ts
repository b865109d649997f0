import type { RecordAction, Role } from '../api/types.ts';
import type { Session } from './session.ts';

/**
 * What a role may do, as docs/users.md documents it. The API enforces these rules on every
 * request but does not answer a user's effective rights, so the console uses this table only to
 * hide controls a person could not use and to explain roles ("view as"); the API stays the judge.
 */
export interface RoleRights {
  records: RecordAction[];
  manageUsers: boolean;
  /** Entities and fields, business rules, the tenant's channel (docs/rules.md, docs/channels.md). */
  changeSchema: boolean;
  /** Deploy, roll back and delete static sites; every role may list them (docs/sites.md). */
  writeSites: boolean;
  /** Register, reset and revoke bots (docs/bots.md). */
  manageBots: boolean;
}

export const ROLE_RIGHTS: Record<Role, RoleRights> = {
  owner: { records: ['create', 'read', 'update', 'delete'], manageUsers: true, changeSchema: true, writeSites: true, manageBots: true },
  admin: { records: ['create', 'read', 'update', 'delete'], manageUsers: true, changeSchema: true, writeSites: true, manageBots: true },
  member: { records: ['create', 'read', 'update'], manageUsers: false, changeSchema: false, writeSites: false, manageBots: false },
  viewer: { records: ['read'], manageUsers: false, changeSchema: false, writeSites: false, manageBots: false },
};

export const ROLES: Role[] = ['owner', 'admin', 'member', 'viewer'];

/** Administrators and API keys act with owner rights; a tenant user with their role's. */
export function canOnRecords(session: Session, action: RecordAction, entity: string): boolean {
  if (session.kind === 'admin') return true;
  const override = session.user.permissions.entities?.[entity];
  return (override ?? ROLE_RIGHTS[session.user.role].records).includes(action);
}

export function canChangeSchema(session: Session): boolean {
  return session.kind === 'admin' || ROLE_RIGHTS[session.user.role].changeSchema;
}

export function canManageUsers(session: Session): boolean {
  return session.kind === 'admin' || ROLE_RIGHTS[session.user.role].manageUsers || session.user.permissions.canManageUsers === true;
}

export function canWriteSites(session: Session): boolean {
  return session.kind === 'admin' || ROLE_RIGHTS[session.user.role].writeSites;
}

export function canManageBots(session: Session): boolean {
  return session.kind === 'admin' || ROLE_RIGHTS[session.user.role].manageBots;
}
