import { conflict, notFound, validationError } from "../../errors.js";
import { checkFieldSet, checkRelations, normalizeField, throwIfProblems } from "./definition.js";
import {
  deleteDraft,
  findEntityState,
  insertDraft,
  listEntityNames,
  lockEntity,
  updateDraft
} from "./entity.repository.js";
import { currentDefinition, entityNotFound, requireEntityState, statusOf } from "./entity.service.js";
import { FIELD_TYPE_LIST, fieldView, sameJson } from "./schema-view.js";
async function listFields(tx, entityName) {
  const state = await requireEntityState(tx, entityName);
  const working = state.draft ?? state.published;
  return {
    entityName: state.name,
    version: working.version,
    status: state.draft ? "draft" : "published",
    publishedVersion: state.published?.version ?? null,
    fields: working.definition.fields.map(fieldView),
    fieldTypes: FIELD_TYPE_LIST
  };
}
function requireField(definition, entityName, fieldKey) {
  const index = definition.fields.findIndex((f) => f.fieldKey === fieldKey);
  if (index < 0) {
    throw notFound(
      `Entity "${entityName}" has no field "${fieldKey}"; its fields: ${definition.fields.map((f) => f.fieldKey).join(", ") || "(none)"}`
    );
  }
  return index;
}
async function addField(tx, entityName, rawField) {
  return changeFields(tx, entityName, "add", async (definition, problems) => {
    const field = normalizeField(rawField, "field", problems);
    throwIfProblems(problems, "Invalid field");
    if (definition.fields.some((f) => f.fieldKey === field.fieldKey)) {
      throw conflict(`Entity "${entityName}" already has a field "${field.fieldKey}"; choose another fieldKey or use action "update"`);
    }
    return { definition: { ...definition, fields: [...definition.fields, field] }, field };
  });
}
async function updateField(tx, entityName, fieldKey, rawField) {
  return changeFields(tx, entityName, "update", async (definition, problems) => {
    const index = requireField(definition, entityName, fieldKey);
    const patch = typeof rawField === "object" && rawField !== null ? rawField : rawField;
    if (patch && typeof patch === "object" && "fieldKey" in patch && patch.fieldKey !== fieldKey) {
      throw validationError(
        `Field keys cannot be renamed ("${fieldKey}" \u2192 ${JSON.stringify(patch.fieldKey)}): add a new field and delete the old one`,
        [{ field: "field.fieldKey", message: "must equal the fieldKey being updated, or be left out" }]
      );
    }
    const field = normalizeField(patch, "field", problems, definition.fields[index]);
    throwIfProblems(problems, `Invalid change to field "${fieldKey}"`);
    const fields = definition.fields.map((f, i) => i === index ? field : f);
    return { definition: { ...definition, fields }, field };
  });
}
async function deleteField(tx, entityName, fieldKey) {
  return changeFields(tx, entityName, "delete", async (definition) => {
    const index = requireField(definition, entityName, fieldKey);
    const field = definition.fields[index];
    const config = { ...definition.config };
    if (config.displayField === fieldKey) delete config.displayField;
    return { definition: { ...definition, config, fields: definition.fields.filter((_, i) => i !== index) }, field };
  });
}
async function changeFields(tx, entityName, action, change) {
  if (!await lockEntity(tx, entityName)) throw await entityNotFound(tx, entityName);
  const state = await findEntityState(tx, entityName);
  const problems = [];
  const { definition, field } = await change(currentDefinition(state), problems);
  checkFieldSet(definition, "definition", problems);
  checkRelations(definition, new Set(await listEntityNames(tx)), "definition", problems);
  throwIfProblems(problems, "Invalid field");
  let version;
  let message;
  if (state.published && sameJson(definition, state.published.definition)) {
    if (state.draft) await deleteDraft(tx, state.id);
    version = state.published.version;
    message = `No pending changes remain: "${state.name}" matches published version ${version}`;
  } else if (state.draft) {
    await updateDraft(tx, state.id, definition);
    version = state.draft.version;
    message = `Field "${field.fieldKey}" ${action === "add" ? "added to" : action === "update" ? "updated in" : "deleted from"} draft version ${version}`;
  } else {
    version = state.published.version + 1;
    await insertDraft(tx, state.id, version, definition);
    message = `Field "${field.fieldKey}" ${action === "add" ? "added to" : action === "update" ? "updated in" : "deleted from"} new draft version ${version}`;
  }
  const pending = !(state.published && version === state.published.version);
  return {
    success: true,
    action,
    entityName: state.name,
    field: fieldView(field),
    version,
    status: pending ? "draft" : statusOf(state),
    message: pending && state.published ? `${message}; records keep using version ${state.published.version} until the draft is published` : message
  };
}
export {
  addField,
  deleteField,
  listFields,
  updateField
};
//# sourceMappingURL=field.service.js.map
