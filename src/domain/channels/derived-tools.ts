import type { ChannelPermission } from '../access/principal.js';
import type { FieldDefinition, PublishedEntity } from '../entities/entity.types.js';
import type { FieldType } from '../entities/field-types.js';
import { relatedEntityOf, selectOptions } from '../records/field-values.js';
import { MAX_CURSOR_LENGTH, MAX_PAGE_SIZE } from '../records/list-limits.js';
import { COUNT_MODES } from '../records/list-query.js';
import type { ChannelTool, ToolAccess } from './channel.types.js';
import { definitionHash } from './definition-hash.js';
import { sanitizeForeignText, TEXT_LIMITS } from './sanitize.js';
import type { ParamSchema } from './tool-schema.js';

/** The tools each permitted entity yields: `list_`/`get_` always, `create_`/`update_` with readwrite. */
export const DERIVED_VERBS = ['list', 'get', 'create', 'update'] as const;
export type DerivedVerb = (typeof DERIVED_VERBS)[number];

const ACCESS: Record<DerivedVerb, ToolAccess> = { list: 'read', get: 'read', create: 'write', update: 'write' };

/** Field types a derived tool takes as arguments; file, location and json fields are not lent as arguments. */
const SCALAR: Partial<Record<FieldType, (f: FieldDefinition) => ParamSchema>> = {
  text: () => ({ type: 'string', maxLength: 2000 }),
  textarea: () => ({ type: 'string', maxLength: 10_000 }),
  email: () => ({ type: 'string', maxLength: 320 }),
  url: () => ({ type: 'string', maxLength: 2000 }),
  phone: () => ({ type: 'string', maxLength: 50 }),
  number: () => ({ type: 'number' }),
  integer: () => ({ type: 'integer' }),
  boolean: () => ({ type: 'boolean' }),
  date: () => ({ type: 'string', maxLength: 10, description: 'YYYY-MM-DD' }),
  datetime: () => ({ type: 'string', maxLength: 40, description: 'ISO 8601' }),
  select: (f) => {
    const options = selectOptions(f);
    return options.length ? { type: 'string', enum: options } : { type: 'string', maxLength: 200 };
  },
  relation: () => ({ type: 'string', maxLength: 36, description: 'record id (UUID)' }),
};

/**
 * The fields of `entity` a channel lends as arguments: scalar types, and relations only when their
 * target entity is in the grant too (an id of an ungranted entity would probe it).
 */
export function lentFields(entity: PublishedEntity, grant: Readonly<Record<string, ChannelPermission>>): FieldDefinition[] {
  return entity.definition.fields.filter((f) => {
    if (!SCALAR[f.fieldType]) return false;
    if (f.fieldType !== 'relation') return true;
    const target = relatedEntityOf(f);
    return target !== undefined && Object.hasOwn(grant, target);
  });
}

/** Relation targets of `entity` outside the grant: `resolve` would reach them. */
export function ungrantedRelationTargets(entity: PublishedEntity, grant: Readonly<Record<string, ChannelPermission>>): string[] {
  return entity.definition.fields
    .filter((f) => f.fieldType === 'relation')
    .map((f) => relatedEntityOf(f) ?? '?')
    .filter((target) => !Object.hasOwn(grant, target));
}

const objectOf = (properties: Record<string, ParamSchema>, required: string[] = []): ParamSchema => ({
  type: 'object',
  properties,
  ...(required.length ? { required } : {}),
  additionalProperties: false,
});

const id: ParamSchema = { type: 'string', maxLength: 100, description: 'record id' };
const resolve: ParamSchema = { type: 'boolean', description: 'expand relations' };

function paramsOf(verb: DerivedVerb, fields: FieldDefinition[]): ParamSchema {
  const values = Object.fromEntries(fields.map((f) => [f.fieldKey, SCALAR[f.fieldType]!(f)]));
  switch (verb) {
    case 'list':
      return objectOf({
        filter: { ...objectOf(values), description: 'equality by field' },
        search: { type: 'string', maxLength: 200 },
        orderBy: { type: 'string', enum: [...fields.map((f) => f.fieldKey), 'createdAt', 'updatedAt'] },
        orderDir: { type: 'string', enum: ['asc', 'desc'] },
        page: { type: 'integer', minimum: 1 },
        limit: { type: 'integer', minimum: 1, maximum: MAX_PAGE_SIZE },
        after: { type: 'string', maxLength: MAX_CURSOR_LENGTH, description: 'nextCursor of the previous page (not with page)' },
        count: { type: 'string', enum: [...COUNT_MODES] },
        resolve,
      });
    case 'get':
      return objectOf({ id, resolve }, ['id']);
    case 'create': {
      const required = fields.filter((f) => f.isRequired).map((f) => f.fieldKey);
      return objectOf({ data: objectOf(values, required) }, ['data']);
    }
    case 'update':
      return objectOf({ id, data: objectOf(values) }, ['id', 'data']);
  }
}

function describe(verb: DerivedVerb, label: string): string {
  switch (verb) {
    case 'list':
      return `Lists ${label} records: { data, total, totalExact, page, limit, totalPages, nextCursor }.`;
    case 'get':
      return `One ${label} record by id.`;
    case 'create':
      return `Creates a ${label} record from data.`;
    case 'update':
      return `Changes fields of a ${label} record.`;
  }
}

export interface DerivedTool extends ChannelTool {
  kind: 'derived';
  verb: DerivedVerb;
  schema: ParamSchema;
}

/** The tool `verb` yields for `entity`, whose definition is `entity`'s published version. */
export function derivedTool(verb: DerivedVerb, entity: PublishedEntity, grant: Readonly<Record<string, ChannelPermission>>): DerivedTool {
  const name = `${verb}_${entity.name}`;
  const label = sanitizeForeignText(entity.definition.displayName || entity.name, TEXT_LIMITS.name);
  const description = describe(verb, label);
  const schema = paramsOf(verb, lentFields(entity, grant));
  const access = ACCESS[verb];
  return {
    name,
    description,
    kind: 'derived',
    verb,
    entity: entity.name,
    access,
    version: entity.version,
    definitionHash: definitionHash({ name, description, kind: 'derived', entity: entity.name, access, params: schema }),
    params: schema as unknown as Record<string, unknown>,
    schema,
  };
}

/** The verbs a permission yields. */
export const verbsOf = (permission: ChannelPermission): DerivedVerb[] =>
  permission === 'readwrite' ? ['list', 'get', 'create', 'update'] : ['list', 'get'];

/** `list_orders` → { verb: 'list', entity: 'orders' }, or null for a name no entity yields. */
export function parseDerivedName(name: string): { verb: DerivedVerb; entity: string } | null {
  const match = /^(list|get|create|update)_([a-z][a-z0-9_]{0,62})$/.exec(name);
  return match ? { verb: match[1] as DerivedVerb, entity: match[2]! } : null;
}
