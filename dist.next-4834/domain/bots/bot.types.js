function botView(row, now) {
  const status = row.revokedAt ? "revoked" : row.lockedUntil && row.lockedUntil > now ? "locked" : "active";
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    role: row.role,
    permissions: row.permissions,
    status,
    lockedUntil: status === "locked" ? row.lockedUntil : null,
    lastSeenAt: row.lastSeenAt,
    createdBy: row.createdBy,
    createdAt: row.createdAt,
    revokedAt: row.revokedAt
  };
}
export {
  botView
};
//# sourceMappingURL=bot.types.js.map
