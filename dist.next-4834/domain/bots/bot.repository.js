import { LOCKOUT_AFTER_FAILURES, LOCKOUT_MINUTES } from "./lockout.js";
const ROW = `id, name, description, role, permissions, token_generation as "tokenGeneration",
  locked_until as "lockedUntil", last_seen_at as "lastSeenAt", revoked_at as "revokedAt",
  created_by as "createdBy", created_at as "createdAt"`;
const refClause = (ref) => "id" in ref ? "id = $2" : "lower(name) = lower($2) and revoked_at is null";
const refValue = (ref) => "id" in ref ? ref.id : ref.name;
async function insertBot(tx, bot, now) {
  const [row] = await tx.query(
    `insert into bots (tenant_id, name, description, role, permissions, secret_hash, created_by, created_at, updated_at)
     values ($1, $2, $3, $4, $5::text::jsonb, $6, $7, $8, $8) returning ${ROW}`,
    [tx.tenantId, bot.name, bot.description, bot.role, JSON.stringify(bot.permissions), bot.secretHash, bot.createdBy, now]
  );
  return row;
}
function listBotRows(tx) {
  return tx.query(`select ${ROW} from bots where tenant_id = $1 order by created_at, name`, [tx.tenantId]);
}
async function findBot(tx, ref) {
  const [row] = await tx.query(`select ${ROW} from bots where tenant_id = $1 and ${refClause(ref)}`, [
    tx.tenantId,
    refValue(ref)
  ]);
  return row;
}
async function findBotCredentials(tx, ref) {
  const [row] = await tx.query(
    `select ${ROW}, secret_hash as "secretHash" from bots where tenant_id = $1 and ${refClause(ref)} and revoked_at is null`,
    [tx.tenantId, refValue(ref)]
  );
  return row;
}
async function markBotRevoked(tx, id, now) {
  const [row] = await tx.query(
    `update bots set revoked_at = $3, token_generation = token_generation + 1, updated_at = $3
      where tenant_id = $1 and id = $2 and revoked_at is null returning ${ROW}`,
    [tx.tenantId, id, now]
  );
  return row;
}
async function replaceBotSecret(tx, id, secretHash, now) {
  const [row] = await tx.query(
    `update bots set secret_hash = $3, token_generation = token_generation + 1, failed_identifies = 0,
            lockout_level = 0, locked_until = null, updated_at = $4
      where tenant_id = $1 and id = $2 and revoked_at is null returning ${ROW}`,
    [tx.tenantId, id, secretHash, now]
  );
  return row;
}
async function recordFailedIdentify(tx, id, now) {
  const rungs = `array[${LOCKOUT_MINUTES.join(", ")}]`;
  const [row] = await tx.query(
    `update bots set
       failed_identifies = case when failed_identifies + 1 >= ${LOCKOUT_AFTER_FAILURES} then 0 else failed_identifies + 1 end,
       lockout_level = case when failed_identifies + 1 >= ${LOCKOUT_AFTER_FAILURES} then lockout_level + 1 else lockout_level end,
       locked_until = case when failed_identifies + 1 >= ${LOCKOUT_AFTER_FAILURES}
         then $3::timestamptz + make_interval(mins => (${rungs})[least(lockout_level, ${LOCKOUT_MINUTES.length - 1}) + 1])
         else locked_until end
     where tenant_id = $1 and id = $2 returning locked_until as "lockedUntil"`,
    [tx.tenantId, id, now]
  );
  return { lockedUntil: row?.lockedUntil ?? null };
}
async function recordIdentified(tx, id, now) {
  await tx.query(
    `update bots set failed_identifies = 0, lockout_level = 0, locked_until = null, last_seen_at = $3
      where tenant_id = $1 and id = $2`,
    [tx.tenantId, id, now]
  );
}
async function touchBot(tx, id, now) {
  await tx.query("update bots set last_seen_at = $3 where tenant_id = $1 and id = $2", [tx.tenantId, id, now]);
}
export {
  findBot,
  findBotCredentials,
  insertBot,
  listBotRows,
  markBotRevoked,
  recordFailedIdentify,
  recordIdentified,
  replaceBotSecret,
  touchBot
};
//# sourceMappingURL=bot.repository.js.map
