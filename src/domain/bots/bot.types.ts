import type { BotPermissions, BotRole } from '../access/principal.js';

/** A bot as stored, without its secret hash. */
export interface BotRow {
  id: string;
  name: string;
  description: string | null;
  role: BotRole;
  permissions: BotPermissions;
  tokenGeneration: number;
  lockedUntil: Date | null;
  lastSeenAt: Date | null;
  revokedAt: Date | null;
  createdBy: string;
  createdAt: Date;
}

/** What identify needs beyond the row: the secret hash. */
export interface BotCredentials extends BotRow {
  secretHash: string;
}

export type BotStatus = 'active' | 'locked' | 'revoked';

/** A bot as `list_bots` and `whoami_bot` answer it: never its secret nor its hash. */
export interface BotView {
  id: string;
  name: string;
  description: string | null;
  role: BotRole;
  permissions: BotPermissions;
  status: BotStatus;
  lockedUntil: Date | null;
  lastSeenAt: Date | null;
  createdBy: string;
  createdAt: Date;
  revokedAt: Date | null;
}

/** How a caller names a bot: its id, or its unique (case-insensitive) name among live bots. */
export type BotRef = { id: string } | { name: string };

export function botView(row: BotRow, now: Date): BotView {
  const status: BotStatus = row.revokedAt ? 'revoked' : row.lockedUntil && row.lockedUntil > now ? 'locked' : 'active';
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    role: row.role,
    permissions: row.permissions,
    status,
    lockedUntil: status === 'locked' ? row.lockedUntil : null,
    lastSeenAt: row.lastSeenAt,
    createdBy: row.createdBy,
    createdAt: row.createdAt,
    revokedAt: row.revokedAt,
  };
}
