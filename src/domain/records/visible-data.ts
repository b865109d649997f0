import type { EntityDefinition } from '../entities/entity.types.js';
import type { RecordView } from './record.types.js';

const keysOf = new WeakMap<EntityDefinition, ReadonlySet<string>>();

function fieldKeys(definition: EntityDefinition): ReadonlySet<string> {
  let keys = keysOf.get(definition);
  if (!keys) keysOf.set(definition, (keys = new Set(definition.fields.map((f) => f.fieldKey))));
  return keys;
}

/**
 * The values a record shows under `definition`: a field removed by a later version keeps its value
 * in storage (publishing never deletes data) but is no longer returned (docs/entities.md).
 */
export function visibleData(definition: EntityDefinition, data: Record<string, unknown>): Record<string, unknown> {
  const keys = fieldKeys(definition);
  for (const key of Object.keys(data)) {
    if (!keys.has(key)) return Object.fromEntries(Object.entries(data).filter(([k]) => keys.has(k)));
  }
  return data;
}

/** The record as clients see it under its entity's published definition. */
export function visibleRecord<T extends Pick<RecordView, 'data'>>(definition: EntityDefinition, record: T): T {
  const data = visibleData(definition, record.data);
  return data === record.data ? record : { ...record, data };
}
