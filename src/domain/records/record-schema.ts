import type { TenantTx } from '../../db/with-tenant.js';
import { validationError, type ErrorDetail } from '../../errors.js';
import { findPublishedEntityCached, type PublishedEntityCache } from '../entities/published-entity.cache.js';
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
 * A relation value to verify: record `id` must exist in this tenant and belong to entity `entityId`
 * — any entity when null; none when undefined (the target entity is unknown or unpublished).
 */
export interface RelationCheck {
  field: string;
  id: string;
  target: string | undefined;
  entityId: string | null | undefined;
}

/** The relation values of a record, each with the entity it must belong to. */
export async function planRelationChecks(
  tx: TenantTx,
  entities: PublishedEntityCache,
  definition: EntityDefinition,
  data: Record<string, unknown>,
): Promise<RelationCheck[]> {
  const wanted = definition.fields
    .filter((f) => f.fieldType === 'relation' && typeof data[f.fieldKey] === 'string')
    .map((f) => ({ field: f.fieldKey, id: data[f.fieldKey] as string, target: relatedEntityOf(f) }));
  if (wanted.length === 0) return [];
  const targetNames = [...new Set(wanted.flatMap((w) => (w.target ? [w.target] : [])))];
  const targets = await Promise.all(targetNames.map((name) => findPublishedEntityCached(tx, entities, name)));
  const targetIds = new Map(targetNames.map((name, i) => [name, targets[i] && 'id' in targets[i] ? targets[i].id : undefined]));
  return wanted.map((w) => ({ ...w, entityId: w.target === undefined ? null : targetIds.get(w.target) }));
}

/** VALIDATION_ERROR naming each failed relation field. */
export function relationError(failed: readonly RelationCheck[]) {
  return recordValidationError(failed.map((w) => ({ field: w.field, message: `no ${w.target ?? 'related'} record has id ${w.id}` })));
}

/**
 * Every relation value must name an existing record of its target entity in this tenant: one
 * query for the whole record, whatever the number of relation fields. (A save without rule
 * validation lets its write statement carry this check instead: see save-pipeline.ts.)
 */
export async function checkRelations(tx: TenantTx, checks: readonly RelationCheck[]): Promise<void> {
  if (checks.length === 0) return;
  const rows = await tx.query<{ id: string; entity_id: string }>(
    'select id, entity_id from records where tenant_id = $1 and id = any($2::uuid[])',
    [tx.tenantId, checks.map((w) => w.id)],
  );
  const found = new Map(rows.map((r) => [r.id, r.entity_id]));
  const failed = checks.filter((w) => found.get(w.id) === undefined || (w.entityId !== null && found.get(w.id) !== w.entityId));
  if (failed.length) throw relationError(failed);
}

/** `name` of a record: the entity's displayField, else its first text field, else '' (docs/records.md). */
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
