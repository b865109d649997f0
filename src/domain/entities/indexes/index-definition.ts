import type { ErrorDetail } from '../../../errors.js';
import type { EntityDefinition, FieldDefinition, IndexDefinition } from '../entity.types.js';
import { FIELD_TYPES, IDENTIFIER_PATTERN, VALUE_KIND, type FieldType, type ValueKind } from '../field-types.js';

/** The budget of declared indexes (docs/entities.md, "Indexes"); relation fields' own indexes are extra. */
export const MAX_INDEXES = 5;
/**
 * Index slots of an entity (migration 024): the keys of each built index live in one slot of the
 * records' own rows. The declared indexes take the first; relation fields' own indexes the rest.
 */
export const INDEX_SLOTS = 8;

export const MAX_INDEX_FIELDS = 3;

/**
 * The key columns of a slot, as SQL (a slot is an integer from entity_indexes, checked here: it
 * becomes part of column names).
 */
export function slotColumns(slot: number): { t: (position: number) => string; f: (position: number) => string } {
  if (!Number.isInteger(slot) || slot < 1 || slot > INDEX_SLOTS) throw new Error(`index slot ${slot} is out of range`);
  return { t: (position) => `ix${slot}_k${position}t`, f: (position) => `ix${slot}_k${position}f` };
}

/** Every key column of every slot: derived from the records' data, never backed up. */
export const INDEX_SLOT_COLUMNS: readonly string[] = Array.from({ length: INDEX_SLOTS }, (_, i) => {
  const { t, f } = slotColumns(i + 1);
  return [1, 2, 3].flatMap((p) => [t(p), f(p)]);
}).flat();

/** How a field's values are ordered in an index entry; null: the type cannot be indexed. */
export type IndexKind = Exclude<ValueKind, 'opaque'>;
/** The records API's ordering of the type (`VALUE_KIND`), which an index must follow; null for opaque types. */
export const indexKindOf = (type: FieldType): IndexKind | null => {
  const kind = VALUE_KIND[type];
  return kind === 'opaque' ? null : kind;
};
export const INDEXABLE_TYPES = FIELD_TYPES.filter((t) => indexKindOf(t) !== null);

