import type { PublishedEntity } from '../../src/domain/entities/entity.types.js';
import { NO_SAVE_HOOKS, type SaveHookProvider, type SaveHooks } from '../../src/domain/records/save-state.js';

/**
 * Save hooks a test controls: a provider given to its own app (createTestApp's `hooks`) that answers
 * whatever the test set for an entity, and records which published versions it was asked for.
 */
export function controlledSaveHooks() {
  let byEntity: Record<string, Partial<SaveHooks>> = {};
  const asked: Array<{ name: string; version: number }> = [];
  const provider: SaveHookProvider = async (_tx, entity: PublishedEntity) => {
    asked.push({ name: entity.name, version: entity.version });
    return { ...NO_SAVE_HOOKS, ...byEntity[entity.name] };
  };
  return {
    provider,
    asked,
    set(entity: string, hooks: Partial<SaveHooks>) {
      byEntity[entity] = hooks;
    },
    clear() {
      byEntity = {};
      asked.length = 0;
    },
  };
}
