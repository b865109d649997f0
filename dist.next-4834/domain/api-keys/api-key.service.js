import { notFound, validationError } from "../../errors.js";
import { digestsEqual, hashSecret, randomSecret } from "../auth/tokens.js";
import { changeGlobal } from "../../db/invalidation.js";
import { apiKeyChangeKey } from "./api-key.cache.js";
import {
  findActiveApiKeyByHash,
  insertApiKey,
  listActiveApiKeys,
  revokeApiKey,
  touchApiKey
} from "./api-key.repository.js";
import { isUuid } from "../../uuid.js";
const API_KEY_PREFIX = "tbk_";
async function createApiKey(db, admin, tenant, input) {
  if (input.scope === "tenant" && !tenant) {
    throw validationError(
      'A tenant API key belongs to the selected tenant: select a tenant (or send X-Tenant-ID) first, or ask for scope "admin"',
      [{ field: "scope", message: "needs a selected tenant" }]
    );
  }
  const key = `${API_KEY_PREFIX}${randomSecret(32)}`;
  const view = await insertApiKey(db, {
    adminId: admin.adminId,
    tenantId: input.scope === "tenant" ? tenant.id : null,
    name: input.name,
    scope: input.scope,
    prefix: key.slice(0, 12),
    keyHash: hashSecret(key)
  });
  return { id: view.id, name: view.name, scope: view.scope, key, prefix: view.prefix, tenantId: view.tenantId, createdAt: view.createdAt };
}
const listApiKeys = (db) => listActiveApiKeys(db);
async function revokeKey(db, id) {
  const revoked = isUuid(id) && await changeGlobal(db, apiKeyChangeKey(id), (tx) => revokeApiKey(tx, id));
  if (!revoked) throw notFound(`API key ${id} not found or already revoked`);
  return { id, revoked: true };
}
async function authenticateApiKey(db, cache, key) {
  const hash = hashSecret(key);
  let record = cache.get(hash);
  if (!record) {
    record = await findActiveApiKeyByHash(db, hash);
    if (!record || !digestsEqual(record.keyHash, hash)) return null;
    cache.put(hash, record);
    void touchApiKey(db, record.id).catch(() => void 0);
  }
  if (record.scope === "tenant" && record.tenantId) {
    return { kind: "tenant_key", keyId: record.id, adminId: record.adminId, tenantId: record.tenantId };
  }
  return {
    kind: "admin",
    adminId: record.adminId,
    email: record.adminEmail,
    name: record.adminName,
    credential: "api_key",
    keyId: record.id
  };
}
export {
  API_KEY_PREFIX,
  authenticateApiKey,
  createApiKey,
  listApiKeys,
  revokeKey
};
//# sourceMappingURL=api-key.service.js.map
