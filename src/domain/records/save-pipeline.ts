import {
  checkRelations,
  fieldMap,
  planRelationChecks,
  recordName,
  relationError,
  searchableText,
  validateRecordData,
  type RelationCheck,
} from './record-schema.js';
import { createdKeys } from './index-keys.js';
import { insertRecord, storeEmbedding, updateRecordRow } from './record.repository.js';
import type { RecordView } from './record.types.js';
import type { SaveHook, SaveHooks, SaveState } from './save-state.js';
import { writeUniqueValues } from './unique-values.js';
import { RunAgain } from '../../db/with-tenant.js';
import { AppError } from '../../errors.js';

const runHooks =
  (step: keyof SaveHooks): SaveHook =>
  async (state) => {
    for (const hook of state.hooks[step]) await hook(state);
  };

/** Update: the stored values of current fields, overlaid by the client's (null clears a field). */
async function merge(state: SaveState): Promise<void> {
  const base: Record<string, unknown> = {};
  if (state.existing) {
    const fields = fieldMap(state.entity.definition);
    for (const [k, v] of Object.entries(state.existing.data)) if (fields.has(k)) base[k] = v;
  }
  state.values = { ...base, ...state.input };
}

/**
 * Values by field type, then relation targets. Whenever it can, the relation check travels in the
 * write statement itself (one statement, one snapshot, no extra round trip); a schema error must
 * still come before a rule's, so when rule validation refuses the save the check runs first (see
 * validateRules). A target entity that is unknown can only fail, and is reported here either way
 * (docs/records.md, The save pipeline).
 */
async function validateSchema(state: SaveState): Promise<void> {
  state.values = validateRecordData(state.entity.definition, state.values);
  // A relation value an update leaves as stored was checked when written; its target may have been
  // deleted since (relations then dangle, docs/records.md), which must not block other changes.
  const stored = state.existing?.data;
  const checks = (await planRelationChecks(state.tx, state.deps.entities, state.entity.definition, state.values)).filter(
    (c) => !stored || stored[c.field] !== c.id,
  );
  const resolved = (c: RelationCheck): c is RelationCheck & { entityId: string | null } => c.entityId !== undefined;
  if (checks.every(resolved)) state.relationGuard = checks;
  else await checkRelations(state.tx, checks);
}

/**
 * The rule validation hooks. When one refuses the save, the relation values the write would have
 * verified are checked first, so that a schema error still wins over a rule's.
 */
async function validateRules(state: SaveState): Promise<void> {
  try {
    for (const hook of state.hooks.validateRules) await hook(state);
  } catch (error) {
    if (state.relationGuard?.length) await checkRelations(state.tx, state.relationGuard);
    throw error;
  }
}

/**
 * Whether nothing follows the write statement in its transaction, so that its COMMIT goes with it
 * in the same round trip (and, values read in the write being possible then, a rule may fold a
 * lookup into it: a refusal is answered by running the save again).
 */
export function writeEndsTransaction(state: SaveState): boolean {
  const unique = state.entity.definition.fields.some((f) => f.isUnique);
  return state.endsTransaction && !unique && !state.deps.embeddings && state.hooks.afterSave.length === 0;
}

async function write(state: SaveState): Promise<void> {
  const { tx, entity, values } = state;
  const definition = entity.definition;
  const row = { name: recordName(definition, values), data: values, searchText: searchableText(definition, values) };
  const unique = definition.fields.some((f) => f.isUnique);
  const last = writeEndsTransaction(state);
  const valuesInWrite = state.valuesInWrite ?? [];
  if (valuesInWrite.length && !last) throw new Error('values read in the write need it to be the last statement');
  // A create carries its index keys (index-keys.ts); an update's are the trigger's.
  const indexKeys = state.existing ? null : createdKeys(entity, values, new Set(valuesInWrite.map((v) => v.field)));
  const options = {
    guard: state.relationGuard ?? [],
    last,
    companions: state.alongWrite ?? [],
    valuesInWrite,
    indexKeys: indexKeys ?? undefined,
  };
  const result = state.existing
    ? await updateRecordRow(tx, entity.id, state.existing.id, row, options)
    : await insertRecord(tx, entity.id, row, options);
  if (result.failed) throw relationError(result.failed.map((i) => options.guard[i]!));
  // A value read in the write needs schema validation after all: the save runs again, the long way.
  if (result.refused) throw new RunAgain(`a value read in the write of ${entity.name} is not a number`);
  const saved = result.saved;
  if (unique) await writeUniqueValues(tx, entity.id, saved.id, definition, values, !state.existing);
  if (state.deps.embeddings) {
    const changed = !state.existing || row.searchText !== searchableText(definition, state.existing.data);
    if (changed) await storeEmbedding(tx, saved.id, await state.deps.embeddings.embedOrNull(row.searchText));
  }
  state.saved = saved;
}

/** The save sequence, in order (docs/records.md, The save pipeline). All steps share one transaction. */
export const SAVE_PIPELINE: ReadonlyArray<{ name: string; run: SaveHook }> = [
  { name: 'merge', run: merge },
  { name: 'transform', run: runHooks('transform') },
  { name: 'compute', run: runHooks('compute') },
  { name: 'transformComputed', run: runHooks('transformComputed') },
  { name: 'validateSchema', run: validateSchema },
  { name: 'validateRules', run: validateRules },
  { name: 'beforeWrite', run: runHooks('beforeWrite') },
  { name: 'write', run: write },
  { name: 'afterSave', run: runHooks('afterSave') },
];

const isRefusal = (error: unknown) =>
  error instanceof AppError && (error.code === 'VALIDATION_ERROR' || error.code === 'BUSINESS_RULE_ERROR');

export async function runSavePipeline(state: SaveState): Promise<RecordView> {
  for (const step of SAVE_PIPELINE) {
    try {
      await step.run(state);
    } catch (error) {
      // A save refused before its write while values were left for the write to read: without them
      // the refusal might not be the one the long way gives (a looked-up value that is no number is
      // a schema error, which comes first). Nothing was written; the long way answers.
      // Only a refusal: an unavailable database or an expired deadline is answered as it is.
      if (state.valuesInWrite?.length && step.name !== 'write' && isRefusal(error)) {
        throw new RunAgain(`a save of ${state.entity.name} with values read in the write was refused before it`);
      }
      throw error;
    }
  }
  return state.saved!;
}
