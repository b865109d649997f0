import { announceChange } from '../../db/invalidation.js';
import type { TenantTx } from '../../db/with-tenant.js';
import type { BuiltIndex, EntityDefinition, PublishedEntity } from './entity.types.js';

/** The change key of a tenant's published entity definitions (published-entity.cache.ts). */
export const entitiesChangeKey = (tenantId: string) => `entities:${tenantId}`;

/** Every write below that changes what an entity publishes announces it, in its transaction. */
const announceEntitiesChange = (tx: TenantTx) => announceChange(tx, entitiesChangeKey(tx.tenantId));

/**
 * The published version of an entity by name, or null when the entity does not exist.
 * `draftOnly` tells a never-published entity apart from a missing one.
 */
export async function findPublishedEntity(tx: TenantTx, name: string): Promise<PublishedEntity | { draftOnly: true } | null> {
  const rows = await tx.query<{
    id: string;
    name: string;
    version: number | null;
    definition: EntityDefinition | null;
    builtIndexes: BuiltIndex[];
  }>(
    `select e.id, e.name, v.version, v.definition,
            (select coalesce(jsonb_agg(jsonb_build_object('id', i.id, 'name', i.name, 'slot', i.slot, 'fields', i.fields, 'kinds', i.kinds, 'state', i.state)
                                       order by i.name), '[]'::jsonb)
               from entity_indexes i where i.tenant_id = $1 and i.entity_id = e.id) as "builtIndexes"
       from entities e
       left join entity_versions v
         on v.tenant_id = e.tenant_id and v.entity_id = e.id and v.version = e.published_version
      where e.tenant_id = $1 and e.name = $2`,
    [tx.tenantId, name],
  );
  const row = rows[0];
  if (!row) return null;
  if (row.version === null || row.definition === null) return { draftOnly: true };
  return { id: row.id, name: row.name, version: row.version, definition: row.definition, builtIndexes: row.builtIndexes };
}

/** An entity with its published version and its draft, as one row. */
export interface EntityState {
  id: string;
  name: string;
  createdAt: Date;
  updatedAt: Date;
  published: { version: number; definition: EntityDefinition; message: string | null; publishedAt: Date } | null;
  draft: { version: number; definition: EntityDefinition } | null;
}

interface StateRow extends Record<string, unknown> {
  id: string;
  name: string;
  createdAt: Date;
  updatedAt: Date;
  publishedVersion: number | null;
  publishedDefinition: EntityDefinition | null;
  publishedMessage: string | null;
  publishedAt: Date | null;
  draftVersion: number | null;
  draftDefinition: EntityDefinition | null;
}

const STATE_SQL = `
  select e.id, e.name, e.created_at as "createdAt", e.updated_at as "updatedAt",
         p.version as "publishedVersion", p.definition as "publishedDefinition",
         p.message as "publishedMessage", p.published_at as "publishedAt",
         d.version as "draftVersion", d.definition as "draftDefinition"
    from entities e
    left join entity_versions p
      on p.tenant_id = e.tenant_id and p.entity_id = e.id and p.version = e.published_version
    left join entity_versions d
      on d.tenant_id = e.tenant_id and d.entity_id = e.id and d.status = 'draft'
   where e.tenant_id = $1 and ($2::text is null or e.name = $2)
   order by e.name`;

const toState = (r: StateRow): EntityState => ({
  id: r.id,
  name: r.name,
  createdAt: r.createdAt,
  updatedAt: r.updatedAt,
  published:
    r.publishedVersion !== null && r.publishedDefinition !== null
      ? { version: r.publishedVersion, definition: r.publishedDefinition, message: r.publishedMessage, publishedAt: r.publishedAt! }
      : null,
  draft: r.draftVersion !== null && r.draftDefinition !== null ? { version: r.draftVersion, definition: r.draftDefinition } : null,
});

export async function findEntityState(tx: TenantTx, name: string): Promise<EntityState | null> {
  const [row] = await tx.query<StateRow>(STATE_SQL, [tx.tenantId, name]);
  return row ? toState(row) : null;
}

export async function listEntityStates(tx: TenantTx): Promise<EntityState[]> {
  return (await tx.query<StateRow>(STATE_SQL, [tx.tenantId, null])).map(toState);
}

/**
 * Locks the entity row for the rest of the transaction, so concurrent schema changes and
 * publishes of one entity run one after another. Read its state after this, in a new statement.
 */
export async function lockEntity(tx: TenantTx, name: string): Promise<boolean> {
  const rows = await tx.query('select id from entities where tenant_id = $1 and name = $2 for update', [tx.tenantId, name]);
  return rows.length > 0;
}

