import type { TenantTx } from '../../db/with-tenant.js';
import { validationError, type ErrorDetail } from '../../errors.js';
import { findPublishedEntityCached } from '../entities/published-entity.cache.js';
import type { EntityDefinition, FieldDefinition } from '../entities/entity.types.js';
import { FIELD_VALIDATORS, relatedEntityOf, SEARCHABLE_TYPES } from './field-values.js';

const isEmpty = (v: unknown) => v === undefined || v === null || (typeof v === 'string' && v.trim() === '');

export function fieldMap(definition: EntityDefinition): Map<string, FieldDefinition> {
  return new Map(definition.fields.map((f) => [f.fieldKey, f]));
}

/** Keys of a body that are not fields of the entity (prototype keys included): 400 before anything runs. */
export function unknownKeyDetails(definition: EntityDefinition, body: Record<string, unknown>): ErrorDetail[] {
  const fields = fieldMap(definition);
  return Object.keys(body)
    .filter((k) => !fields.has(k))
    .map((k) => ({ field: k, message: `is not a field of this entity (fields: ${[...fields.keys()].join(', ') || 'none'})` }));
}

/**
 * Schema validation of a merged record: every value checked and converted by its field type,
 * required fields present, unknown keys refused. Empty values are dropped (a field is either
 * set or absent). Throws VALIDATION_ERROR naming every failing field.
 */
export function validateRecordData(definition: EntityDefinition, merged: Record<string, unknown>): Record<string, unknown> {
  const details = unknownKeyDetails(definition, merged);
  const clean: Record<string, unknown> = {};
  for (const field of definition.fields) {
    const raw = Object.hasOwn(merged, field.fieldKey) ? merged[field.fieldKey] : undefined;
    if (isEmpty(raw)) {
      if (field.isRequired) details.push({ field: field.fieldKey, message: 'is required' });
      continue;
    }
    const check = FIELD_VALIDATORS[field.fieldType](raw, field);
    if (check.ok) clean[field.fieldKey] = check.value;
    else details.push({ field: field.fieldKey, message: check.message });
  }
  if (details.length) throw recordValidationError(details);
  return clean;
}

export function recordValidationError(details: ErrorDetail[]) {
  const [first] = details;
  const more = details.length > 1 ? ` (and ${details.length - 1} more)` : '';
  return validationError(`Invalid record — ${first!.field}: ${first!.message}${more}`, details);
}

/**
 * Every relation value must name an existing record of its target entity in this tenant.
 * One query for the whole record, whatever the number of relation fields.
 */
export async function checkRelations(tx: TenantTx, definition: EntityDefinition, data: Record<string, unknown>): Promise<void> {
  const wanted = definition.fields
    .filter((f) => f.fieldType === 'relation' && typeof data[f.fieldKey] === 'string')
    .map((f) => ({ field: f, id: data[f.fieldKey] as string, target: relatedEntityOf(f) }));
  if (wanted.length === 0) return;
  // Target entities come from the published-entity cache, else are read together with the record lookup.
  const targetNames = [...new Set(wanted.flatMap((w) => (w.target ? [w.target] : [])))];
  const [rows, ...targets] = await Promise.all([
    tx.query<{ id: string; entity_id: string }>('select id, entity_id from records where tenant_id = $1 and id = any($2::uuid[])', [
      tx.tenantId,
      wanted.map((w) => w.id),
    ]),
    ...targetNames.map((name) => findPublishedEntityCached(tx, name)),
  ]);
  const targetIds = new Map(targetNames.map((name, i) => [name, targets[i] && 'id' in targets[i] ? targets[i].id : undefined]));
  const found = new Map(rows.map((r) => [r.id, r.entity_id]));
  const details = wanted
    .filter((w) => found.get(w.id) === undefined || (w.target !== undefined && found.get(w.id) !== targetIds.get(w.target)))
    .map((w) => ({ field: w.field.fieldKey, message: `no ${w.target ?? 'related'} record has id ${w.id}` }));
  if (details.length) throw recordValidationError(details);
}

/** `name` of a record: the entity's displayField, else its first text field, else '' (CONTRACT §6). */
export function recordName(definition: EntityDefinition, data: Record<string, unknown>): string {
  const key = definition.config?.displayField ?? definition.fields.find((f) => f.fieldType === 'text')?.fieldKey;
  const value = key === undefined ? undefined : data[key];
  if (value === undefined || value === null) return '';
  return typeof value === 'string' ? value : typeof value === 'object' ? JSON.stringify(value) : String(value);
}

/** The raw text `search` and the built-in semantic search look through; SQL normalises it. */
export function searchableText(definition: EntityDefinition, data: Record<string, unknown>): string {
  return definition.fields
    .filter((f) => SEARCHABLE_TYPES.has(f.fieldType) && typeof data[f.fieldKey] === 'string')
    .map((f) => data[f.fieldKey] as string)
    .join(' \n ');
}
