import { validationError } from "../../errors.js";
import { findPublishedEntityCached } from "../entities/published-entity.cache.js";
import { FIELD_VALIDATORS, relatedEntityOf, SEARCHABLE_TYPES } from "./field-values.js";
const isEmpty = (v) => v === void 0 || v === null || typeof v === "string" && v.trim() === "";
function fieldMap(definition) {
  return new Map(definition.fields.map((f) => [f.fieldKey, f]));
}
function unknownKeyDetails(definition, body) {
  const fields = fieldMap(definition);
  return Object.keys(body).filter((k) => !fields.has(k)).map((k) => ({ field: k, message: `is not a field of this entity (fields: ${[...fields.keys()].join(", ") || "none"})` }));
}
function validateRecordData(definition, merged) {
  const details = unknownKeyDetails(definition, merged);
  const clean = {};
  for (const field of definition.fields) {
    const raw = Object.hasOwn(merged, field.fieldKey) ? merged[field.fieldKey] : void 0;
    if (isEmpty(raw)) {
      if (field.isRequired) details.push({ field: field.fieldKey, message: "is required" });
      continue;
    }
    const check = FIELD_VALIDATORS[field.fieldType](raw, field);
    if (check.ok) clean[field.fieldKey] = check.value;
    else details.push({ field: field.fieldKey, message: check.message });
  }
  if (details.length) throw recordValidationError(details);
  return clean;
}
function recordValidationError(details) {
  const [first] = details;
  const more = details.length > 1 ? ` (and ${details.length - 1} more)` : "";
  return validationError(`Invalid record \u2014 ${first.field}: ${first.message}${more}`, details);
}
async function planRelationChecks(tx, entities, definition, data) {
  const wanted = definition.fields.filter((f) => f.fieldType === "relation" && typeof data[f.fieldKey] === "string").map((f) => ({ field: f.fieldKey, id: data[f.fieldKey], target: relatedEntityOf(f) }));
  if (wanted.length === 0) return [];
  const targetNames = [...new Set(wanted.flatMap((w) => w.target ? [w.target] : []))];
  const targets = await Promise.all(targetNames.map((name) => findPublishedEntityCached(tx, entities, name)));
  const targetIds = new Map(targetNames.map((name, i) => [name, targets[i] && "id" in targets[i] ? targets[i].id : void 0]));
  return wanted.map((w) => ({ ...w, entityId: w.target === void 0 ? null : targetIds.get(w.target) }));
}
function relationError(failed) {
  return recordValidationError(failed.map((w) => ({ field: w.field, message: `no ${w.target ?? "related"} record has id ${w.id}` })));
}
async function checkRelations(tx, checks) {
  if (checks.length === 0) return;
  const rows = await tx.query(
    "select id, entity_id from records where tenant_id = $1 and id = any($2::uuid[])",
    [tx.tenantId, checks.map((w) => w.id)]
  );
  const found = new Map(rows.map((r) => [r.id, r.entity_id]));
  const failed = checks.filter((w) => found.get(w.id) === void 0 || w.entityId !== null && found.get(w.id) !== w.entityId);
  if (failed.length) throw relationError(failed);
}
function recordName(definition, data) {
  const key = definition.config?.displayField ?? definition.fields.find((f) => f.fieldType === "text")?.fieldKey;
  const value = key === void 0 ? void 0 : data[key];
  if (value === void 0 || value === null) return "";
  return typeof value === "string" ? value : typeof value === "object" ? JSON.stringify(value) : String(value);
}
function searchableText(definition, data) {
  return definition.fields.filter((f) => SEARCHABLE_TYPES.has(f.fieldType) && typeof data[f.fieldKey] === "string").map((f) => data[f.fieldKey]).join(" \n ");
}
export {
  checkRelations,
  fieldMap,
  planRelationChecks,
  recordName,
  recordValidationError,
  relationError,
  searchableText,
  unknownKeyDetails,
  validateRecordData
};
//# sourceMappingURL=record-schema.js.map
