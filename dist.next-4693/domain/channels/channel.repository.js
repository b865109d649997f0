const COLUMNS = `id, tenant_id as "tenantId", slug, name, description, tags, permissions, published,
  created_at as "createdAt", updated_at as "updatedAt"`;
async function findChannelOfTenant(db, tenantId) {
  const [row] = await db.query(`select ${COLUMNS} from channels where tenant_id = $1`, [tenantId]);
  return row ?? null;
}
async function findChannelBySlug(db, slug) {
  const [row] = await db.query(`select ${COLUMNS} from channels where slug = $1 order by published desc, updated_at desc limit 1`, [
    slug
  ]);
  return row ?? null;
}
async function upsertPublishedChannel(db, tenantId, fields, now) {
  const [row] = await db.query(
    `insert into channels (tenant_id, slug, name, description, tags, permissions, published, created_at, updated_at)
     values ($1, $2, $3, $4, $5::text::jsonb, $6::text::jsonb, true, $7, $7)
     on conflict (tenant_id) do update
       set slug = excluded.slug, name = excluded.name, description = excluded.description, tags = excluded.tags,
           permissions = excluded.permissions, published = true, updated_at = excluded.updated_at
     returning ${COLUMNS}`,
    [tenantId, fields.slug, fields.name, fields.description, JSON.stringify(fields.tags), JSON.stringify(fields.permissions), now]
  );
  return row;
}
async function updateChannelRow(db, tenantId, fields, now) {
  const [row] = await db.query(
    `update channels set slug = $2, name = $3, description = $4, tags = $5::text::jsonb, permissions = $6::text::jsonb, updated_at = $7
      where tenant_id = $1 returning ${COLUMNS}`,
    [tenantId, fields.slug, fields.name, fields.description, JSON.stringify(fields.tags), JSON.stringify(fields.permissions), now]
  );
  return row;
}
async function unpublishChannelRow(db, tenantId, now) {
  const [row] = await db.query(
    `update channels set published = false, updated_at = $2 where tenant_id = $1 and published returning ${COLUMNS}`,
    [tenantId, now]
  );
  return row ?? null;
}
const likeLiteral = (text) => text.replace(/[\\%_]/g, (c) => `\\${c}`);
async function searchPublishedChannels(db, search) {
  const params = [search.limit];
  const where = ["published"];
  if (search.query) {
    params.push(`%${likeLiteral(search.query)}%`);
    where.push(
      `(slug ilike $${params.length} or name ilike $${params.length} or description ilike $${params.length} or tags::text ilike $${params.length})`
    );
  }
  if (search.tags?.length) {
    params.push(JSON.stringify(search.tags));
    where.push(`tags @> $${params.length}::text::jsonb`);
  }
  return db.query(`select ${COLUMNS} from channels where ${where.join(" and ")} order by name, slug limit $1`, params);
}
export {
  findChannelBySlug,
  findChannelOfTenant,
  searchPublishedChannels,
  unpublishChannelRow,
  updateChannelRow,
  upsertPublishedChannel
};
//# sourceMappingURL=channel.repository.js.map
