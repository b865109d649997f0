function callerOf(principal, tenant) {
  const from = { tenantId: tenant?.id ?? null, tenantSlug: tenant?.slug ?? null };
  switch (principal.kind) {
    case "admin":
      return { ...from, kind: "admin", id: principal.adminId };
    case "tenant_key":
      return { ...from, kind: "tenant_key", id: principal.keyId };
    case "tenant_user":
      return { ...from, kind: "tenant_user", id: principal.userId };
    case "bot":
      return { ...from, kind: "bot", id: principal.botId };
    case "channel":
      throw new Error("a channel principal cannot execute channel tools");
    default: {
      const unknown = principal;
      throw new Error(`no channel caller for ${JSON.stringify(unknown)}`);
    }
  }
}
export {
  callerOf
};
//# sourceMappingURL=caller.js.map
