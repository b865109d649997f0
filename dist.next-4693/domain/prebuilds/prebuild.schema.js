import { z } from "zod";
import { FIELD_TYPES, IDENTIFIER_PATTERN } from "../entities/field-types.js";
const identifier = z.string().regex(IDENTIFIER_PATTERN, "must match ^[a-z][a-z0-9_]{0,62}$");
const field = z.strictObject({
  name: z.string().min(1),
  fieldKey: identifier,
  fieldType: z.enum(FIELD_TYPES),
  isRequired: z.boolean().optional(),
  isUnique: z.boolean().optional(),
  description: z.string().optional(),
  config: z.record(z.string(), z.unknown()).optional()
});
const entity = z.strictObject({
  name: identifier,
  displayName: z.string().min(1),
  description: z.string(),
  icon: z.string().min(1),
  config: z.strictObject({ displayField: identifier.optional() }),
  fields: z.array(field).min(1)
});
const rule = z.strictObject({
  entityName: identifier,
  name: z.string().min(1).max(200),
  triggerType: z.enum(["before_save", "after_save", "field_change"]),
  triggerFields: z.array(identifier).optional(),
  ruleDsl: z.record(z.string(), z.unknown())
});
const sampleRecord = z.strictObject({
  entity: identifier,
  ref: identifier.optional(),
  refs: z.record(identifier, identifier).optional(),
  data: z.record(z.string(), z.unknown())
});
const prebuildFile = z.strictObject({
  name: identifier,
  title: z.string().min(1),
  description: z.string().min(1),
  entities: z.array(entity).min(1),
  rules: z.array(rule),
  sampleData: z.array(sampleRecord)
});
function checkPrebuild(p) {
  const problems = [];
  const fields = new Map(p.entities.map((e) => [e.name, new Map(e.fields.map((f) => [f.fieldKey, f]))]));
  if (fields.size !== p.entities.length) problems.push("an entity name appears twice");
  p.rules.forEach((r, i) => {
    if (!fields.has(r.entityName)) problems.push(`rules.${i}: entity "${r.entityName}" is not one of the prebuild's entities`);
  });
  const refs = /* @__PURE__ */ new Map();
  p.sampleData.forEach((s, i) => {
    const at = `sampleData.${i}`;
    const own = fields.get(s.entity);
    if (!own) {
      problems.push(`${at}: entity "${s.entity}" is not one of the prebuild's entities`);
      return;
    }
    for (const key of Object.keys(s.data)) if (!own.has(key)) problems.push(`${at}.data.${key}: not a field of ${s.entity}`);
    for (const [key, ref] of Object.entries(s.refs ?? {})) {
      const f = own.get(key);
      if (f?.fieldType !== "relation") problems.push(`${at}.refs.${key}: not a relation field of ${s.entity}`);
      else if (!refs.has(ref)) problems.push(`${at}.refs.${key}: "${ref}" is not the ref of an earlier sample record`);
      else if (refs.get(ref) !== f.config?.relatedEntity)
        problems.push(`${at}.refs.${key}: "${ref}" is a ${refs.get(ref)} record, the field relates to ${String(f.config?.relatedEntity)}`);
      if (key in s.data) problems.push(`${at}.refs.${key}: also given in data`);
    }
    if (s.ref !== void 0) {
      if (refs.has(s.ref)) problems.push(`${at}.ref: "${s.ref}" is used twice`);
      refs.set(s.ref, s.entity);
    }
  });
  return problems;
}
export {
  checkPrebuild,
  prebuildFile
};
//# sourceMappingURL=prebuild.schema.js.map
