import type { TenantTx } from '../../db/with-tenant.js';
import type { RecordView } from './record.types.js';

/** Columns every record read selects, aliased to the client shape. */
export const RECORD_COLUMNS =
  'r.id, r.entity_id as "entityId", r.name, r.data, r.created_at as "createdAt", r.updated_at as "updatedAt"';

type RecordRow = RecordView;

/**
 * A record by id, whatever its entity: callers compare `entityId` with the entity they loaded,
 * which lets this lookup go out together with the entity's (one round trip instead of two).
 * `forUpdate` locks it for the rest of the transaction (concurrent updates of one record queue).
 */
export async function findRecordById(tx: TenantTx, id: string, options: { forUpdate?: boolean } = {}): Promise<RecordView | null> {
  const rows = await tx.query<RecordRow>(
    `select ${RECORD_COLUMNS} from records r where r.tenant_id = $1 and r.id = $2${options.forUpdate ? ' for update' : ''}`,
    [tx.tenantId, id],
  );
  return rows[0] ?? null;
}

export interface RecordWrite {
  name: string;
  data: Record<string, unknown>;
  searchText: string;
}

export async function insertRecord(tx: TenantTx, entityId: string, write: RecordWrite): Promise<RecordView> {
  const rows = await tx.query<RecordRow>(
    `insert into records as r (tenant_id, entity_id, name, data, search_text)
     values ($1, $2, $3, $4::text::jsonb, tb_search_norm($5))
     returning ${RECORD_COLUMNS}`,
    [tx.tenantId, entityId, write.name, JSON.stringify(write.data), write.searchText],
  );
  return rows[0]!;
}

export async function updateRecordRow(tx: TenantTx, entityId: string, id: string, write: RecordWrite): Promise<RecordView> {
  const rows = await tx.query<RecordRow>(
    `update records as r set name = $4, data = $5::text::jsonb, search_text = tb_search_norm($6), updated_at = now()
      where r.tenant_id = $1 and r.entity_id = $2 and r.id = $3
     returning ${RECORD_COLUMNS}`,
    [tx.tenantId, entityId, id, write.name, JSON.stringify(write.data), write.searchText],
  );
  return rows[0]!;
}

export async function deleteRecordRow(tx: TenantTx, entityId: string, id: string): Promise<boolean> {
  const rows = await tx.query('delete from records where tenant_id = $1 and entity_id = $2 and id = $3 returning id', [
    tx.tenantId,
    entityId,
    id,
  ]);
  return rows.length > 0;
}

export async function storeEmbedding(tx: TenantTx, id: string, embedding: number[] | null): Promise<void> {
  await tx.query('update records set embedding = $3::real[] where tenant_id = $1 and id = $2', [tx.tenantId, id, embedding]);
}

/** Records by id, whatever their entity: the targets of relation fields (one query per field per page). */
export async function findRecordsByIds(
  tx: TenantTx,
  ids: readonly string[],
): Promise<Array<{ id: string; name: string; data: Record<string, unknown> }>> {
  if (ids.length === 0) return [];
  return tx.query('select id, name, data from records where tenant_id = $1 and id = any($2::uuid[])', [tx.tenantId, ids]);
}
