import type { TenantTx } from '../../db/with-tenant.js';
import type { BotPermissions, BotRole } from '../access/principal.js';
import { LOCKOUT_AFTER_FAILURES, LOCKOUT_MINUTES } from './lockout.js';
import type { BotCredentials, BotRef, BotRow } from './bot.types.js';

const ROW = `id, name, description, role, permissions, token_generation as "tokenGeneration",
  locked_until as "lockedUntil", last_seen_at as "lastSeenAt", revoked_at as "revokedAt",
  created_by as "createdBy", created_at as "createdAt"`;

type Rows<T> = T & Record<string, unknown>;

/** The WHERE clause (after tenant_id = $1) naming one bot; `$2` is the id or the name. */
const refClause = (ref: BotRef) => ('id' in ref ? 'id = $2' : 'lower(name) = lower($2) and revoked_at is null');
const refValue = (ref: BotRef) => ('id' in ref ? ref.id : ref.name);

export async function insertBot(
  tx: TenantTx,
  bot: { name: string; description: string | null; role: BotRole; permissions: BotPermissions; secretHash: string; createdBy: string },
  now: Date,
): Promise<BotRow> {
  // JSON goes in as text cast to jsonb (see user.repository.ts).
  const [row] = await tx.query<Rows<BotRow>>(
    `insert into bots (tenant_id, name, description, role, permissions, secret_hash, created_by, created_at, updated_at)
     values ($1, $2, $3, $4, $5::text::jsonb, $6, $7, $8, $8) returning ${ROW}`,
    [tx.tenantId, bot.name, bot.description, bot.role, JSON.stringify(bot.permissions), bot.secretHash, bot.createdBy, now],
  );
  return row!;
}

export function listBotRows(tx: TenantTx): Promise<BotRow[]> {
  return tx.query<Rows<BotRow>>(`select ${ROW} from bots where tenant_id = $1 order by created_at, name`, [tx.tenantId]);
}

export async function findBot(tx: TenantTx, ref: BotRef): Promise<BotRow | undefined> {
  const [row] = await tx.query<Rows<BotRow>>(`select ${ROW} from bots where tenant_id = $1 and ${refClause(ref)}`, [
    tx.tenantId,
    refValue(ref),
  ]);
  return row;
}

/** For identify only: the one query that reads a secret hash. Live bots only. */
export async function findBotCredentials(tx: TenantTx, ref: BotRef): Promise<BotCredentials | undefined> {
  const [row] = await tx.query<Rows<BotCredentials>>(
    `select ${ROW}, secret_hash as "secretHash" from bots where tenant_id = $1 and ${refClause(ref)} and revoked_at is null`,
    [tx.tenantId, refValue(ref)],
  );
  return row;
}

/** Revokes a live bot; its tokens fail from the next request (the token check reads revoked_at). */
export async function markBotRevoked(tx: TenantTx, id: string, now: Date): Promise<BotRow | undefined> {
  const [row] = await tx.query<Rows<BotRow>>(
    `update bots set revoked_at = $3, token_generation = token_generation + 1, updated_at = $3
      where tenant_id = $1 and id = $2 and revoked_at is null returning ${ROW}`,
    [tx.tenantId, id, now],
  );
  return row;
}

/** A new secret for a live bot: tokens of earlier generations stop working; the lockout is cleared. */
export async function replaceBotSecret(tx: TenantTx, id: string, secretHash: string, now: Date): Promise<BotRow | undefined> {
  const [row] = await tx.query<Rows<BotRow>>(
    `update bots set secret_hash = $3, token_generation = token_generation + 1, failed_identifies = 0,
            lockout_level = 0, locked_until = null, updated_at = $4
      where tenant_id = $1 and id = $2 and revoked_at is null returning ${ROW}`,
    [tx.tenantId, id, secretHash, now],
  );
  return row;
}

/**
 * Counts a failed identify in one statement (the row lock orders concurrent failures from every
 * instance). The failure that completes a series locks the bot for the next rung of the ladder.
 */
export async function recordFailedIdentify(tx: TenantTx, id: string, now: Date): Promise<{ lockedUntil: Date | null }> {
  const rungs = `array[${LOCKOUT_MINUTES.join(', ')}]`;
  const [row] = await tx.query<Rows<{ lockedUntil: Date | null }>>(
    `update bots set
       failed_identifies = case when failed_identifies + 1 >= ${LOCKOUT_AFTER_FAILURES} then 0 else failed_identifies + 1 end,
       lockout_level = case when failed_identifies + 1 >= ${LOCKOUT_AFTER_FAILURES} then lockout_level + 1 else lockout_level end,
       locked_until = case when failed_identifies + 1 >= ${LOCKOUT_AFTER_FAILURES}
         then $3::timestamptz + make_interval(mins => (${rungs})[least(lockout_level, ${LOCKOUT_MINUTES.length - 1}) + 1])
         else locked_until end
     where tenant_id = $1 and id = $2 returning locked_until as "lockedUntil"`,
    [tx.tenantId, id, now],
  );
  return { lockedUntil: row?.lockedUntil ?? null };
}

/** A successful identify clears the ladder and marks the bot seen. */
export async function recordIdentified(tx: TenantTx, id: string, now: Date): Promise<void> {
  await tx.query(
    `update bots set failed_identifies = 0, lockout_level = 0, locked_until = null, last_seen_at = $3
      where tenant_id = $1 and id = $2`,
    [tx.tenantId, id, now],
  );
}

export async function touchBot(tx: TenantTx, id: string, now: Date): Promise<void> {
  await tx.query('update bots set last_seen_at = $3 where tenant_id = $1 and id = $2', [tx.tenantId, id, now]);
}
