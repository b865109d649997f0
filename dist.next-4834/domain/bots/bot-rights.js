import { forbidden } from "../../errors.js";
import { canOnRecords, canUseOperation } from "../access/permissions.js";
import { RECORD_ACTIONS } from "../access/principal.js";
const ROLE_ACTIONS = {
  admin: ["create", "read", "update", "delete"],
  member: ["create", "read", "update"],
  viewer: ["read"]
};
const asBot = (tenantId, role, permissions) => ({
  kind: "bot",
  botId: "",
  tenantId,
  name: "",
  role,
  permissions
});
function overriddenFor(creator) {
  switch (creator.kind) {
    case "tenant_user":
    case "bot":
      return Object.keys(creator.permissions.entities ?? {});
    case "admin":
    case "tenant_key":
      return [];
    case "channel":
      return Object.keys(creator.grant);
    default: {
      const unknown = creator;
      throw new Error(`unknown principal ${JSON.stringify(unknown)}`);
    }
  }
}
function assertWithinCreatorRights(creator, tenantId, role, permissions) {
  const bot = asBot(tenantId, role, permissions);
  if (canUseOperation(bot, "schema.write") && !canUseOperation(creator, "schema.write")) {
    throw forbidden(`A bot with role ${role} could change the schema, which you cannot: choose a lower role`);
  }
  const named = Object.keys(permissions.entities ?? {});
  const entities = [.../* @__PURE__ */ new Set([...named, ...overriddenFor(creator)])];
  const roleDefault = "\0any-other-entity";
  for (const entity of [...entities, roleDefault]) {
    const given = permissions.entities?.[entity] ?? ROLE_ACTIONS[role];
    for (const action of RECORD_ACTIONS) {
      if (!given.includes(action) || canOnRecords(creator, action, entity)) continue;
      const where = entity === roleDefault ? "records" : `records of ${entity}`;
      throw forbidden(`A bot cannot get rights its creator lacks: you may not ${action} ${where}`);
    }
  }
}
export {
  assertWithinCreatorRights
};
//# sourceMappingURL=bot-rights.js.map
