import bcrypt from "bcrypt";
import { hashSecret, randomSecret } from "../auth/tokens.js";
const BOT_SECRET_PREFIX = "tbot_";
const SECRET_PATTERN = /^tbot_([0-9a-f]{32})_([A-Za-z0-9_-]{43})$/;
const BCRYPT_ROUNDS = 10;
function newBotSecret(tenantId) {
  return `${BOT_SECRET_PREFIX}${tenantId.replace(/-/g, "").toLowerCase()}_${randomSecret(32)}`;
}
function botSecretTenant(secret) {
  const hex = SECRET_PATTERN.exec(secret)?.[1];
  if (!hex) return null;
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
const hashBotSecret = (secret) => bcrypt.hash(hashSecret(secret), BCRYPT_ROUNDS);
const dummyHash = bcrypt.hash(hashSecret("tenantbase-dummy-bot-secret"), BCRYPT_ROUNDS);
async function verifyBotSecret(secret, hash) {
  const ok = await bcrypt.compare(hashSecret(secret), hash ?? await dummyHash);
  return ok && hash !== void 0;
}
export {
  BOT_SECRET_PREFIX,
  botSecretTenant,
  hashBotSecret,
  newBotSecret,
  verifyBotSecret
};
//# sourceMappingURL=bot-secret.js.map
