import { isUuid } from "../uuid.js";
const TENANT_ROLE = "tenantbase_app";
function tenantContextSql(tenantId, options = {}) {
  if (!isUuid(tenantId)) throw new Error("tenant context needs a UUID");
  const propagate = options.citus ? "set local citus.propagate_set_commands = 'local'; " : "";
  return `${propagate}set local role ${TENANT_ROLE}; set local app.tenant_id = '${tenantId.toLowerCase()}'`;
}
export {
  TENANT_ROLE,
  tenantContextSql
};
//# sourceMappingURL=tenant-context.js.map
