import type { Queryable } from '../../db/database.js';
import type { TenantTx } from '../../db/with-tenant.js';
import type { PreparedBlob } from './prepare-deploy.js';

type Rows<T> = T & Record<string, unknown>;

export interface SiteRow {
  id: string;
  subdomain: string;
  liveVersion: number;
  createdAt: Date;
  updatedAt: Date;
}

export interface VersionRow {
  siteId: string;
  version: number;
  fileCount: number;
  totalBytes: number;
  createdAt: Date;
}

const SITE = 'id, subdomain, live_version as "liveVersion", created_at as "createdAt", updated_at as "updatedAt"';
const VERSION =
  'site_id as "siteId", number as version, file_count as "fileCount", total_bytes::float8 as "totalBytes", created_at as "createdAt"';
/** Rows per multi-row INSERT: few round trips, well under the 65,535 parameters of a statement. */
const BATCH = 200;

export async function findSite(tx: TenantTx, subdomain: string, options: { lock?: boolean } = {}): Promise<SiteRow | undefined> {
  const [row] = await tx.query<Rows<SiteRow>>(
    `select ${SITE} from sites where tenant_id = $1 and subdomain = $2${options.lock ? ' for update' : ''}`,
    [tx.tenantId, subdomain],
  );
  return row;
}

/** Claims `subdomain` for this tenant; false when it is already held (by this tenant or another). */
export async function claimHost(tx: TenantTx, subdomain: string, now: Date): Promise<boolean> {
  const rows = await tx.query(
    'insert into site_hosts (subdomain, tenant_id, created_at) values ($2, $1, $3) on conflict (subdomain) do nothing returning subdomain',
    [tx.tenantId, subdomain, now],
  );
  return rows.length === 1;
}

export async function releaseHost(tx: TenantTx, subdomain: string): Promise<void> {
  await tx.query('delete from site_hosts where tenant_id = $1 and subdomain = $2', [tx.tenantId, subdomain]);
}

export async function insertSite(tx: TenantTx, subdomain: string, now: Date): Promise<SiteRow> {
  const [row] = await tx.query<Rows<SiteRow>>(
    `insert into sites (tenant_id, subdomain, live_version, created_at, updated_at) values ($1, $2, 1, $3, $3) returning ${SITE}`,
    [tx.tenantId, subdomain, now],
  );
  return row!;
}

export async function lastVersionNumber(tx: TenantTx, siteId: string): Promise<number> {
  const [row] = await tx.query<{ last: number | null }>(
    'select max(number) as last from site_versions where tenant_id = $1 and site_id = $2',
    [tx.tenantId, siteId],
  );
  return row?.last ?? 0;
}

/** Of `hashes`, those this tenant already stores. */
export async function storedHashes(tx: TenantTx, hashes: readonly string[]): Promise<Set<string>> {
  if (hashes.length === 0) return new Set();
  const rows = await tx.query<{ hash: string }>('select hash from site_blobs where tenant_id = $1 and hash = any($2::text[])', [
    tx.tenantId,
    hashes,
  ]);
  return new Set(rows.map((r) => r.hash));
}

export async function insertBlobs(tx: TenantTx, blobs: readonly PreparedBlob[], now: Date): Promise<void> {
  for (let start = 0; start < blobs.length; start += BATCH) {
    const chunk = blobs.slice(start, start + BATCH);
    const params: unknown[] = [tx.tenantId, now];
    const values = chunk.map((b) => {
      params.push(b.hash, b.content.length, b.content, b.brotli, b.gzip);
      const n = params.length;
      return `($1, $${n - 4}, $${n - 3}, $${n - 2}, $${n - 1}, $${n}, $2)`;
    });
    await tx.query(
      `insert into site_blobs (tenant_id, hash, size, content, brotli, gzip, created_at) values ${values.join(', ')}
       on conflict (tenant_id, hash) do nothing`,
      params,
    );
  }
}

