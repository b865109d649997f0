import { validationError } from '../../errors.js';
import type { EntityDefinition, FieldDefinition } from '../entities/entity.types.js';
import { IDENTIFIER_PATTERN, VALUE_KIND, type ValueKind } from '../entities/field-types.js';
import { normalizeDate, toNumber, UUID_PATTERN } from './field-values.js';
import { MAX_IN_VALUES } from './list-limits.js';

export const FILTER_OPS = ['eq', 'ne', 'gt', 'gte', 'lt', 'lte', 'in', 'contains', 'startsWith', 'isNull'] as const;
export type FilterOp = (typeof FILTER_OPS)[number];

export interface FilterClause {
  field: string;
  op: FilterOp;
  value: string;
}

/** How a list counts its `total` (docs/records.md, "Totals"). */
export const COUNT_MODES = ['exact', 'estimated', 'none'] as const;
export type CountMode = (typeof COUNT_MODES)[number];

export interface ListQuery {
  page: number;
  limit: number;
  sort?: string | undefined;
  order: 'asc' | 'desc';
  search?: string | undefined;
  filters: FilterClause[];
  /** Default `estimated`. */
  count?: CountMode | undefined;
  /** An opaque cursor (a previous answer's `nextCursor`): the page after it, instead of `page`. */
  after?: string | undefined;
}

export const SYSTEM_KEYS = { id: 'r.id', createdAt: 'r.created_at', updatedAt: 'r.updated_at' } as const;
type SystemKey = keyof typeof SYSTEM_KEYS;
const isSystemKey = (k: string): k is SystemKey => Object.hasOwn(SYSTEM_KEYS, k);

export type Kind = ValueKind;
const KIND = VALUE_KIND;

const OPS_BY_KIND: Record<Kind | 'id' | 'timestamp', readonly FilterOp[]> = {
  text: FILTER_OPS,
  number: ['eq', 'ne', 'gt', 'gte', 'lt', 'lte', 'in', 'isNull'],
  date: ['eq', 'ne', 'gt', 'gte', 'lt', 'lte', 'in', 'isNull'],
  boolean: ['eq', 'ne', 'isNull'],
  opaque: ['isNull'],
  id: ['eq', 'ne', 'in'],
  timestamp: ['eq', 'ne', 'gt', 'gte', 'lt', 'lte'],
};

/** The filter operators a field accepts (system keys: `id`, `createdAt`, `updatedAt`). */
export function filterOperatorsFor(field: FieldDefinition | keyof typeof SYSTEM_KEYS): readonly FilterOp[] {
  if (typeof field === 'string') return OPS_BY_KIND[field === 'id' ? 'id' : 'timestamp'];
  return OPS_BY_KIND[KIND[field.fieldType]];
}

const COMPARE: Partial<Record<FilterOp, string>> = { gt: '>', gte: '>=', lt: '<', lte: '<=' };

/**
 * SQL of one list: where its candidate rows come from, the WHERE clause (after tenant and entity),
 * ORDER BY, and its parameters. `from` must expose the records as `r` (and may join more, with
 * tenant_ids equated); record-list.ts uses it for the page and the count alike.
 */
export interface ListSql {
  from: string;
  where: string;
  orderBy: string;
  params: unknown[];
  sort: SortKey;
}

/**
 * What a list is sorted by: the API name (`createdAt` by default), its SQL expression, and the kind
 * of value, which decides how a cursor's value is rendered and compared (list-cursor.ts).
 */
export interface SortKey {
  name: string;
  expression: string;
  kind: Kind | 'id' | 'timestamp';
}

const literal = (key: string) => {
  if (!IDENTIFIER_PATTERN.test(key)) throw new Error(`unsafe field key ${key}`);
  return `'${key}'`;
};

/** The typed SQL expression of a field: numbers numerically, dates chronologically, text by collation. */
export function fieldExpression(field: FieldDefinition): string {
  const k = literal(field.fieldKey);
  switch (KIND[field.fieldType]) {
    case 'number':
      return `(case when jsonb_typeof(r.data -> ${k}) = 'number' then (r.data ->> ${k})::numeric end)`;
    case 'boolean':
      return `(case when jsonb_typeof(r.data -> ${k}) = 'boolean' then (r.data ->> ${k})::boolean end)`;
    // Stored dates are normalised ISO 8601 (see field-values.ts): byte order is time order.
    case 'date':
      return `(nullif(r.data ->> ${k}, '') collate "C")`;
    default:
      return `nullif(r.data ->> ${k}, '')`;
  }
}

const likeEscape = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/** The conditions of a list: its filters and text search (the aggregate query shares them). */
export type ListConditions = Pick<ListQuery, 'filters' | 'search'>;

