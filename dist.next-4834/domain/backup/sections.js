const BACKUP_TABLES = [
  { feature: "entities", table: "entities", key: ["id"] },
  { feature: "entities", table: "entity_versions", key: ["entity_id", "version"] },
  { feature: "users", table: "tenant_users", key: ["id"] },
  { feature: "records", table: "records", key: ["id"] },
  { feature: "records", table: "record_unique_values", key: ["entity_id", "field_key", "value"] },
  { feature: "channels", table: "channel_tools", key: ["name"] },
  { feature: "channels", table: "channel_audit", key: ["id"] }
];
const NOT_BACKED_UP = {
  user_sessions: "sessions are credentials of one service: users sign in again after a restore"
};
export {
  BACKUP_TABLES,
  NOT_BACKED_UP
};
//# sourceMappingURL=sections.js.map
