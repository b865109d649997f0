import {
  checkRelations,
  fieldMap,
  planRelationChecks,
  recordName,
  relationError,
  searchableText,
  validateRecordData
} from "./record-schema.js";
import { insertRecord, storeEmbedding, updateRecordRow } from "./record.repository.js";
import { writeUniqueValues } from "./unique-values.js";
const runHooks = (step) => async (state) => {
  for (const hook of state.hooks[step]) await hook(state);
};
async function merge(state) {
  const base = {};
  if (state.existing) {
    const fields = fieldMap(state.entity.definition);
    for (const [k, v] of Object.entries(state.existing.data)) if (fields.has(k)) base[k] = v;
  }
  state.values = { ...base, ...state.input };
}
async function validateSchema(state) {
  state.values = validateRecordData(state.entity.definition, state.values);
  const stored = state.existing?.data;
  const checks = (await planRelationChecks(state.tx, state.deps.entities, state.entity.definition, state.values)).filter(
    (c) => !stored || stored[c.field] !== c.id
  );
  const resolved = (c) => c.entityId !== void 0;
  if (state.hooks.validateRules.length === 0 && checks.every(resolved)) state.relationGuard = checks;
  else await checkRelations(state.tx, checks);
}
async function write(state) {
  const { tx, entity, values } = state;
  const definition = entity.definition;
  const row = { name: recordName(definition, values), data: values, searchText: searchableText(definition, values) };
  const unique = definition.fields.some((f) => f.isUnique);
  const last = state.endsTransaction && !unique && !state.deps.embeddings && state.hooks.afterSave.length === 0;
  const options = { guard: state.relationGuard ?? [], last };
  const result = state.existing ? await updateRecordRow(tx, entity.id, state.existing.id, row, options) : await insertRecord(tx, entity.id, row, options);
  if (result.failed) throw relationError(result.failed.map((i) => options.guard[i]));
  const saved = result.saved;
  if (unique) await writeUniqueValues(tx, entity.id, saved.id, definition, values, !state.existing);
  if (state.deps.embeddings) {
    const changed = !state.existing || row.searchText !== searchableText(definition, state.existing.data);
    if (changed) await storeEmbedding(tx, saved.id, await state.deps.embeddings.embedOrNull(row.searchText));
  }
  state.saved = saved;
}
const SAVE_PIPELINE = [
  { name: "merge", run: merge },
  { name: "transform", run: runHooks("transform") },
  { name: "compute", run: runHooks("compute") },
  { name: "transformComputed", run: runHooks("transformComputed") },
  { name: "validateSchema", run: validateSchema },
  { name: "validateRules", run: runHooks("validateRules") },
  { name: "write", run: write },
  { name: "afterSave", run: runHooks("afterSave") }
];
async function runSavePipeline(state) {
  for (const step of SAVE_PIPELINE) await step.run(state);
  return state.saved;
}
export {
  SAVE_PIPELINE,
  runSavePipeline
};
//# sourceMappingURL=save-pipeline.js.map