export async function listEntityNames(tx: TenantTx): Promise<string[]> {
  const rows = await tx.query<{ name: string }>('select name from entities where tenant_id = $1 order by name', [tx.tenantId]);
  return rows.map((r) => r.name);
}

export async function insertEntity(tx: TenantTx, name: string): Promise<string> {
  const [row] = await tx.query<{ id: string }>('insert into entities (tenant_id, name) values ($1, $2) returning id', [tx.tenantId, name]);
  return row!.id;
}

export async function insertDraft(tx: TenantTx, entityId: string, version: number, definition: EntityDefinition): Promise<void> {
  await tx.query(
    `insert into entity_versions (tenant_id, entity_id, version, status, definition)
     values ($1, $2, $3, 'draft', $4::text::jsonb)`,
    [tx.tenantId, entityId, version, JSON.stringify(definition)],
  );
  await touchEntity(tx, entityId);
}

export async function updateDraft(tx: TenantTx, entityId: string, definition: EntityDefinition): Promise<void> {
  await tx.query(
    `update entity_versions set definition = $3::text::jsonb
      where tenant_id = $1 and entity_id = $2 and status = 'draft'`,
    [tx.tenantId, entityId, JSON.stringify(definition)],
  );
  await touchEntity(tx, entityId);
}

export async function deleteDraft(tx: TenantTx, entityId: string): Promise<void> {
  await tx.query(`delete from entity_versions where tenant_id = $1 and entity_id = $2 and status = 'draft'`, [tx.tenantId, entityId]);
  await touchEntity(tx, entityId);
}

/** Turns the draft into the published version records use. */
export async function publishDraft(tx: TenantTx, entityId: string, version: number, message: string | null): Promise<void> {
  await announceEntitiesChange(tx);
  await tx.query(
    `update entity_versions set status = 'published', message = $4, published_at = now()
      where tenant_id = $1 and entity_id = $2 and version = $3 and status = 'draft'`,
    [tx.tenantId, entityId, version, message],
  );
  await tx.query('update entities set published_version = $3, updated_at = now() where tenant_id = $1 and id = $2', [
    tx.tenantId,
    entityId,
    version,
  ]);
}

export interface StoredVersion {
  version: number;
  status: 'draft' | 'published';
  definition: EntityDefinition;
  message: string | null;
  publishedAt: Date | null;
}

export async function findVersion(tx: TenantTx, entityId: string, version: number): Promise<StoredVersion | null> {
  const [row] = await tx.query<StoredVersion & Record<string, unknown>>(
    `select version, status, definition, message, published_at as "publishedAt"
       from entity_versions where tenant_id = $1 and entity_id = $2 and version = $3`,
    [tx.tenantId, entityId, version],
  );
  return row ?? null;
}

/** Published versions, oldest first. */
export async function listHistory(
  tx: TenantTx,
  entityId: string,
): Promise<Array<{ version: number; message: string | null; publishedAt: Date }>> {
  return tx.query(
    `select version, message, published_at as "publishedAt"
       from entity_versions where tenant_id = $1 and entity_id = $2 and status = 'published'
      order by version`,
    [tx.tenantId, entityId],
  );
}

/** Deletes the entity; its versions and (through the records feature's foreign key) its records cascade. */
export async function deleteEntityRow(tx: TenantTx, entityId: string): Promise<void> {
  await announceEntitiesChange(tx);
  await tx.query('delete from entities where tenant_id = $1 and id = $2', [tx.tenantId, entityId]);
}

/** Inserts a version exactly as given (metadata import keeps the exported version numbers). */
export async function insertPublishedVersion(
  tx: TenantTx,
  entityId: string,
  version: number,
  definition: EntityDefinition,
  message: string | null,
): Promise<void> {
  await announceEntitiesChange(tx);
  await tx.query(
    `insert into entity_versions (tenant_id, entity_id, version, status, definition, message, published_at)
     values ($1, $2, $3, 'published', $4::text::jsonb, $5, now())`,
    [tx.tenantId, entityId, version, JSON.stringify(definition), message],
  );
  await tx.query('update entities set published_version = $3, updated_at = now() where tenant_id = $1 and id = $2', [
    tx.tenantId,
    entityId,
    version,
  ]);
}

async function touchEntity(tx: TenantTx, entityId: string): Promise<void> {
  await tx.query('update entities set updated_at = now() where tenant_id = $1 and id = $2', [tx.tenantId, entityId]);
}
