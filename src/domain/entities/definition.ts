import { validationError, type ErrorDetail } from '../../errors.js';
import { UNIQUE_CAPABLE, normalizeFieldConfig } from './field-config.js';
import { FIELD_TYPES, IDENTIFIER_PATTERN, type FieldType } from './field-types.js';
import { checkIndexes, normalizeIndexes } from './indexes/index-definition.js';
import type { EntityDefinition, FieldDefinition } from './entity.types.js';

/** Problems found while reading a definition; thrown together as one VALIDATION_ERROR. */
export type Problems = ErrorDetail[];

/** Keys a record has beside its data; a field may not take them. */
export const RESERVED_FIELD_KEYS: ReadonlySet<string> = new Set(['id']);
export const MAX_FIELDS = 200;

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const str = (v: unknown): string | undefined => (typeof v === 'string' ? v.trim() : undefined);
const NAME_RULE = 'lowercase snake_case matching ^[a-z][a-z0-9_]{0,62}$, e.g. "order_items"';

/** "First Name" → "first_name": a key for callers that only gave a display name. */
export function keyFromName(name: string): string {
  const key = name
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '')
    .slice(0, 63);
  return /^[a-z]/.test(key) ? key : `f_${key}`.slice(0, 63);
}

export function checkIdentifier(value: unknown, what: string, path: string, problems: Problems): value is string {
  if (typeof value !== 'string' || !IDENTIFIER_PATTERN.test(value)) {
    problems.push({ field: path, message: `${what} ${JSON.stringify(value ?? null)} is invalid: use ${NAME_RULE}` });
    return false;
  }
  return true;
}

function optionalBoolean(raw: Record<string, unknown>, keys: string[], path: string, problems: Problems): boolean | undefined {
  for (const key of keys) {
    const v = raw[key];
    if (v === undefined || v === null) continue;
    if (typeof v !== 'boolean') problems.push({ field: `${path}.${key}`, message: `${key} must be true or false` });
    return v === true;
  }
  return undefined;
}

/**
 * Reads one field as callers send it (docs/entities.md; `type`, `required`, `unique` are accepted for
 * `fieldType`, `isRequired`, `isUnique`, and a missing `fieldKey` is made from `name`).
 * `base` supplies the current values when updating.
 */
export function normalizeField(raw: unknown, path: string, problems: Problems, base?: FieldDefinition): FieldDefinition | undefined {
  if (!isObject(raw)) {
    problems.push({
      field: path,
      message: 'a field must be an object { name, fieldKey, fieldType, isRequired?, isUnique?, description?, config? }',
    });
    return undefined;
  }
  const before = problems.length;
  const name = str(raw.name) || base?.name;
  let fieldKey = raw.fieldKey ?? base?.fieldKey;
  if (fieldKey === undefined && name) fieldKey = keyFromName(name);
  if (fieldKey === undefined) {
    problems.push({ field: `${path}.fieldKey`, message: `fieldKey is required (${NAME_RULE})` });
  } else if (checkIdentifier(fieldKey, 'fieldKey', `${path}.fieldKey`, problems) && RESERVED_FIELD_KEYS.has(fieldKey)) {
    problems.push({
      field: `${path}.fieldKey`,
      message: `fieldKey "${fieldKey}" is reserved for the record's system field; choose another key`,
    });
  }
  const label = typeof fieldKey === 'string' ? `Field "${fieldKey}"` : 'Field';
  const typeValue = raw.fieldType ?? raw.type ?? base?.fieldType;
  const fieldType = FIELD_TYPES.includes(typeValue as FieldType) ? (typeValue as FieldType) : undefined;
  if (!fieldType) {
    problems.push({
      field: `${path}.fieldType`,
      message: `${label}: ${typeValue === undefined ? 'fieldType is required' : `unknown fieldType ${JSON.stringify(typeValue)}`}; valid types: ${FIELD_TYPES.join(', ')}`,
    });
  }
  if (raw.name !== undefined && (typeof raw.name !== 'string' || raw.name.length > 200)) {
    problems.push({ field: `${path}.name`, message: `${label}: name must be a string of at most 200 characters` });
  }
  if (raw.description !== undefined && raw.description !== null && (typeof raw.description !== 'string' || raw.description.length > 2000)) {
    problems.push({ field: `${path}.description`, message: `${label}: description must be a string of at most 2000 characters` });
  }
  const isRequired = optionalBoolean(raw, ['isRequired', 'required'], path, problems) ?? base?.isRequired ?? false;
  const isUnique = optionalBoolean(raw, ['isUnique', 'unique'], path, problems) ?? base?.isUnique ?? false;
  if (fieldType && isUnique && !UNIQUE_CAPABLE.has(fieldType)) {
    problems.push({
      field: `${path}.isUnique`,
      message: `${label}: a ${fieldType} field cannot be unique; unique fits ${[...UNIQUE_CAPABLE].join(', ')}`,
    });
  }
  let config: Record<string, unknown> = {};
  if (fieldType) {
    const typeChanged = base !== undefined && base.fieldType !== fieldType;
    const rawConfig = raw.config !== undefined ? raw.config : typeChanged ? {} : base?.config;
    if (rawConfig !== undefined && rawConfig !== null && !isObject(rawConfig)) {
      problems.push({ field: `${path}.config`, message: `${label}: config must be an object` });
    } else {
      const result = normalizeFieldConfig(fieldType, rawConfig);
      config = result.config;
      for (const p of result.problems) {
        problems.push({ field: [`${path}.config`, ...p.path].join('.'), message: `${label} (${fieldType}): ${p.message}` });
      }
    }
  }
  if (problems.length > before || !fieldType || typeof fieldKey !== 'string') return undefined;
  return {
    name: name || fieldKey,
    fieldKey,
    fieldType,
    isRequired,
    isUnique,
    description: typeof raw.description === 'string' ? raw.description : (base?.description ?? ''),
    config,
  };
}

