const SITE = 'id, subdomain, live_version as "liveVersion", created_at as "createdAt", updated_at as "updatedAt"';
const VERSION = 'site_id as "siteId", number as version, file_count as "fileCount", total_bytes::float8 as "totalBytes", created_at as "createdAt"';
const BATCH = 200;
async function findSite(tx, subdomain, options = {}) {
  const [row] = await tx.query(
    `select ${SITE} from sites where tenant_id = $1 and subdomain = $2${options.lock ? " for update" : ""}`,
    [tx.tenantId, subdomain]
  );
  return row;
}
async function claimHost(tx, subdomain, now) {
  const rows = await tx.query(
    "insert into site_hosts (subdomain, tenant_id, created_at) values ($2, $1, $3) on conflict (subdomain) do nothing returning subdomain",
    [tx.tenantId, subdomain, now]
  );
  return rows.length === 1;
}
async function releaseHost(tx, subdomain) {
  await tx.query("delete from site_hosts where tenant_id = $1 and subdomain = $2", [tx.tenantId, subdomain]);
}
async function insertSite(tx, subdomain, now) {
  const [row] = await tx.query(
    `insert into sites (tenant_id, subdomain, live_version, created_at, updated_at) values ($1, $2, 1, $3, $3) returning ${SITE}`,
    [tx.tenantId, subdomain, now]
  );
  return row;
}
async function lastVersionNumber(tx, siteId) {
  const [row] = await tx.query(
    "select max(number) as last from site_versions where tenant_id = $1 and site_id = $2",
    [tx.tenantId, siteId]
  );
  return row?.last ?? 0;
}
async function storedHashes(tx, hashes) {
  if (hashes.length === 0) return /* @__PURE__ */ new Set();
  const rows = await tx.query("select hash from site_blobs where tenant_id = $1 and hash = any($2::text[])", [
    tx.tenantId,
    hashes
  ]);
  return new Set(rows.map((r) => r.hash));
}
async function insertBlobs(tx, blobs, now) {
  for (let start = 0; start < blobs.length; start += BATCH) {
    const chunk = blobs.slice(start, start + BATCH);
    const params = [tx.tenantId, now];
    const values = chunk.map((b) => {
      params.push(b.hash, b.content.length, b.content, b.brotli, b.gzip);
      const n = params.length;
      return `($1, $${n - 4}, $${n - 3}, $${n - 2}, $${n - 1}, $${n}, $2)`;
    });
    await tx.query(
      `insert into site_blobs (tenant_id, hash, size, content, brotli, gzip, created_at) values ${values.join(", ")}
       on conflict (tenant_id, hash) do nothing`,
      params
    );
  }
}
async function insertVersion(tx, v, now) {
  await tx.query(
    "insert into site_versions (tenant_id, site_id, number, file_count, total_bytes, created_at) values ($1, $2, $3, $4, $5, $6)",
    [tx.tenantId, v.siteId, v.version, v.files.length, v.totalBytes, now]
  );
  for (let start = 0; start < v.files.length; start += BATCH) {
    const params = [tx.tenantId, v.siteId, v.version];
    const values = v.files.slice(start, start + BATCH).map((f) => {
      params.push(f.path, f.hash);
      return `($1, $2, $3, $${params.length - 1}, $${params.length})`;
    });
    await tx.query(`insert into site_files (tenant_id, site_id, version, path, hash) values ${values.join(", ")}`, params);
  }
}
async function setLiveVersion(tx, siteId, version, now) {
  const [row] = await tx.query(
    `update sites set live_version = $3, updated_at = $4 where tenant_id = $1 and id = $2 returning ${SITE}`,
    [tx.tenantId, siteId, version, now]
  );
  return row;
}
async function dropVersionsUpTo(tx, siteId, upTo) {
  await tx.query("delete from site_versions where tenant_id = $1 and site_id = $2 and number <= $3", [tx.tenantId, siteId, upTo]);
}
async function collectGarbage(tx) {
  await tx.query(
    `delete from site_blobs b where b.tenant_id = $1
        and not exists (select 1 from site_files f where f.tenant_id = $1 and f.hash = b.hash)`,
    [tx.tenantId]
  );
}
async function deleteSiteRow(tx, siteId) {
  await tx.query("delete from sites where tenant_id = $1 and id = $2", [tx.tenantId, siteId]);
}
function listSiteRows(tx) {
  return tx.query(`select ${SITE} from sites where tenant_id = $1 order by subdomain`, [tx.tenantId]);
}
function listVersionRows(tx, siteId) {
  return siteId ? tx.query(`select ${VERSION} from site_versions where tenant_id = $1 and site_id = $2 order by number desc`, [
    tx.tenantId,
    siteId
  ]) : tx.query(`select ${VERSION} from site_versions where tenant_id = $1 order by site_id, number desc`, [tx.tenantId]);
}
async function hostTenant(db, subdomain) {
  const [row] = await db.query('select tenant_id as "tenantId" from site_hosts where subdomain = $1', [subdomain]);
  return row?.tenantId;
}
function liveFiles(tx, subdomain) {
  return tx.query(
    `select s.id as "siteId", s.live_version as version, f.path, f.hash, b.size,
            b.brotli is not null as brotli, b.gzip is not null as gzip
       from sites s
       join site_files f on f.tenant_id = s.tenant_id and f.site_id = s.id and f.version = s.live_version
       join site_blobs b on b.tenant_id = f.tenant_id and b.hash = f.hash
      where s.tenant_id = $1 and s.subdomain = $2`,
    [tx.tenantId, subdomain]
  );
}
async function blobContent(tx, hash) {
  const [row] = await tx.query("select content, brotli, gzip from site_blobs where tenant_id = $1 and hash = $2", [
    tx.tenantId,
    hash
  ]);
  return row;
}
export {
  blobContent,
  claimHost,
  collectGarbage,
  deleteSiteRow,
  dropVersionsUpTo,
  findSite,
  hostTenant,
  insertBlobs,
  insertSite,
  insertVersion,
  lastVersionNumber,
  listSiteRows,
  listVersionRows,
  liveFiles,
  releaseHost,
  setLiveVersion,
  storedHashes
};
//# sourceMappingURL=site.repository.js.map