export async function insertVersion(
  tx: TenantTx,
  v: { siteId: string; version: number; files: ReadonlyArray<{ path: string; hash: string }>; totalBytes: number },
  now: Date,
): Promise<void> {
  await tx.query(
    'insert into site_versions (tenant_id, site_id, number, file_count, total_bytes, created_at) values ($1, $2, $3, $4, $5, $6)',
    [tx.tenantId, v.siteId, v.version, v.files.length, v.totalBytes, now],
  );
  for (let start = 0; start < v.files.length; start += BATCH) {
    const params: unknown[] = [tx.tenantId, v.siteId, v.version];
    const values = v.files.slice(start, start + BATCH).map((f) => {
      params.push(f.path, f.hash);
      return `($1, $2, $3, $${params.length - 1}, $${params.length})`;
    });
    await tx.query(`insert into site_files (tenant_id, site_id, version, path, hash) values ${values.join(', ')}`, params);
  }
}

/** The atomic switch: visitors see `version` from this transaction's commit on. */
export async function setLiveVersion(tx: TenantTx, siteId: string, version: number, now: Date): Promise<SiteRow> {
  const [row] = await tx.query<Rows<SiteRow>>(
    `update sites set live_version = $3, updated_at = $4 where tenant_id = $1 and id = $2 returning ${SITE}`,
    [tx.tenantId, siteId, version, now],
  );
  return row!;
}

/** Drops the versions numbered up to `upTo` (their file lists go with them). */
export async function dropVersionsUpTo(tx: TenantTx, siteId: string, upTo: number): Promise<void> {
  await tx.query('delete from site_versions where tenant_id = $1 and site_id = $2 and number <= $3', [tx.tenantId, siteId, upTo]);
}

/** Deletes the tenant's blobs no version lists any more. */
export async function collectGarbage(tx: TenantTx): Promise<void> {
  await tx.query(
    `delete from site_blobs b where b.tenant_id = $1
        and not exists (select 1 from site_files f where f.tenant_id = $1 and f.hash = b.hash)`,
    [tx.tenantId],
  );
}

export async function deleteSiteRow(tx: TenantTx, siteId: string): Promise<void> {
  await tx.query('delete from sites where tenant_id = $1 and id = $2', [tx.tenantId, siteId]);
}

export function listSiteRows(tx: TenantTx): Promise<SiteRow[]> {
  return tx.query<Rows<SiteRow>>(`select ${SITE} from sites where tenant_id = $1 order by subdomain`, [tx.tenantId]);
}

/** Every stored version of the tenant's sites, newest first. */
export function listVersionRows(tx: TenantTx, siteId?: string): Promise<VersionRow[]> {
  return siteId
    ? tx.query<Rows<VersionRow>>(`select ${VERSION} from site_versions where tenant_id = $1 and site_id = $2 order by number desc`, [
        tx.tenantId,
        siteId,
      ])
    : tx.query<Rows<VersionRow>>(`select ${VERSION} from site_versions where tenant_id = $1 order by site_id, number desc`, [tx.tenantId]);
}

// ---- Serving ----

/** The tenant holding `subdomain`: a global lookup, before any tenant context (like a tenant by slug). */
export async function hostTenant(db: Queryable, subdomain: string): Promise<string | undefined> {
  const [row] = await db.query<{ tenantId: string }>('select tenant_id as "tenantId" from site_hosts where subdomain = $1', [subdomain]);
  return row?.tenantId;
}

export interface LiveFileRow {
  siteId: string;
  version: number;
  path: string;
  hash: string;
  size: number;
  brotli: boolean;
  gzip: boolean;
}

/** The live version's files, in one statement (one snapshot: never a mix of two versions). */
export function liveFiles(tx: TenantTx, subdomain: string): Promise<LiveFileRow[]> {
  return tx.query<Rows<LiveFileRow>>(
    `select s.id as "siteId", s.live_version as version, f.path, f.hash, b.size,
            b.brotli is not null as brotli, b.gzip is not null as gzip
       from sites s
       join site_files f on f.tenant_id = s.tenant_id and f.site_id = s.id and f.version = s.live_version
       join site_blobs b on b.tenant_id = f.tenant_id and b.hash = f.hash
      where s.tenant_id = $1 and s.subdomain = $2`,
    [tx.tenantId, subdomain],
  );
}

export interface BlobContent {
  content: Uint8Array;
  brotli: Uint8Array | null;
  gzip: Uint8Array | null;
}

export async function blobContent(tx: TenantTx, hash: string): Promise<BlobContent | undefined> {
  const [row] = await tx.query<Rows<BlobContent>>('select content, brotli, gzip from site_blobs where tenant_id = $1 and hash = $2', [
    tx.tenantId,
    hash,
  ]);
  return row;
}
