import type { TenantTx } from '../../db/with-tenant.js';
import { conflict } from '../../errors.js';
import type { EntityDefinition, FieldDefinition, PublishedEntity } from '../entities/entity.types.js';
import type { PublishHook } from '../entities/publish-hooks.js';

/**
 * Unique field values live in one shared side table, `record_unique_values`, whose primary key
 * (tenant, entity, field, value) makes the database the judge of a duplicate: a save inserts its
 * values with ON CONFLICT DO NOTHING and a value that did not go in is taken (409). No
 * check-then-insert race; concurrent savers wait on each other's uncommitted row.
 */

/** The compared form of a value: emails ignore case; other values compare as stored. */
export function uniqueKeyOf(field: FieldDefinition, value: unknown): string | undefined {
  if (value === undefined || value === null || value === '') return undefined;
  if (typeof value === 'string') return field.fieldType === 'email' ? value.toLowerCase() : value;
  return JSON.stringify(value);
}

const uniqueFields = (definition: EntityDefinition) => definition.fields.filter((f) => f.isUnique);

/** Replaces the record's unique values; throws CONFLICT naming every field whose value is taken. */
export async function writeUniqueValues(
  tx: TenantTx,
  entityId: string,
  recordId: string,
  definition: EntityDefinition,
  data: Record<string, unknown>,
  isNew: boolean,
): Promise<void> {
  const fields = uniqueFields(definition);
  if (!isNew) {
    await tx.query('delete from record_unique_values where tenant_id = $1 and record_id = $2', [tx.tenantId, recordId]);
  }
  const rows = fields.flatMap((f) => {
    const key = uniqueKeyOf(f, data[f.fieldKey]);
    return key === undefined ? [] : [{ field: f, key }];
  });
  if (rows.length === 0) return;
  const inserted = await tx.query<{ field_key: string }>(
    `insert into record_unique_values (tenant_id, entity_id, field_key, value, record_id)
     select $1, $2, k, v, $3 from unnest($4::text[], $5::text[]) as u(k, v)
     on conflict do nothing returning field_key`,
    [tx.tenantId, entityId, recordId, rows.map((r) => r.field.fieldKey), rows.map((r) => r.key)],
  );
  const ok = new Set(inserted.map((r) => r.field_key));
  const taken = rows.filter((r) => !ok.has(r.field.fieldKey));
  if (taken.length) {
    throw conflict(
      `${taken.map((r) => r.field.fieldKey).join(', ')} must be unique: another record already has ${taken.length > 1 ? 'these values' : 'this value'}`,
      taken.map((r) => ({ field: r.field.fieldKey, message: `value ${JSON.stringify(data[r.field.fieldKey])} is already used` })),
    );
  }
}

/**
 * Publish hook: fields that became unique get their side-table rows built from existing records
 * (CONFLICT naming the field when records already hold duplicates); fields no longer unique lose theirs.
 */
export const rebuildUniqueValuesOnPublish: PublishHook = async (
  tx: TenantTx,
  published: PublishedEntity,
  previous: PublishedEntity | null,
) => {
  const now = uniqueFields(published.definition);
  const before = new Map((previous ? uniqueFields(previous.definition) : []).map((f) => [f.fieldKey, f.fieldType]));
  await tx.query('delete from record_unique_values where tenant_id = $1 and entity_id = $2 and not (field_key = any($3::text[]))', [
    tx.tenantId,
    published.id,
    now.map((f) => f.fieldKey),
  ]);
  for (const field of now) {
    if (before.get(field.fieldKey) === field.fieldType) continue;
    await tx.query('delete from record_unique_values where tenant_id = $1 and entity_id = $2 and field_key = $3', [
      tx.tenantId,
      published.id,
      field.fieldKey,
    ]);
    const rows = await tx.query<{ id: string; value: unknown }>(
      'select id, data -> $3 as value from records where tenant_id = $1 and entity_id = $2 and data ? $3',
      [tx.tenantId, published.id, field.fieldKey],
    );
    const seen = new Map<string, string>();
    const ids: string[] = [];
    const keys: string[] = [];
    for (const row of rows) {
      const key = uniqueKeyOf(field, row.value);
      if (key === undefined) continue;
      if (seen.has(key)) {
        throw conflict(`Cannot make ${field.fieldKey} unique: existing records share the value ${JSON.stringify(row.value)}`, [
          { field: field.fieldKey, message: 'existing records hold duplicate values' },
        ]);
      }
      seen.set(key, row.id);
      ids.push(row.id);
      keys.push(key);
    }
    if (ids.length === 0) continue;
    await tx.query(
      `insert into record_unique_values (tenant_id, entity_id, field_key, value, record_id)
       select $1, $2, $3, v, r from unnest($4::text[], $5::uuid[]) as u(v, r)`,
      [tx.tenantId, published.id, field.fieldKey, keys, ids],
    );
  }
};
