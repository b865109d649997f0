const TENANT_ROLES = ["owner", "admin", "member", "viewer"];
const RECORD_ACTIONS = ["create", "read", "update", "delete"];
const BOT_ROLES = ["admin", "member", "viewer"];
function principalActor(principal) {
  switch (principal.kind) {
    case "admin":
      return { kind: principal.kind, id: principal.adminId };
    case "tenant_key":
      return { kind: principal.kind, id: principal.keyId };
    case "tenant_user":
      return { kind: principal.kind, id: principal.userId };
    case "bot":
      return { kind: principal.kind, id: principal.botId };
    case "channel":
      return { kind: principal.kind, id: principal.channelId };
    default: {
      const never = principal;
      throw new Error(`unknown principal ${JSON.stringify(never)}`);
    }
  }
}
export {
  BOT_ROLES,
  RECORD_ACTIONS,
  TENANT_ROLES,
  principalActor
};
//# sourceMappingURL=principal.js.map