/** SQL of a list's conditions: ` and …` clauses after tenant and entity, and their parameters. */
export interface ConditionSql {
  where: string;
  params: unknown[];
}

/** The kind of value a field holds, as filters, sort and aggregates treat it. */
export function fieldKind(field: FieldDefinition): Kind {
  return KIND[field.fieldType];
}

/** The names a filter or sort may use, for messages. */
export const filterableKeys = (definition: EntityDefinition) => [...Object.keys(SYSTEM_KEYS), ...definition.fields.map((f) => f.fieldKey)];

/**
 * Builds the WHERE conditions of a list (filters and search); every unknown field, operator or bad
 * value is a 400 naming it. Parameters are numbered from `firstParam`.
 */
export function buildConditionSql(definition: EntityDefinition, query: ListConditions, firstParam: number): ConditionSql {
  const params: unknown[] = [];
  const p = (value: unknown) => {
    params.push(value);
    return `$${firstParam + params.length - 1}`;
  };
  const fields = new Map(definition.fields.map((f) => [f.fieldKey, f]));
  const known = () => filterableKeys(definition).join(', ');
  const conditions: string[] = [];

  for (const clause of query.filters) {
    const name = `filter.${clause.field}${clause.op === 'eq' ? '' : `.${clause.op}`}`;
    const bad = (message: string) => validationError(`${name}: ${message}`, [{ field: name, message }]);
    const field = fields.get(clause.field);
    if (!field && !isSystemKey(clause.field)) throw bad(`unknown field "${clause.field}" (filterable: ${known()})`);
    const kind = field ? KIND[field.fieldType] : clause.field === 'id' ? 'id' : 'timestamp';
    if (!OPS_BY_KIND[kind].includes(clause.op)) {
      throw bad(`operator "${clause.op}" is not available for this field (use: ${OPS_BY_KIND[kind].join(', ')})`);
    }
    const typed = (raw: string): unknown => {
      const v = raw.trim();
      switch (kind) {
        case 'number': {
          const n = toNumber(v);
          if (n === undefined) throw bad(`"${raw}" is not a number`);
          return n;
        }
        case 'boolean':
          if (v !== 'true' && v !== 'false') throw bad('must be true or false');
          return v === 'true';
        case 'date': {
          const d = normalizeDate(v, field?.fieldType === 'date');
          if (d === undefined) throw bad(`"${raw}" is not an ISO 8601 date`);
          return d;
        }
        case 'timestamp': {
          const d = normalizeDate(v, false);
          if (d === undefined) throw bad(`"${raw}" is not an ISO 8601 date`);
          return d;
        }
        case 'id':
          if (!UUID_PATTERN.test(v)) throw bad(`"${raw}" is not a UUID`);
          return v.toLowerCase();
        default:
          if (field?.fieldType === 'relation' && !UUID_PATTERN.test(v)) throw bad(`"${raw}" is not a UUID`);
          return field?.fieldType === 'relation' ? v.toLowerCase() : raw;
      }
    };

    if (clause.op === 'isNull') {
      if (clause.value !== 'true' && clause.value !== 'false') throw bad('must be true or false');
      const empty = `coalesce(r.data ->> ${literal(field!.fieldKey)}, '') = ''`;
      conditions.push(clause.value === 'true' ? empty : `not (${empty})`);
      continue;
    }
    if (!field) {
      const column = SYSTEM_KEYS[clause.field as SystemKey];
      const cast = kind === 'id' ? 'uuid' : 'timestamptz';
      if (clause.op === 'in') {
        const values = splitList(clause.value, bad).map(typed);
        conditions.push(`${column} = any(${p(values)}::${cast}[])`);
      } else {
        const operator = clause.op === 'eq' ? '=' : clause.op === 'ne' ? '<>' : COMPARE[clause.op]!;
        conditions.push(`${column} ${operator} ${p(typed(clause.value))}::${cast}`);
      }
      continue;
    }
    const key = field.fieldKey;
    switch (clause.op) {
      case 'eq':
        conditions.push(`r.data @> ${p(JSON.stringify({ [key]: typed(clause.value) }))}::text::jsonb`);
        break;
      case 'ne':
        // A record without the field is "not equal" too (docs/records.md).
        conditions.push(`not (r.data @> ${p(JSON.stringify({ [key]: typed(clause.value) }))}::text::jsonb)`);
        break;
      case 'in': {
        const values = splitList(clause.value, bad).map(typed);
        conditions.push(`(${values.map((v) => `r.data @> ${p(JSON.stringify({ [key]: v }))}::text::jsonb`).join(' or ')})`);
        break;
      }
      case 'contains':
        conditions.push(`r.data ->> ${literal(key)} ilike ${p(`%${likeEscape(clause.value)}%`)}`);
        break;
      case 'startsWith':
        conditions.push(`r.data ->> ${literal(key)} ilike ${p(`${likeEscape(clause.value)}%`)}`);
        break;
      default: {
        const cast = kind === 'number' ? '::numeric' : kind === 'date' ? '::text collate "C"' : '::text';
        conditions.push(`${fieldExpression(field)} ${COMPARE[clause.op]!} ${p(typed(clause.value))}${cast}`);
      }
    }
  }

  if (query.search !== undefined && query.search.trim() !== '') {
    conditions.push(`r.search_text like ('%' || tb_search_norm(${p(likeEscape(query.search.trim()))}) || '%')`);
  }
  return { where: conditions.map((c) => ` and ${c}`).join(''), params };
}

