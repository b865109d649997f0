const ROLE_RECORD_ACTIONS = {
  owner: ["create", "read", "update", "delete"],
  admin: ["create", "read", "update", "delete"],
  member: ["create", "read", "update"],
  viewer: ["read"]
};
function unknownKind(principal) {
  throw new Error(`no permissions are defined for principal ${JSON.stringify(principal)}`);
}
function canUseGlobal(principal, access) {
  if (access === "public") return true;
  if (!principal) return false;
  switch (principal.kind) {
    case "admin":
      return true;
    case "tenant_key":
    case "tenant_user":
    case "bot":
      return access === "authenticated";
    case "channel":
      return false;
    default:
      return unknownKind(principal);
  }
}
function roleMay(role, permission, canManageUsers) {
  switch (permission) {
    case "schema.read":
    case "records":
      return true;
    case "schema.write":
      return role === "owner" || role === "admin";
    case "users.manage":
      return role === "owner" || role === "admin" || canManageUsers;
    case "bots.manage":
      return role === "owner" || role === "admin";
    case "sites.read":
      return true;
    case "sites.write":
      return role === "owner" || role === "admin";
  }
}
function botMay(role, permission) {
  switch (permission) {
    case "users.manage":
    case "bots.manage":
      return false;
    case "schema.read":
    case "schema.write":
    case "records":
    case "sites.read":
    case "sites.write":
      return roleMay(role, permission, false);
  }
}
function canUseOperation(principal, permission) {
  switch (principal.kind) {
    case "admin":
    case "tenant_key":
      return true;
    case "tenant_user":
      return roleMay(principal.role, permission, principal.permissions.canManageUsers === true);
    case "bot":
      return botMay(principal.role, permission);
    case "channel":
      return permission === "records";
    default:
      return unknownKind(principal);
  }
}
function canOnRecords(principal, action, entityName) {
  switch (principal.kind) {
    case "admin":
    case "tenant_key":
      return true;
    case "tenant_user":
    case "bot": {
      const override = principal.permissions.entities?.[entityName];
      const allowed = Array.isArray(override) ? override : ROLE_RECORD_ACTIONS[principal.role];
      return allowed.includes(action);
    }
    case "channel":
      return channelMay(principal.grant, entityName, action);
    default:
      return unknownKind(principal);
  }
}
function channelMay(grant, entityName, action) {
  if (!Object.hasOwn(grant, entityName)) return false;
  const permission = grant[entityName];
  return Object.hasOwn(CHANNEL_ACTIONS, permission) && CHANNEL_ACTIONS[permission].includes(action);
}
const CHANNEL_ACTIONS = {
  read: ["read"],
  readwrite: ["read", "create", "update"]
};
export {
  canOnRecords,
  canUseGlobal,
  canUseOperation,
  channelMay
};
//# sourceMappingURL=permissions.js.map
