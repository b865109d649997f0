import type { EntityDefinition } from '../entity.types.js';
import { effectiveIndexes, sameBuild } from './index-definition.js';
import type { StoredIndex } from './index.repository.js';

/**
 * The indexes of a version as the schema tools show them. `stored`: the built indexes when the
 * version shown is the published one; their state is then building, ready or failed. Otherwise
 * (a draft, an older version), and for an index its publish has not built yet, the state is
 * `pending`.
 */
export function indexesView(definition: EntityDefinition, stored: StoredIndex[] | null) {
  const built = new Map((stored ?? []).map((s) => [s.name, s]));
  return effectiveIndexes(definition).map((index) => {
    const found = built.get(index.name);
    return {
      name: index.name,
      fields: index.fields,
      automatic: index.automatic,
      state: found && sameBuild(found, index) ? found.state : ('pending' as const),
    };
  });
}
