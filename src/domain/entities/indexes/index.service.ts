import type { TenantTx } from '../../../db/with-tenant.js';
import { checkFieldSet, throwIfProblems, withIndexes, type Problems } from '../definition.js';
import { deleteDraft, findEntityState, insertDraft, lockEntity, updateDraft, type EntityState } from '../entity.repository.js';
import { currentDefinition, entityNotFound } from '../entity.service.js';
import { sameJson } from '../schema-view.js';
import { normalizeIndexes } from './index-definition.js';
import { indexesView } from './index-view.js';

/**
 * Replaces the declared indexes of the entity's draft (made from the published version when there
 * is none); publishing builds them (docs/entities.md, "Indexes"). A draft that ends up equal to the
 * published version is dropped: nothing is pending. Bad declarations write nothing.
 */
export async function setEntityIndexes(tx: TenantTx, input: { entityName: string; indexes: unknown }) {
  if (!(await lockEntity(tx, input.entityName))) throw await entityNotFound(tx, input.entityName);
  const state = (await findEntityState(tx, input.entityName)) as EntityState;
  const problems: Problems = [];
  const indexes = normalizeIndexes(input.indexes, 'indexes', problems);
  throwIfProblems(problems, 'Invalid indexes');
  const definition = withIndexes(currentDefinition(state), indexes);
  checkFieldSet(definition, 'definition', problems);
  for (const p of problems) if (p.field) p.field = p.field.replace(/^definition\./, '');
  throwIfProblems(problems, 'Invalid indexes');
  let version: number;
  let message: string;
  if (state.published && sameJson(definition, state.published.definition)) {
    if (state.draft) await deleteDraft(tx, state.id);
    version = state.published.version;
    message = `No pending changes remain: "${state.name}" matches published version ${version}`;
  } else if (state.draft) {
    await updateDraft(tx, state.id, definition);
    version = state.draft.version;
    message = `Indexes set in draft version ${version}; publishing it builds them`;
  } else {
    version = state.published!.version + 1;
    await insertDraft(tx, state.id, version, definition);
    message = `Indexes set in new draft version ${version}; publishing it builds them`;
  }
  const pending = !(state.published && version === state.published.version);
  return {
    success: true,
    entityName: state.name,
    version,
    status: pending ? ('draft' as const) : ('published' as const),
    indexes: indexesView(definition, null),
    message,
  };
}
