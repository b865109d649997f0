import { AppError } from "../errors.js";
import { TENANT_ROLE } from "./tenant-context.js";
import { isUuid } from "../uuid.js";
import { TENANT_ROLE as TENANT_ROLE2 } from "./tenant-context.js";
const engines = /* @__PURE__ */ new WeakMap();
function registerTenantEngine(db, engine) {
  if (engines.has(db)) throw new Error("this database already has a tenant engine");
  engines.set(db, engine);
}
function engineOf(db) {
  const engine = engines.get(db);
  if (!engine) throw new AppError("INTERNAL_ERROR", "This database was not opened by a tenantbase adapter");
  return engine;
}
async function withTenant(db, tenantId, options, fn) {
  if (!isUuid(tenantId)) throw new AppError("INTERNAL_ERROR", "Tenant context is missing");
  const committed = [];
  const run = engineOf(db);
  const result = await run(tenantId, { readOnly: options.readOnly, transaction: options.transaction ?? true }, (tx) => {
    const tenantTx = {
      tenantId,
      query: tx.query.bind(tx),
      queryAndCommit: tx.queryAndCommit.bind(tx),
      afterCommit: (f) => void committed.push(f),
      invalidations: db.invalidations
    };
    return fn(tenantTx);
  });
  for (const f of committed) f();
  return result;
}
async function verifyTenantIsolation(db) {
  const problems = await tenantIsolationProblems(db);
  if (problems.length > 0) {
    throw new Error(`Tenant isolation check failed; refusing to start:
  ${problems.join("\n  ")}`);
  }
}
async function tenantIsolationProblems(db) {
  const problems = await db.transaction(async (tx) => {
    await tx.query("select set_config('role', $1, true)", [TENANT_ROLE]);
    const [role] = await tx.query(
      "select rolsuper, rolbypassrls from pg_roles where rolname = current_user"
    );
    const tables = await tx.query(
      `select c.relname, c.relrowsecurity as rls, c.relforcerowsecurity as forced,
              pg_has_role(current_user, c.relowner, 'USAGE') as owned
         from pg_class c join pg_namespace n on n.oid = c.relnamespace
        where n.nspname = current_schema() and c.relkind in ('r', 'p')
          and has_table_privilege(current_user, c.oid, 'SELECT, INSERT, UPDATE, DELETE')`
    );
    const found = [];
    if (!role) found.push(`role ${TENANT_ROLE} does not exist`);
    else if (role.rolsuper || role.rolbypassrls) found.push(`role ${TENANT_ROLE} can bypass row-level security`);
    for (const t of tables) {
      if (t.owned) found.push(`${TENANT_ROLE} owns table ${t.relname}`);
      if (!t.rls || !t.forced) found.push(`table ${t.relname} is reachable by ${TENANT_ROLE} without forced row-level security`);
    }
    return found;
  });
  const probe = "00000000-0000-4000-8000-000000000000";
  for (const transaction of [false, true]) {
    const [who] = await engineOf(db)(
      probe,
      { readOnly: true, transaction },
      (tx) => tx.query(
        "select current_user as role, current_setting('app.tenant_id', true) as tenant, current_setting('transaction_read_only') as ro"
      )
    );
    if (who?.role !== TENANT_ROLE || who.tenant !== probe || who.ro !== "on") {
      problems.push(
        `read-only tenant work runs as ${who?.role ?? "?"} with tenant ${who?.tenant ?? "none"} (read only: ${who?.ro ?? "?"}), not as ${TENANT_ROLE}, read only, with the request's tenant`
      );
    }
  }
  return problems;
}
export {
  TENANT_ROLE2 as TENANT_ROLE,
  registerTenantEngine,
  tenantIsolationProblems,
  verifyTenantIsolation,
  withTenant
};
//# sourceMappingURL=with-tenant.js.map
