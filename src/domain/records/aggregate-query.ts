import { validationError } from '../../errors.js';
import type { EntityDefinition, FieldDefinition } from '../entities/entity.types.js';
import { IDENTIFIER_PATTERN } from '../entities/field-types.js';
import { buildConditionSql, fieldExpression, fieldKind, type ListConditions } from './list-query.js';

export const AGGREGATE_OPS = ['count', 'sum', 'avg', 'min', 'max'] as const;
export type AggregateOp = (typeof AGGREGATE_OPS)[number];

/** What one aggregate asks (docs/records.md, "Aggregates"): an operation, its field, groups, and the list's conditions. */
export interface AggregateQuery extends ListConditions {
  op: AggregateOp;
  /** Required by every op but `count` (which then counts records). */
  field?: string | undefined;
  groupBy?: string | undefined;
  /** Groups answered (already clamped to the cap). */
  limit: number;
  sort: 'key' | 'value';
  order: 'asc' | 'desc';
}

/** The statement of one aggregate: $1 is the tenant, $2 the entity, `params` the rest ($3 on). */
export interface AggregateSql {
  text: string;
  params: unknown[];
  grouped: boolean;
}

/** Timestamp columns min/max accept besides the entity's fields. */
const TIMESTAMPS: Record<string, string> = { createdAt: 'r.created_at', updatedAt: 'r.updated_at' };

const keyLiteral = (key: string) => {
  if (!IDENTIFIER_PATTERN.test(key)) throw new Error(`unsafe field key ${key}`);
  return `'${key}'`;
};

const fieldsOfKind = (definition: EntityDefinition, kinds: readonly string[]) =>
  definition.fields.filter((f) => kinds.includes(fieldKind(f))).map((f) => f.fieldKey);

const listOrNone = (keys: string[]) => (keys.length ? keys.join(', ') : 'none');

function refuse(name: 'field' | 'groupBy', message: string): never {
  throw validationError(`${name}: ${message}`, [{ field: name, message }]);
}

/** The SQL of the aggregated value; every op/field mismatch is a 400 saying what would fit. */
function valueExpression(definition: EntityDefinition, op: AggregateOp, fieldKey: string | undefined): string {
  if (fieldKey === undefined) {
    if (op === 'count') return 'count(*)::int';
    const numbers = fieldsOfKind(definition, ['number']);
    refuse('field', `${op} needs a field (number fields: ${listOrNone(numbers)})`);
  }
  const field = definition.fields.find((f) => f.fieldKey === fieldKey);
  if (!field) {
    if (Object.hasOwn(TIMESTAMPS, fieldKey) && (op === 'min' || op === 'max' || op === 'count')) {
      return op === 'count' ? 'count(*)::int' : `${op}(${TIMESTAMPS[fieldKey]})`;
    }
    const known = definition.fields.map((f) => f.fieldKey);
    refuse('field', `unknown field "${fieldKey}" (fields: ${listOrNone(known)})`);
  }
  return valueOfField(definition, op, field);
}

function valueOfField(definition: EntityDefinition, op: AggregateOp, field: FieldDefinition): string {
  const kind = fieldKind(field);
  if (op === 'count') return `count(nullif(r.data ->> ${keyLiteral(field.fieldKey)}, ''))::int`;
  if (kind === 'number') return `${op}(${fieldExpression(field)})::float8`;
  if ((op === 'min' || op === 'max') && kind === 'date') return `${op}(${fieldExpression(field)})`;
  const numbers = fieldsOfKind(definition, ['number']);
  const fits =
    op === 'min' || op === 'max'
      ? `number and date fields: ${listOrNone([...numbers, ...fieldsOfKind(definition, ['date'])])}, createdAt, updatedAt`
      : `number fields: ${listOrNone(numbers)}`;
  refuse(
    'field',
    `${op} needs a number${op === 'min' || op === 'max' ? ' or date' : ''} field; "${field.fieldKey}" is ${field.fieldType} (${fits})`,
  );
}

/** The group key as JSON (numbers stay numbers, booleans booleans); empty and missing values are one `null` group. */
function groupExpression(definition: EntityDefinition, groupBy: string): string {
  const field = definition.fields.find((f) => f.fieldKey === groupBy);
  const groupable = definition.fields.filter((f) => fieldKind(f) !== 'opaque').map((f) => f.fieldKey);
  if (!field) refuse('groupBy', `unknown field "${groupBy}" (groupable: ${listOrNone(groupable)})`);
  if (fieldKind(field) === 'opaque') {
    refuse('groupBy', `"${groupBy}" is a ${field.fieldType} field, which cannot be grouped (groupable: ${listOrNone(groupable)})`);
  }
  const k = keyLiteral(field.fieldKey);
  return `nullif(nullif(r.data -> ${k}, 'null'::jsonb), '""'::jsonb)`;
}

/**
 * Builds one aggregate statement over a published entity's records. Filters and search are the
 * records list's own (buildConditionSql), so they accept and refuse exactly what the list does.
 * Everything is computed by the database; a grouped answer carries at most `limit` groups and the
 * number of groups there are.
 */
export function buildAggregateSql(definition: EntityDefinition, query: AggregateQuery): AggregateSql {
  const value = valueExpression(definition, query.op, query.field);
  const grouped = query.groupBy !== undefined;
  const key = grouped ? groupExpression(definition, query.groupBy!) : '';
  // Grouped: $3 is the group limit, the conditions follow it.
  const conditions = buildConditionSql(definition, query, grouped ? 4 : 3);
  const from = `from records r where r.tenant_id = $1 and r.entity_id = $2${conditions.where}`;
  if (!grouped) {
    return { text: `select count(*)::int as count, ${value} as value ${from}`, params: conditions.params, grouped };
  }
  const dir = query.order === 'desc' ? 'desc' : 'asc';
  const orderBy = query.sort === 'value' ? `g.value ${dir} nulls last, g.key asc nulls last` : `g.key ${dir} nulls last`;
  const text = `select g.key, g.value, g.count, (count(*) over ())::int as groups
    from (select ${key} as key, ${value} as value, count(*)::int as count ${from} group by 1) g
    order by ${orderBy} limit $3`;
  return { text, params: [query.limit, ...conditions.params], grouped };
}
