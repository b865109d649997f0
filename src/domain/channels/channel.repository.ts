import type { Queryable } from '../../db/database.js';
import type { ChannelPermission } from '../access/principal.js';
import type { ChannelRow } from './channel.types.js';

/**
 * The channel directory: a global table (consumers find a channel before they know its owner).
 * Only the service's owner connection reaches it; the tenant role has no grant on it.
 */
const COLUMNS = `id, tenant_id as "tenantId", slug, name, description, tags, permissions, published,
  created_at as "createdAt", updated_at as "updatedAt"`;

type Row = ChannelRow & Record<string, unknown>;

export async function findChannelOfTenant(db: Queryable, tenantId: string): Promise<ChannelRow | null> {
  const [row] = await db.query<Row>(`select ${COLUMNS} from channels where tenant_id = $1`, [tenantId]);
  return row ?? null;
}

/** The published channel of a slug; else the latest unpublished one that had it (its owner audits refusals). */
export async function findChannelBySlug(db: Queryable, slug: string): Promise<ChannelRow | null> {
  const [row] = await db.query<Row>(`select ${COLUMNS} from channels where slug = $1 order by published desc, updated_at desc limit 1`, [
    slug,
  ]);
  return row ?? null;
}

export interface ChannelFields {
  slug: string;
  name: string;
  description: string;
  tags: string[];
  permissions: Record<string, ChannelPermission>;
}

/** Publishes the tenant's channel: a new row, or the tenant's unpublished one with these fields. */
export async function upsertPublishedChannel(db: Queryable, tenantId: string, fields: ChannelFields, now: Date): Promise<ChannelRow> {
  const [row] = await db.query<Row>(
    `insert into channels (tenant_id, slug, name, description, tags, permissions, published, created_at, updated_at)
     values ($1, $2, $3, $4, $5::text::jsonb, $6::text::jsonb, true, $7, $7)
     on conflict (tenant_id) do update
       set slug = excluded.slug, name = excluded.name, description = excluded.description, tags = excluded.tags,
           permissions = excluded.permissions, published = true, updated_at = excluded.updated_at
     returning ${COLUMNS}`,
    [tenantId, fields.slug, fields.name, fields.description, JSON.stringify(fields.tags), JSON.stringify(fields.permissions), now],
  );
  return row!;
}

export async function updateChannelRow(db: Queryable, tenantId: string, fields: ChannelFields, now: Date): Promise<ChannelRow> {
  const [row] = await db.query<Row>(
    `update channels set slug = $2, name = $3, description = $4, tags = $5::text::jsonb, permissions = $6::text::jsonb, updated_at = $7
      where tenant_id = $1 returning ${COLUMNS}`,
    [tenantId, fields.slug, fields.name, fields.description, JSON.stringify(fields.tags), JSON.stringify(fields.permissions), now],
  );
  return row!;
}

export async function unpublishChannelRow(db: Queryable, tenantId: string, now: Date): Promise<ChannelRow | null> {
  const [row] = await db.query<Row>(
    `update channels set published = false, updated_at = $2 where tenant_id = $1 and published returning ${COLUMNS}`,
    [tenantId, now],
  );
  return row ?? null;
}

/** `%`, `_` and `\` taken literally in ILIKE. */
const likeLiteral = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** Published channels whose slug, name, description or tags contain `query`, having every tag of `tags`. */
export async function searchPublishedChannels(
  db: Queryable,
  search: { query?: string | undefined; tags?: readonly string[] | undefined; limit: number },
): Promise<ChannelRow[]> {
  const params: unknown[] = [search.limit];
  const where = ['published'];
  if (search.query) {
    params.push(`%${likeLiteral(search.query)}%`);
    where.push(
      `(slug ilike $${params.length} or name ilike $${params.length} or description ilike $${params.length} or tags::text ilike $${params.length})`,
    );
  }
  if (search.tags?.length) {
    params.push(JSON.stringify(search.tags));
    where.push(`tags @> $${params.length}::text::jsonb`);
  }
  return db.query<Row>(`select ${COLUMNS} from channels where ${where.join(' and ')} order by name, slug limit $1`, params);
}