/** Field keys unique within the entity; the entity's displayField names one of its fields; indexes name its fields. */
export function checkFieldSet(definition: EntityDefinition, path: string, problems: Problems): void {
  const seen = new Set<string>();
  definition.fields.forEach((f, i) => {
    if (seen.has(f.fieldKey))
      problems.push({
        field: `${path}.fields.${i}.fieldKey`,
        message: `fieldKey "${f.fieldKey}" appears twice; field keys must be unique within an entity`,
      });
    seen.add(f.fieldKey);
  });
  if (definition.fields.length > MAX_FIELDS)
    problems.push({ field: `${path}.fields`, message: `an entity has at most ${MAX_FIELDS} fields` });
  const display = definition.config.displayField;
  if (display !== undefined && !seen.has(display)) {
    problems.push({
      field: `${path}.entity.config.displayField`,
      message: `displayField "${display}" is not a field of this entity; fields: ${[...seen].join(', ') || '(none)'}`,
    });
  }
  checkIndexes(definition, path, problems);
}

/** The definition with `indexes` set, or left out when there are none (definitions without indexes stay as stored). */
export function withIndexes(definition: EntityDefinition, indexes: EntityDefinition['indexes']): EntityDefinition {
  const { indexes: _old, ...rest } = definition;
  return indexes && indexes.length ? { ...rest, indexes } : rest;
}

export interface EntityHeader {
  name: string;
  displayName: string;
  description: string;
  icon: string;
  config: { displayField?: string };
}

/** Reads `definition.entity` (docs/entities.md). */
export function normalizeEntityHeader(raw: unknown, path: string, problems: Problems): EntityHeader | undefined {
  if (!isObject(raw)) {
    problems.push({ field: path, message: 'entity must be an object { name, displayName?, description?, icon? }' });
    return undefined;
  }
  const before = problems.length;
  checkIdentifier(raw.name, 'entity name', `${path}.name`, problems);
  for (const key of ['displayName', 'description', 'icon'] as const) {
    const v = raw[key];
    if (v !== undefined && v !== null && (typeof v !== 'string' || v.length > 2000)) {
      problems.push({ field: `${path}.${key}`, message: `${key} must be a string of at most 2000 characters` });
    }
  }
  const config: { displayField?: string } = {};
  if (raw.config !== undefined && raw.config !== null) {
    if (!isObject(raw.config)) problems.push({ field: `${path}.config`, message: 'entity config must be an object { displayField? }' });
    else {
      const extra = Object.keys(raw.config).filter((k) => k !== 'displayField');
      if (extra.length)
        problems.push({
          field: `${path}.config`,
          message: `unknown entity config key(s) ${extra.join(', ')}; entity config accepts: displayField`,
        });
      if (
        raw.config.displayField !== undefined &&
        checkIdentifier(raw.config.displayField, 'displayField', `${path}.config.displayField`, problems)
      ) {
        config.displayField = raw.config.displayField;
      }
    }
  }
  if (problems.length > before) return undefined;
  const name = raw.name as string;
  return {
    name,
    displayName: str(raw.displayName) || name,
    description: typeof raw.description === 'string' ? raw.description : '',
    icon: str(raw.icon) || 'box',
    config,
  };
}

/** Reads a whole `{ entity, fields }` definition; relation targets are checked by the caller. */
export function normalizeDefinition(
  raw: unknown,
  path: string,
  problems: Problems,
): { name: string; definition: EntityDefinition } | undefined {
  if (!isObject(raw)) {
    problems.push({ field: path, message: 'definition must be an object { entity: { name, ... }, fields: [...], indexes?: [...] }' });
    return undefined;
  }
  const header = normalizeEntityHeader(raw.entity, `${path}.entity`, problems);
  const rawFields = raw.fields ?? [];
  if (!Array.isArray(rawFields)) {
    problems.push({ field: `${path}.fields`, message: 'fields must be an array of field definitions' });
    return undefined;
  }
  const fields = rawFields.map((f, i) => normalizeField(f, `${path}.fields.${i}`, problems));
  const indexes = normalizeIndexes(raw.indexes, `${path}.indexes`, problems);
  if (!header || fields.some((f) => f === undefined) || !indexes) return undefined;
  const { name, ...rest } = header;
  const definition = withIndexes({ ...rest, fields: fields as FieldDefinition[] }, indexes);
  const before = problems.length;
  checkFieldSet(definition, path, problems);
  return problems.length > before ? undefined : { name, definition };
}

/**
 * Relation fields must name an entity of the same tenant (`known`: names that exist or are
 * being created together).
 */
export function checkRelations(definition: EntityDefinition, known: ReadonlySet<string>, path: string, problems: Problems): void {
  definition.fields.forEach((f, i) => {
    if (f.fieldType !== 'relation') return;
    const target = f.config.relatedEntity as string;
    if (!known.has(target)) {
      problems.push({
        field: `${path}.fields.${i}.config.relatedEntity`,
        message: `Field "${f.fieldKey}": related entity "${target}" does not exist in this tenant; existing entities: ${[...known].sort().join(', ') || '(none)'}`,
      });
    }
  });
}

export function throwIfProblems(problems: Problems, summary: string): void {
  if (problems.length === 0) return;
  const first = problems[0]!;
  const more = problems.length > 1 ? ` (and ${problems.length - 1} more problem${problems.length > 2 ? 's' : ''})` : '';
  throw validationError(`${summary}: ${first.field ? `${first.field}: ` : ''}${first.message}${more}`, problems);
}
