function actorOf(principal) {
  switch (principal.kind) {
    case "admin":
      return { kind: "admin", id: principal.adminId, name: principal.email };
    case "tenant_key":
      return { kind: "tenant_key", id: principal.keyId, name: `tenant API key ${principal.keyId}` };
    case "tenant_user":
      return { kind: "tenant_user", id: principal.userId, name: principal.email };
    case "bot":
      return { kind: "bot", id: principal.botId, name: principal.name };
    case "channel":
      return {
        kind: "channel",
        id: principal.channelId,
        name: `channel ${principal.channelId} for ${principal.caller.kind} ${principal.caller.id}`
      };
    default: {
      const unknown = principal;
      throw new Error(`no actor for ${JSON.stringify(unknown)}`);
    }
  }
}
const actorRef = (actor) => `${actor.kind}:${actor.id}`;
export {
  actorOf,
  actorRef
};
//# sourceMappingURL=actor.js.map
