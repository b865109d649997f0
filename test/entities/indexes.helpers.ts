import { withTenant } from '../../src/db/with-tenant.js';
import { INDEX_SLOTS, slotColumns } from '../../src/domain/entities/indexes/index-definition.js';
import type { TestApp } from '../helpers/app.js';

/** A products entity with a compound and a single index, and a relation (indexed without asking). */
export const productsDefinition = (indexes: unknown[] = [{ fields: ['categoria', 'precio'] }, { fields: ['alta'] }]) => ({
  entity: { name: 'products' },
  fields: [
    { name: 'Title', fieldKey: 'title', fieldType: 'text' },
    { name: 'Categoria', fieldKey: 'categoria', fieldType: 'text' },
    { name: 'Precio', fieldKey: 'precio', fieldType: 'number' },
    { name: 'Cantidad', fieldKey: 'cantidad', fieldType: 'integer' },
    { name: 'Total', fieldKey: 'total', fieldType: 'number' },
    { name: 'Alta', fieldKey: 'alta', fieldType: 'date' },
    { name: 'Activo', fieldKey: 'activo', fieldType: 'boolean' },
    { name: 'Foto', fieldKey: 'foto', fieldType: 'file' },
    { name: 'Proveedor', fieldKey: 'proveedor', fieldType: 'relation', config: { relatedEntity: 'suppliers' } },
  ],
  indexes,
});

export const suppliersDefinition = { entity: { name: 'suppliers' }, fields: [{ name: 'Name', fieldKey: 'name', fieldType: 'text' }] };

/** The keys a record's row holds in the slot of index `i`, as text[] (SQL over `r` and `i`). */
const slotKeys = `case i.slot ${Array.from({ length: INDEX_SLOTS }, (_, n) => {
  const { t, f } = slotColumns(n + 1);
  return `when ${n + 1} then array[${[1, 2, 3].map((p) => `r.${t(p)}, r.${f(p)}::text`).join(', ')}]`;
}).join(' ')} end`;

/**
 * Records whose keys of an index of their entity (building or ready) disagree with the key
 * functions for their data now: missing or other keys in the index's slot. Empty when every slot
 * in use is exact.
 */
export async function wrongEntries(t: TestApp, tenantId: string) {
  return withTenant(t.db, tenantId, { readOnly: true }, (tx) =>
    tx.query(
      `select r.id as record_id, i.name as index_name,
              array[tb_index_text(r.data, i.fields[1], i.kinds[1]), tb_index_number(r.data, i.fields[1], i.kinds[1])::text,
                    tb_index_text(r.data, i.fields[2], i.kinds[2]), tb_index_number(r.data, i.fields[2], i.kinds[2])::text,
                    tb_index_text(r.data, i.fields[3], i.kinds[3]), tb_index_number(r.data, i.fields[3], i.kinds[3])::text] as want,
              ${slotKeys} as have
         from records r join entity_indexes i on i.tenant_id = r.tenant_id and i.entity_id = r.entity_id
        where r.tenant_id = $1 and i.tenant_id = $1
          and array[tb_index_text(r.data, i.fields[1], i.kinds[1]), tb_index_number(r.data, i.fields[1], i.kinds[1])::text,
                    tb_index_text(r.data, i.fields[2], i.kinds[2]), tb_index_number(r.data, i.fields[2], i.kinds[2])::text,
                    tb_index_text(r.data, i.fields[3], i.kinds[3]), tb_index_number(r.data, i.fields[3], i.kinds[3])::text]
              is distinct from ${slotKeys}`,
      [tenantId],
    ),
  );
}

/** Records with keys in the slot of each index of the tenant, by index name. */
export async function entryCounts(t: TestApp, tenantId: string): Promise<Record<string, number>> {
  const rows = await withTenant(t.db, tenantId, { readOnly: true }, (tx) =>
    tx.query<{ index_name: string; n: number }>(
      `select i.name as index_name, count(*)::int as n
         from entity_indexes i join records r on r.tenant_id = i.tenant_id and r.entity_id = i.entity_id
        where i.tenant_id = $1 and (${slotKeys})[1] is not null
        group by i.name order by i.name`,
      [tenantId],
    ),
  );
  return Object.fromEntries(rows.map((r) => [r.index_name, r.n]));
}