/** An index as built: declared, or made for a relation field; with its fields' kinds. */
export interface EffectiveIndex {
  name: string;
  fields: string[];
  kinds: IndexKind[];
  automatic: boolean;
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const SHAPE = 'an index is { fields: ["field_key", ...], name? }';

/**
 * Reads `indexes` as callers send it: `[{ fields: [...], name? }]`; a name defaults to the field
 * keys joined by "_". Field existence and types are checked against the fields by `checkIndexes`.
 */
export function normalizeIndexes(raw: unknown, path: string, problems: ErrorDetail[]): IndexDefinition[] | undefined {
  if (raw === undefined || raw === null) return [];
  if (!Array.isArray(raw)) {
    problems.push({ field: path, message: `indexes must be an array; ${SHAPE}` });
    return undefined;
  }
  const before = problems.length;
  const out: IndexDefinition[] = [];
  raw.forEach((item, i) => {
    const at = `${path}.${i}`;
    if (!isObject(item)) {
      problems.push({ field: at, message: SHAPE });
      return;
    }
    const extra = Object.keys(item).filter((k) => k !== 'fields' && k !== 'name');
    if (extra.length) problems.push({ field: at, message: `unknown key(s) ${extra.join(', ')}; ${SHAPE}` });
    const fields = item.fields;
    if (!Array.isArray(fields) || fields.length === 0 || fields.some((f) => typeof f !== 'string' || !IDENTIFIER_PATTERN.test(f))) {
      problems.push({ field: `${at}.fields`, message: `fields must be a non-empty array of field keys; ${SHAPE}` });
      return;
    }
    const keys = fields as string[];
    const name = item.name ?? keys.join('_').slice(0, 63);
    if (typeof name !== 'string' || !IDENTIFIER_PATTERN.test(name)) {
      problems.push({
        field: `${at}.name`,
        message: `index name ${JSON.stringify(name)} is invalid: use lowercase snake_case matching ^[a-z][a-z0-9_]{0,62}$`,
      });
      return;
    }
    out.push({ name, fields: keys });
  });
  return problems.length > before ? undefined : out;
}

/**
 * The declared indexes against the entity's fields: each field exists and has an indexable type,
 * appears once per index; names and field lists are unique; the budget holds. Problems name the
 * index and the field.
 */
export function checkIndexes(definition: EntityDefinition, path: string, problems: ErrorDetail[]): void {
  const indexes = definition.indexes ?? [];
  const fields = new Map(definition.fields.map((f) => [f.fieldKey, f]));
  if (indexes.length > MAX_INDEXES) {
    problems.push({
      field: `${path}.indexes`,
      message: `an entity declares at most ${MAX_INDEXES} indexes (relation fields are indexed on their own); it has ${indexes.length}`,
    });
  }
  const names = new Set<string>();
  const lists = new Map<string, string>();
  indexes.forEach((index, i) => {
    const at = `${path}.indexes.${i}`;
    const label = `Index "${index.name}"`;
    if (names.has(index.name))
      problems.push({ field: `${at}.name`, message: `${label} is declared twice; index names are unique per entity` });
    names.add(index.name);
    const list = index.fields.join(',');
    if (lists.has(list)) {
      problems.push({ field: `${at}.fields`, message: `${label} has the same fields as index "${lists.get(list)}"` });
    } else lists.set(list, index.name);
    if (index.fields.length > MAX_INDEX_FIELDS) {
      problems.push({ field: `${at}.fields`, message: `${label}: an index has at most ${MAX_INDEX_FIELDS} fields` });
    }
    const seen = new Set<string>();
    index.fields.forEach((key, j) => {
      const field = fields.get(key);
      const fieldAt = `${at}.fields.${j}`;
      if (seen.has(key)) problems.push({ field: fieldAt, message: `${label}: field "${key}" appears twice` });
      seen.add(key);
      if (!field) {
        problems.push({
          field: fieldAt,
          message: `${label}: "${key}" is not a field of this entity; fields: ${[...fields.keys()].join(', ') || '(none)'}`,
        });
      } else if (!indexKindOf(field.fieldType)) {
        problems.push({
          field: fieldAt,
          message: `${label}: field "${key}" is a ${field.fieldType} field, which cannot be indexed; indexable types: ${INDEXABLE_TYPES.join(', ')}`,
        });
      }
    });
  });
}

/**
 * The indexes an entity version builds: its declared ones, then one per relation field that no
 * declared index leads with (relation fields are indexed automatically, named after the field),
 * in field order while slots remain: at most INDEX_SLOTS in all.
 */
export function effectiveIndexes(definition: EntityDefinition): EffectiveIndex[] {
  const fields = new Map(definition.fields.map((f) => [f.fieldKey, f]));
  const kindOf = (k: string) => {
    const field: FieldDefinition | undefined = fields.get(k);
    return field ? indexKindOf(field.fieldType) : null;
  };
  // A stored definition was checked when written; an index it could not build is left out, not guessed.
  const declared = (definition.indexes ?? []).flatMap((i) => {
    const kinds = i.fields.map(kindOf);
    return kinds.every((k): k is IndexKind => k !== null) ? [{ name: i.name, fields: i.fields, kinds, automatic: false }] : [];
  });
  const names = new Set(declared.map((i) => i.name));
  const leading = new Set(declared.map((i) => i.fields[0]));
  const automatic = definition.fields
    .filter((f) => f.fieldType === 'relation' && !leading.has(f.fieldKey) && !names.has(f.fieldKey))
    .map((f) => ({ name: f.fieldKey, fields: [f.fieldKey], kinds: ['text' as const], automatic: true }));
  return [...declared, ...automatic].slice(0, INDEX_SLOTS);
}

/** Two builds of an index are the same when its fields and their kinds are. */
export const sameBuild = (a: { fields: string[]; kinds: string[] }, b: { fields: string[]; kinds: string[] }) =>
  a.fields.join(',') === b.fields.join(',') && a.kinds.join(',') === b.kinds.join(',');
