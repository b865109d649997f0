import { forbidden } from '../../errors.js';
import { canOnRecords, canUseOperation } from '../access/permissions.js';
import { RECORD_ACTIONS, type BotPermissions, type BotRole, type Principal, type RecordAction } from '../access/principal.js';

/** The record actions of each bot role, where `permissions.entities` names no override. */
const ROLE_ACTIONS: Record<BotRole, readonly RecordAction[]> = {
  admin: ['create', 'read', 'update', 'delete'],
  member: ['create', 'read', 'update'],
  viewer: ['read'],
};

/** The principal a bot of this role and these permissions will be (to ask permissions.ts about it). */
const asBot = (tenantId: string, role: BotRole, permissions: BotPermissions): Principal => ({
  kind: 'bot',
  botId: '',
  tenantId,
  name: '',
  role,
  permissions,
});

/** Entities whose record rights are not the role's for the creator (tenant users' overrides). */
function overriddenFor(creator: Principal): string[] {
  switch (creator.kind) {
    case 'tenant_user':
    case 'bot':
      return Object.keys(creator.permissions.entities ?? {});
    case 'admin':
    case 'tenant_key':
      return [];
    case 'channel':
      // Never a creator (a channel only reaches records); its rights are its grant's, entity by entity.
      return Object.keys(creator.grant);
    default: {
      const unknown: never = creator;
      throw new Error(`unknown principal ${JSON.stringify(unknown)}`);
    }
  }
}

/**
 * A bot never holds more than its creator (docs/bots.md): every schema right its role gives, and
 * every record action it would have on any entity — named in its permissions, overridden for the
 * creator, or left to the roles — must be the creator's too. FORBIDDEN names the first excess.
 */
export function assertWithinCreatorRights(creator: Principal, tenantId: string, role: BotRole, permissions: BotPermissions): void {
  const bot = asBot(tenantId, role, permissions);
  if (canUseOperation(bot, 'schema.write') && !canUseOperation(creator, 'schema.write')) {
    throw forbidden(`A bot with role ${role} could change the schema, which you cannot: choose a lower role`);
  }
  const named = Object.keys(permissions.entities ?? {});
  const entities = [...new Set([...named, ...overriddenFor(creator)])];
  // A name no entity uses stands for every entity the overrides do not name.
  const roleDefault = '\u0000any-other-entity';
  for (const entity of [...entities, roleDefault]) {
    const given = permissions.entities?.[entity] ?? ROLE_ACTIONS[role];
    for (const action of RECORD_ACTIONS) {
      if (!given.includes(action) || canOnRecords(creator, action, entity)) continue;
      const where = entity === roleDefault ? 'records' : `records of ${entity}`;
      throw forbidden(`A bot cannot get rights its creator lacks: you may not ${action} ${where}`);
    }
  }
}
