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
