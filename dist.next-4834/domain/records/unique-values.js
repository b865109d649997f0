import { conflict } from "../../errors.js";
function uniqueKeyOf(field, value) {
  if (value === void 0 || value === null || value === "") return void 0;
  if (typeof value === "string") return field.fieldType === "email" ? value.toLowerCase() : value;
  return JSON.stringify(value);
}
const uniqueFields = (definition) => definition.fields.filter((f) => f.isUnique);
async function writeUniqueValues(tx, entityId, recordId, definition, data, isNew) {
  const fields = uniqueFields(definition);
  if (!isNew) {
    await tx.query("delete from record_unique_values where tenant_id = $1 and record_id = $2", [tx.tenantId, recordId]);
  }
  const rows = fields.flatMap((f) => {
    const key = uniqueKeyOf(f, data[f.fieldKey]);
    return key === void 0 ? [] : [{ field: f, key }];
  });
  if (rows.length === 0) return;
  const inserted = await tx.query(
    `insert into record_unique_values (tenant_id, entity_id, field_key, value, record_id)
     select $1, $2, k, v, $3 from unnest($4::text[], $5::text[]) as u(k, v)
     on conflict do nothing returning field_key`,
    [tx.tenantId, entityId, recordId, rows.map((r) => r.field.fieldKey), rows.map((r) => r.key)]
  );
  const ok = new Set(inserted.map((r) => r.field_key));
  const taken = rows.filter((r) => !ok.has(r.field.fieldKey));
  if (taken.length) {
    throw conflict(
      `${taken.map((r) => r.field.fieldKey).join(", ")} must be unique: another record already has ${taken.length > 1 ? "these values" : "this value"}`,
      taken.map((r) => ({ field: r.field.fieldKey, message: `value ${JSON.stringify(data[r.field.fieldKey])} is already used` }))
    );
  }
}
const rebuildUniqueValuesOnPublish = async (tx, published, previous) => {
  const now = uniqueFields(published.definition);
  const before = new Map((previous ? uniqueFields(previous.definition) : []).map((f) => [f.fieldKey, f.fieldType]));
  await tx.query("delete from record_unique_values where tenant_id = $1 and entity_id = $2 and not (field_key = any($3::text[]))", [
    tx.tenantId,
    published.id,
    now.map((f) => f.fieldKey)
  ]);
  for (const field of now) {
    if (before.get(field.fieldKey) === field.fieldType) continue;
    await tx.query("delete from record_unique_values where tenant_id = $1 and entity_id = $2 and field_key = $3", [
      tx.tenantId,
      published.id,
      field.fieldKey
    ]);
    const rows = await tx.query(
      "select id, data -> $3 as value from records where tenant_id = $1 and entity_id = $2 and data ? $3",
      [tx.tenantId, published.id, field.fieldKey]
    );
    const seen = /* @__PURE__ */ new Map();
    const ids = [];
    const keys = [];
    for (const row of rows) {
      const key = uniqueKeyOf(field, row.value);
      if (key === void 0) continue;
      if (seen.has(key)) {
        throw conflict(`Cannot make ${field.fieldKey} unique: existing records share the value ${JSON.stringify(row.value)}`, [
          { field: field.fieldKey, message: "existing records hold duplicate values" }
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
      [tx.tenantId, published.id, field.fieldKey, keys, ids]
    );
  }
};
export {
  rebuildUniqueValuesOnPublish,
  uniqueKeyOf,
  writeUniqueValues
};
//# sourceMappingURL=unique-values.js.map
