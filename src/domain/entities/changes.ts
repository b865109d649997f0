import type { TenantTx } from '../../db/with-tenant.js';
import { listHistory } from './entity.repository.js';
import { requireEntityState } from './entity.service.js';
import type { EntityDefinition, FieldDefinition } from './entity.types.js';
import { fieldView, sameJson } from './schema-view.js';

const FIELD_PROPERTIES: Array<keyof FieldDefinition> = ['name', 'fieldType', 'isRequired', 'isUnique', 'description', 'config'];
const ENTITY_PROPERTIES = ['displayName', 'description', 'icon', 'config'] as const;

/** Fields added, removed and changed from `before` to `after` (by fieldKey), plus entity-level changes. */
export function diffDefinitions(before: EntityDefinition | null, after: EntityDefinition | null) {
  const beforeFields = new Map((before?.fields ?? []).map((f) => [f.fieldKey, f]));
  const afterFields = new Map((after?.fields ?? []).map((f) => [f.fieldKey, f]));
  const added: ReturnType<typeof fieldView>[] = [];
  const removed: ReturnType<typeof fieldView>[] = [];
  const changed: Array<{ fieldKey: string; changes: string[]; before: FieldDefinition; after: FieldDefinition }> = [];
  for (const [key, f] of afterFields) {
    const old = beforeFields.get(key);
    if (!old) added.push(fieldView(f));
    else if (!sameJson(old, f)) {
      const changes = FIELD_PROPERTIES.filter((k) => !sameJson(old[k], f[k]));
      changed.push({ fieldKey: key, changes, before: old, after: f });
    }
  }
  for (const [key, f] of beforeFields) if (!afterFields.has(key)) removed.push(fieldView(f));
  const key = (i: { name: string; fields: string[] }) => `${i.name}:${i.fields.join(',')}`;
  const beforeIndexes = new Map((before?.indexes ?? []).map((i) => [key(i), i]));
  const afterIndexes = new Map((after?.indexes ?? []).map((i) => [key(i), i]));
  const indexes = {
    added: [...afterIndexes].filter(([k]) => !beforeIndexes.has(k)).map(([, i]) => i),
    removed: [...beforeIndexes].filter(([k]) => !afterIndexes.has(k)).map(([, i]) => i),
  };
  const entity =
    before && after
      ? ENTITY_PROPERTIES.filter((p) => !sameJson(before[p], after[p])).map((p) => ({ property: p, before: before[p], after: after[p] }))
      : [];
  return { added, removed, changed, entity, indexes };
}

/** Pending draft changes versus the published version, and the publish history. */
export async function listEntityChanges(tx: TenantTx, input: { entityName: string }) {
  const state = await requireEntityState(tx, input.entityName);
  const diff = state.draft
    ? diffDefinitions(state.published?.definition ?? null, state.draft.definition)
    : { added: [], removed: [], changed: [], entity: [], indexes: { added: [], removed: [] } };
  const history = await listHistory(tx, state.id);
  return {
    entityName: state.name,
    publishedVersion: state.published?.version ?? null,
    draftVersion: state.draft?.version ?? null,
    hasChanges: state.draft !== null,
    ...diff,
    history,
  };
}
