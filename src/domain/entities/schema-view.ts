import type { EntityDefinition, FieldDefinition } from './entity.types.js';
import { configKeys } from './field-config.js';
import { FIELD_TYPES, type FieldType } from './field-types.js';

/** How a value of each type is written in `record.data`: the complete list of field types. */
export const FIELD_TYPE_FORMATS: Record<FieldType, string> = {
  text: 'string',
  textarea: 'string (multi-line)',
  email: 'string, an email address',
  url: 'string, a URL',
  phone: 'string, a phone number',
  number: 'number',
  integer: 'number without decimals',
  boolean: 'true or false',
  date: 'string, ISO 8601 date ("2025-01-31")',
  datetime: 'string, ISO 8601 date-time ("2025-01-31T09:30:00Z")',
  select: 'string, one of config.options (the value of an option)',
  relation: 'string, the UUID of a record of config.relatedEntity',
  file: '{ url: string, name?: string, size?: number, mimeType?: string }',
  location: '{ lat: number, lng: number, address?: string, city?: string, country?: string }',
  json: 'any JSON value',
};

export interface StructureHint {
  format: string;
  description: string;
  configOptions: Record<string, string>;
}

/** Hints for the types whose values or config are structured (docs/entities.md, structureHint). */
function structureHint(field: FieldDefinition): StructureHint | undefined {
  switch (field.fieldType) {
    case 'location':
      return {
        format: FIELD_TYPE_FORMATS.location,
        description: 'A place. lat in [-90, 90], lng in [-180, 180].',
        configOptions: {
          displayFormat: '"map" | "text" | "both" (default "both")',
          defaultZoom: 'number 1–20 (default 13)',
          defaultCenter: '{ lat, lng }',
        },
      };
    case 'file':
      return {
        format: FIELD_TYPE_FORMATS.file,
        description: 'A reference to a stored file; upload elsewhere and store its URL.',
        configOptions: { accept: 'array of MIME types or extensions (hint for clients)', maxSize: 'bytes (hint for clients)' },
      };
    case 'select': {
      const values = ((field.config.options as unknown[]) ?? []).map((o) => (typeof o === 'string' ? o : (o as { value: string }).value));
      return {
        format: FIELD_TYPE_FORMATS.select,
        description: `One of: ${values.map((v) => JSON.stringify(v)).join(', ')}`,
        configOptions: { options: 'array of strings or { value, label }' },
      };
    }
    case 'relation':
      return {
        format: FIELD_TYPE_FORMATS.relation,
        description: `Links to a record of "${String(field.config.relatedEntity)}"; resolve=true expands it to { id, data }.`,
        configOptions: { relatedEntity: 'entity name', displayField: 'field key of the related entity shown as its label' },
      };
    default:
      return undefined;
  }
}

export const fieldView = (f: FieldDefinition) => {
  const hint = structureHint(f);
  return {
    name: f.name,
    fieldKey: f.fieldKey,
    type: f.fieldType,
    required: f.isRequired,
    unique: f.isUnique,
    isSystem: false,
    description: f.description,
    config: f.config,
    ...(hint ? { structureHint: hint } : {}),
  };
};

/** Fields every record has beside its data; filterable and sortable by these keys. */
const SYSTEM_FIELDS = [
  {
    name: 'ID',
    fieldKey: 'id',
    type: 'text',
    required: true,
    unique: true,
    isSystem: true,
    description: 'Record UUID (record.id)',
    config: {},
  },
  {
    name: 'Created at',
    fieldKey: 'createdAt',
    type: 'datetime',
    required: true,
    unique: false,
    isSystem: true,
    description: 'record.createdAt',
    config: {},
  },
  {
    name: 'Updated at',
    fieldKey: 'updatedAt',
    type: 'datetime',
    required: true,
    unique: false,
    isSystem: true,
    description: 'record.updatedAt',
    config: {},
  },
];

export function schemaFields(definition: EntityDefinition) {
  return [...definition.fields.map(fieldView), ...SYSTEM_FIELDS];
}

/** The type list as shown in schema answers: each type with its value format and config keys. */
export const FIELD_TYPE_LIST = FIELD_TYPES.map((type) => ({ type, value: FIELD_TYPE_FORMATS[type], config: configKeys(type) }));

/** Key-order-independent JSON, to compare definitions. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

export const sameJson = (a: unknown, b: unknown) => canonicalJson(a) === canonicalJson(b);
