function authenticateMcpToken(deps, token) {
  return deps.services.credentials.authenticate(token, "mcp");
}
function sessionOwner(principal) {
  switch (principal.kind) {
    case "admin":
      return `admin:${principal.adminId}`;
    case "tenant_key":
      return `tenant_key:${principal.keyId}`;
    case "tenant_user":
      return `tenant_user:${principal.userId}`;
    case "bot":
      return `bot:${principal.botId}`;
    case "channel":
      return `channel:${principal.channelId}:${principal.caller.kind}:${principal.caller.id}`;
    default: {
      const unknown = principal;
      throw new Error(`no session owner for ${JSON.stringify(unknown)}`);
    }
  }
}
export {
  authenticateMcpToken,
  sessionOwner
};
//# sourceMappingURL=auth.js.map
