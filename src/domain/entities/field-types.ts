/**
 * Every field type a definition may use. The entities feature validates each type's `config`;
 * the records feature validates each type's values. Both key their tables by this list, so the
 * type checker reports a type one of them forgot.
 */
export const FIELD_TYPES = [
  'text',
  'textarea',
  'email',
  'url',
  'phone',
  'number',
  'integer',
  'boolean',
  'date',
  'datetime',
  'select',
  'relation',
  'file',
  'location',
  'json',
] as const;
export type FieldType = (typeof FIELD_TYPES)[number];

/** Name and field-key pattern of docs/entities.md. */
export const IDENTIFIER_PATTERN = /^[a-z][a-z0-9_]{0,62}$/;

/**
 * How a type's values compare and sort: `opaque` values do neither. The records API sorts and
 * filters by it, and a declared index orders its entries by it — one table, so the two cannot
 * disagree (an indexed list must answer exactly as the unindexed one).
 */
export type ValueKind = 'text' | 'number' | 'date' | 'boolean' | 'opaque';
export const VALUE_KIND: Record<FieldType, ValueKind> = {
  text: 'text',
  textarea: 'text',
  email: 'text',
  url: 'text',
  phone: 'text',
  select: 'text',
  relation: 'text',
  number: 'number',
  integer: 'number',
  date: 'date',
  datetime: 'date',
  boolean: 'boolean',
  file: 'opaque',
  location: 'opaque',
  json: 'opaque',
};
