import { withTenant } from '../../src/db/with-tenant.js';
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

/**
 * Entries that disagree with the records they index: missing, extra, or with another identity or
 * other keys than the index's and the key function's for the record's data now (the first element
 * of `want` and `have` is the index's identity). Empty when the side table is exact.
 */
export async function wrongEntries(t: TestApp, tenantId: string) {
  return withTenant(t.db, tenantId, { readOnly: true }, (tx) =>
    tx.query(
      `with want as (
         select r.id as record_id, i.name as index_name,
                array[i.id::text, tb_index_text(r.data, i.fields[1], i.kinds[1]), tb_index_number(r.data, i.fields[1], i.kinds[1])::text,
                      tb_index_text(r.data, i.fields[2], i.kinds[2]), tb_index_number(r.data, i.fields[2], i.kinds[2])::text,
                      tb_index_text(r.data, i.fields[3], i.kinds[3]), tb_index_number(r.data, i.fields[3], i.kinds[3])::text] as k
           from records r join entity_indexes i on i.tenant_id = r.tenant_id and i.entity_id = r.entity_id
          where r.tenant_id = $1 and i.tenant_id = $1),
       have as (select record_id, index_name, array[index_id::text, k1t, k1f::text, k2t, k2f::text, k3t, k3f::text] as k
                  from record_index_entries where tenant_id = $1)
       select coalesce(w.record_id, h.record_id) as record_id, coalesce(w.index_name, h.index_name) as index_name,
              w.k as want, h.k as have
         from want w full join have h on h.record_id = w.record_id and h.index_name = w.index_name
        where w.record_id is null or h.record_id is null or w.k is distinct from h.k`,
      [tenantId],
    ),
  );
}

/** Entries per index name of the tenant. */
export async function entryCounts(t: TestApp, tenantId: string): Promise<Record<string, number>> {
  const rows = await withTenant(t.db, tenantId, { readOnly: true }, (tx) =>
    tx.query<{ index_name: string; n: number }>(
      'select index_name, count(*)::int as n from record_index_entries where tenant_id = $1 group by index_name order by index_name',
      [tenantId],
    ),
  );
  return Object.fromEntries(rows.map((r) => [r.index_name, r.n]));
}
