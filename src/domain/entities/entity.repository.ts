import type { TenantTx } from '../../db/with-tenant.js';
import type { EntityDefinition, PublishedEntity } from './entity.types.js';

/**
 * The published version of an entity by name, or null when the entity does not exist.
 * `draftOnly` tells a never-published entity apart from a missing one.
 */
export async function findPublishedEntity(
  tx: TenantTx,
  name: string,
): Promise<PublishedEntity | { draftOnly: true } | null> {
  const rows = await tx.query<{ id: string; name: string; version: number | null; definition: EntityDefinition | null }>(
    `select e.id, e.name, v.version, v.definition
       from entities e
       left join entity_versions v
         on v.tenant_id = e.tenant_id and v.entity_id = e.id and v.version = e.published_version
      where e.tenant_id = $1 and e.name = $2`,
    [tx.tenantId, name],
  );
  const row = rows[0];
  if (!row) return null;
  if (row.version === null || row.definition === null) return { draftOnly: true };
  return { id: row.id, name: row.name, version: row.version, definition: row.definition };
}
