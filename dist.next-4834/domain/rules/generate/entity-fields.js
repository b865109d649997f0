import { requireEntityState } from "../../entities/entity.service.js";
async function fieldsForRules(tx, entityName) {
  const state = await requireEntityState(tx, entityName);
  const byKey = /* @__PURE__ */ new Map();
  for (const version of [state.published, state.draft]) {
    for (const f of version?.definition.fields ?? []) byKey.set(f.fieldKey, { fieldKey: f.fieldKey, name: f.name, fieldType: f.fieldType });
  }
  return [...byKey.values()];
}
export {
  fieldsForRules
};
//# sourceMappingURL=entity-fields.js.map
