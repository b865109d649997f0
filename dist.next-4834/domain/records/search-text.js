import { IDENTIFIER_PATTERN } from "../entities/field-types.js";
import { SEARCHABLE_TYPES } from "./field-values.js";
const searchableKeys = (definition) => definition.fields.filter((f) => SEARCHABLE_TYPES.has(f.fieldType)).map((f) => f.fieldKey);
const refreshSearchTextOnPublish = async (tx, published, previous) => {
  if (!previous) return;
  const now = searchableKeys(published.definition);
  if (now.join("\n") === searchableKeys(previous.definition).join("\n")) return;
  const parts = now.map((key) => {
    if (!IDENTIFIER_PATTERN.test(key)) throw new Error(`unsafe field key ${key}`);
    return `case when jsonb_typeof(data -> '${key}') = 'string' then data ->> '${key}' end`;
  });
  const text = parts.length ? `concat_ws(E' \\n ', ${parts.join(", ")})` : `''`;
  await tx.query(`update records set search_text = tb_search_norm(${text}) where tenant_id = $1 and entity_id = $2`, [
    tx.tenantId,
    published.id
  ]);
};
export {
  refreshSearchTextOnPublish
};
//# sourceMappingURL=search-text.js.map
