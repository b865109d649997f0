import { listHistory } from "./entity.repository.js";
import { requireEntityState } from "./entity.service.js";
import { fieldView, sameJson } from "./schema-view.js";
const FIELD_PROPERTIES = ["name", "fieldType", "isRequired", "isUnique", "description", "config"];
const ENTITY_PROPERTIES = ["displayName", "description", "icon", "config"];
function diffDefinitions(before, after) {
  const beforeFields = new Map((before?.fields ?? []).map((f) => [f.fieldKey, f]));
  const afterFields = new Map((after?.fields ?? []).map((f) => [f.fieldKey, f]));
  const added = [];
  const removed = [];
  const changed = [];
  for (const [key, f] of afterFields) {
    const old = beforeFields.get(key);
    if (!old) added.push(fieldView(f));
    else if (!sameJson(old, f)) {
      const changes = FIELD_PROPERTIES.filter((k) => !sameJson(old[k], f[k]));
      changed.push({ fieldKey: key, changes, before: old, after: f });
    }
  }
  for (const [key, f] of beforeFields) if (!afterFields.has(key)) removed.push(fieldView(f));
  const entity = before && after ? ENTITY_PROPERTIES.filter((p) => !sameJson(before[p], after[p])).map((p) => ({ property: p, before: before[p], after: after[p] })) : [];
  return { added, removed, changed, entity };
}
async function listEntityChanges(tx, input) {
  const state = await requireEntityState(tx, input.entityName);
  const diff = state.draft ? diffDefinitions(state.published?.definition ?? null, state.draft.definition) : { added: [], removed: [], changed: [], entity: [] };
  const history = await listHistory(tx, state.id);
  return {
    entityName: state.name,
    publishedVersion: state.published?.version ?? null,
    draftVersion: state.draft?.version ?? null,
    hasChanges: state.draft !== null,
    ...diff,
    history
  };
}
export {
  diffDefinitions,
  listEntityChanges
};
//# sourceMappingURL=changes.js.map
