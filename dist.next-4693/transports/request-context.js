import { resolveRequestTenant } from "../domain/credentials/request-tenant.js";
async function buildOperationContext(deps, surface, facts) {
  const principal = facts.principal ?? (facts.token ? await deps.services.credentials.authenticate(facts.token, surface) : null);
  const tenant = principal ? await resolveRequestTenant(deps.db, deps.services.tenants, principal, facts.tenant) : null;
  return { db: deps.db, config: deps.config, services: deps.services, principal, tenant, clientAddress: facts.clientAddress };
}
export {
  buildOperationContext
};
//# sourceMappingURL=request-context.js.map
