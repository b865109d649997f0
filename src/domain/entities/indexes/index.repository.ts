import type { TenantTx } from '../../../db/with-tenant.js';

import type { BuiltIndex } from '../entity.types.js';

/** Build state of an index (docs/entities.md, "Indexes"). */
export type IndexState = BuiltIndex['state'];
export type StoredIndex = BuiltIndex;

/** The indexes an entity's published version has built or is building (table entity_indexes). */
export async function listStoredIndexes(tx: TenantTx, entityId: string): Promise<StoredIndex[]> {
  return tx.query<StoredIndex & Record<string, unknown>>(
    'select id, name, slot, fields, kinds, state from entity_indexes where tenant_id = $1 and entity_id = $2 order by name',
    [tx.tenantId, entityId],
  );
}
