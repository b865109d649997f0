import type { TenantTx } from '../../db/with-tenant.js';
import type { EntityDefinition, PublishedEntity } from './entity.types.js';

/** Every published entity of the tenant (its published version), by name. Drafts are left out. */
export async function listPublishedEntities(tx: TenantTx): Promise<PublishedEntity[]> {
  return tx.query<{ id: string; name: string; version: number; definition: EntityDefinition }>(
    `select e.id, e.name, v.version, v.definition
       from entities e
       join entity_versions v
         on v.tenant_id = e.tenant_id and v.entity_id = e.id and v.version = e.published_version
      where e.tenant_id = $1
      order by e.name`,
    [tx.tenantId],
  );
}
