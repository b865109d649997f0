import type { TenantTx } from '../../db/with-tenant.js';
import { notFound, toolRef, validationError } from '../../errors.js';
import type { EntityDefinition, PublishedEntity } from '../entities/entity.types.js';
import { findPublishedEntityCached, type PublishedEntityCache } from '../entities/published-entity.cache.js';
import type { EmbeddingsClient } from './embeddings.js';
import type { RecordDeps, SaveActor, SaveWarning } from './save-state.js';
import { relatedEntityOf, UUID_PATTERN } from './field-values.js';
import { recordValidationError, unknownKeyDetails } from './record-schema.js';
import { deleteRecordRow, findRecordById, findRecordsByIds } from './record.repository.js';
import type { RecordView } from './record.types.js';
import { runSavePipeline } from './save-pipeline.js';
import { visibleRecord } from './visible-data.js';
import { embeddingSearch, trigramSearch, type ScoredRecord, type SemanticQuery } from './semantic-search.js';

/** The published entity records of `name` use; 404 for unknown and never-published entities. */
export async function loadEntity(tx: TenantTx, entities: PublishedEntityCache, name: string): Promise<PublishedEntity> {
  const found = await findPublishedEntityCached(tx, entities, name);
  if (!found) {
    throw notFound(
      `Entity "${name}" not found. Entity names are lowercase with underscores; call ${toolRef('list_entities')} to see the valid names`,
    );
  }
  if ('draftOnly' in found) throw notFound(`Entity "${name}" is a draft; publish it first (${toolRef('publish_entity')})`);
  return found;
}

const recordNotFound = (entity: string, id: string) => notFound(`No ${entity} record with id ${id}`);

/** A malformed id is a 400 naming the parameter; a well-formed unknown or foreign id is a 404. */
function checkId(id: string): void {
  if (!UUID_PATTERN.test(id)) {
    throw validationError(`id: "${id.slice(0, 80)}" is not a UUID`, [{ field: 'id', message: 'must be a UUID' }]);
  }
}

/**
 * Replaces relation ids by `{ id, name, data }` of their targets (data as the target entity shows
 * it), or null when the target is gone. One query for the whole page, whatever the number of
 * records and relation fields.
 */
export async function resolveRelations(
  tx: TenantTx,
  entities: PublishedEntityCache,
  definition: EntityDefinition,
  records: RecordView[],
): Promise<void> {
  const relations = definition.fields.filter((f) => f.fieldType === 'relation');
  if (relations.length === 0 || records.length === 0) return;
  const ids = new Set<string>();
  for (const r of records) for (const f of relations) if (typeof r.data[f.fieldKey] === 'string') ids.add(r.data[f.fieldKey] as string);
  const [found, ...targetEntities] = await Promise.all([
    findRecordsByIds(
      tx,
      [...ids].filter((id) => UUID_PATTERN.test(id)),
    ),
    ...relations.map((f) => {
      const target = relatedEntityOf(f);
      return target ? findPublishedEntityCached(tx, entities, target) : Promise.resolve(null);
    }),
  ]);
  const targets = new Map(found.map((t) => [t.id, t]));
  relations.forEach((f, i) => {
    const target = targetEntities[i];
    const shown = target && 'definition' in target ? target.definition : null;
    for (const r of records) {
      const id = r.data[f.fieldKey];
      if (typeof id !== 'string') continue;
      const record = targets.get(id);
      r.data[f.fieldKey] = record ? (shown ? visibleRecord(shown, record) : record) : null;
    }
  });
}

/** The entity and one of its records, looked up together; a record of another entity is missing. */
async function loadEntityAndRecord(tx: TenantTx, entities: PublishedEntityCache, entityName: string, id: string, forUpdate: boolean) {
  checkId(id);
  const [entity, record] = await Promise.all([loadEntity(tx, entities, entityName), findRecordById(tx, id, { forUpdate })]);
  if (!record || record.entityId !== entity.id) throw recordNotFound(entity.name, id);
  return { entity, record };
}

export async function getRecord(
  tx: TenantTx,
  entities: PublishedEntityCache,
  entityName: string,
  id: string,
  resolve: boolean,
): Promise<RecordView> {
  const { entity, record: stored } = await loadEntityAndRecord(tx, entities, entityName, id, false);
  const record = visibleRecord(entity.definition, stored);
  if (resolve) await resolveRelations(tx, entities, entity.definition, [record]);
  return record;
}

export interface SaveOptions {
  /**
   * The save is the last work of its transaction (the caller answers with the saved record): its
   * write may then carry the COMMIT (see save-pipeline.ts). Leave it off when more statements follow.
   */
  endsTransaction?: boolean;
  /** Where the save puts its warnings (rule validations of severity warning or info); the caller answers them. */
  warnings?: SaveWarning[];
  /** Who saves, for the rule runs log. */
  actor?: SaveActor | null;
}

async function save(
  tx: TenantTx,
  deps: RecordDeps,
  entity: PublishedEntity,
  existing: RecordView | null,
  input: Record<string, unknown>,
  options: SaveOptions,
) {
  const unknown = unknownKeyDetails(entity.definition, input);
  if (unknown.length) throw recordValidationError(unknown);
  const hooks = await deps.saveHooks(tx, entity);
  return runSavePipeline({
    tx,
    entity,
    mode: existing ? 'update' : 'create',
    existing,
    input,
    values: {},
    saved: null,
    hooks,
    deps,
    endsTransaction: options.endsTransaction ?? false,
    warnings: options.warnings ?? [],
    actor: options.actor ?? null,
  });
}

export function createRecord(
  tx: TenantTx,
  deps: RecordDeps,
  entity: PublishedEntity,
  data: Record<string, unknown>,
  options: SaveOptions = {},
) {
  return save(tx, deps, entity, null, data, options);
}

export async function updateRecord(
  tx: TenantTx,
  deps: RecordDeps,
  entityName: string,
  id: string,
  data: Record<string, unknown>,
  options: SaveOptions = {},
) {
  const { entity, record: existing } = await loadEntityAndRecord(tx, deps.entities, entityName, id, true);
  return save(tx, deps, entity, existing, data, options);
}

/** Deletes a record; with `deps`, the entity's afterDelete hooks run next (derived values of other records follow). */
export async function deleteRecord(tx: TenantTx, entity: PublishedEntity, id: string, deps?: RecordDeps, options: SaveOptions = {}) {
  checkId(id);
  const gone = await deleteRecordRow(tx, entity.id, id);
  if (!gone) throw recordNotFound(entity.name, id);
  if (deps) {
    const hooks = await deps.saveHooks(tx, entity);
    const state = {
      tx,
      entity,
      mode: 'delete' as const,
      existing: gone,
      input: {},
      values: {},
      saved: null,
      hooks,
      deps,
      endsTransaction: false,
      warnings: options.warnings ?? [],
      actor: options.actor ?? null,
    };
    for (const hook of hooks.afterDelete) await hook(state);
  }
  return { id, deleted: true as const };
}

export async function searchRecordsSemantic(
  tx: TenantTx,
  entity: PublishedEntity,
  query: SemanticQuery,
  embeddings: EmbeddingsClient | null,
): Promise<ScoredRecord[]> {
  const found = await (embeddings ? embeddingSearch(tx, entity, embeddings, query) : trigramSearch(tx, entity, query));
  return found.map((r) => visibleRecord(entity.definition, r));
}
