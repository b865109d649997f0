import type { TenantTx } from '../../../db/with-tenant.js';
import { checkFieldSet, throwIfProblems, withIndexes, type Problems } from '../definition.js';
import { findEntityState, lockEntity, type EntityState } from '../entity.repository.js';
import { currentDefinition, entityNotFound, saveWorkingDefinition } from '../entity.service.js';
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
  const { version, pending, message } = await saveWorkingDefinition(
    tx,
    state,
    definition,
    (draft) => `Indexes set in ${draft}; publishing it builds them`,
  );
  return {
    success: true,
    entityName: state.name,
    version,
    status: pending ? ('draft' as const) : ('published' as const),
    indexes: indexesView(definition, null),
    message,
  };
}
