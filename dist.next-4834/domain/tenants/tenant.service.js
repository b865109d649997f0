import { notFound, toolRef } from "../../errors.js";
import { findTenant, insertTenant } from "./tenant.repository.js";
const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
function slugify(name) {
  return name.normalize("NFKD").replace(/[\u0300-\u036f]/g, "").toLowerCase().replace(/[^a-z0-9]+/g, "-").replace(/^-+|-+$/g, "").slice(0, 63).replace(/-+$/g, "");
}
function createTenant(db, input) {
  const slug = input.slug ?? slugify(input.name);
  return insertTenant(db, { name: input.name, slug, description: input.description ?? "" });
}
const tenantNotFound = (idOrSlug) => notFound(`Tenant "${idOrSlug}" not found; ${toolRef("list_tenants")} shows the tenants you can use`);
async function resolveTenant(db, cache, idOrSlug) {
  const cached = cache.get(idOrSlug);
  if (cached) return cached;
  const row = await findTenant(db, idOrSlug);
  if (!row) throw tenantNotFound(idOrSlug);
  const ref = toTenantRef(row);
  cache.put(ref);
  return ref;
}
const toTenantRef = (row) => ({ id: row.id, slug: row.slug, name: row.name });
export {
  SLUG_PATTERN,
  createTenant,
  resolveTenant,
  slugify,
  tenantNotFound,
  toTenantRef
};
//# sourceMappingURL=tenant.service.js.map
