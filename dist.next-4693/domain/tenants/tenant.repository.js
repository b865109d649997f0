import { isUuid } from "../../uuid.js";
const COLUMNS = 'id, name, slug, description, created_at as "createdAt"';
async function insertTenant(db, t) {
  const [row] = await db.query(
    `insert into tenants (name, slug, description) values ($1, $2, $3) returning ${COLUMNS}`,
    [t.name, t.slug, t.description]
  );
  return row;
}
async function listTenants(db) {
  return db.query(`select ${COLUMNS} from tenants order by created_at, slug`);
}
async function findTenant(db, idOrSlug) {
  const rows = isUuid(idOrSlug) ? await db.query(`select ${COLUMNS} from tenants where id = $1`, [idOrSlug]) : await db.query(`select ${COLUMNS} from tenants where slug = $1`, [idOrSlug.toLowerCase()]);
  return rows[0];
}
export {
  findTenant,
  insertTenant,
  listTenants
};
//# sourceMappingURL=tenant.repository.js.map