/** The sort of a list; an unknown key is a 400 naming `sort`. */
export function sortKeyOf(definition: EntityDefinition, sort: string | undefined): SortKey {
  if (sort === undefined) return { name: 'createdAt', expression: SYSTEM_KEYS.createdAt, kind: 'timestamp' };
  const field = definition.fields.find((f) => f.fieldKey === sort);
  if (field) return { name: sort, expression: fieldExpression(field), kind: KIND[field.fieldType] };
  if (isSystemKey(sort)) return { name: sort, expression: SYSTEM_KEYS[sort], kind: sort === 'id' ? 'id' : 'timestamp' };
  throw validationError(`sort: unknown field "${sort}" (sortable: ${filterableKeys(definition).join(', ')})`, [
    { field: 'sort', message: `unknown field "${sort}"` },
  ]);
}

/** Builds the SQL of a list query: its conditions (buildConditionSql), then ORDER BY; a bad sort is a 400. */
export function buildListSql(definition: EntityDefinition, query: ListQuery, firstParam: number): ListSql {
  const { where, params } = buildConditionSql(definition, query, firstParam);
  const sort = sortKeyOf(definition, query.sort);
  const dir = query.order === 'desc' ? 'desc' : 'asc';
  // System columns are never null: plain order keeps the (tenant, entity, created_at, id) index usable.
  const orderBy =
    sort.kind === 'id' ? `r.id ${dir}` : `${sort.expression} ${dir}${sort.kind === 'timestamp' ? '' : ' nulls last'}, r.id ${dir}`;
  return { from: 'records r', where, orderBy, params, sort };
}

/**
 * The sort value of a row as text, for the cursor of the page after it: timestamps as microseconds
 * since the epoch (exact, unlike a JavaScript Date), numbers, booleans and text as PostgreSQL
 * renders them. Null for `sort=id` (the id is the position).
 */
export function sortValueSql(sort: SortKey): string {
  if (sort.kind === 'id') return 'null::text';
  if (sort.kind === 'timestamp') return `(extract(epoch from ${sort.expression}) * 1000000)::bigint::text`;
  return `(${sort.expression})::text`;
}

/**
 * The keyset condition of the page after a position: rows after (value, id) in the list's order,
 * empty values last in both orders, ties broken by id. Parameters are added through `p`. A system
 * sort is a row comparison, which the (tenant, entity, created_at|updated_at, id) index answers.
 */
export function keysetSql(sort: SortKey, order: 'asc' | 'desc', value: string | null, id: string, p: (v: unknown) => string): string {
  const after = order === 'desc' ? '<' : '>';
  const idParam = `${p(id)}::uuid`;
  if (sort.kind === 'id') return ` and r.id ${after} ${idParam}`;
  if (sort.kind === 'timestamp') {
    return ` and (${sort.expression}, r.id) ${after} (timestamptz 'epoch' + ${p(value)}::text::bigint * interval '1 microsecond', ${idParam})`;
  }
  const e = sort.expression;
  if (value === null) return ` and (${e} is null and r.id ${after} ${idParam})`;
  const cast =
    sort.kind === 'number'
      ? '::text::numeric'
      : sort.kind === 'boolean'
        ? '::text::boolean'
        : sort.kind === 'date'
          ? '::text collate "C"'
          : '::text';
  const v = `${p(value)}${cast}`;
  return ` and (${e} ${after} ${v} or (${e} = ${v} and r.id ${after} ${idParam}) or ${e} is null)`;
}

function splitList(value: string, bad: (m: string) => Error): string[] {
  const values = value
    .split(',')
    .map((v) => v.trim())
    .filter((v) => v !== '');
  if (values.length === 0) throw bad('needs a comma-separated list of values');
  if (values.length > MAX_IN_VALUES) throw bad(`at most ${MAX_IN_VALUES} values`);
  return values;
}
