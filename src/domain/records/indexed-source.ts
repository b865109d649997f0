import type { BuiltIndex, FieldDefinition, PublishedEntity } from '../entities/entity.types.js';
import { slotColumns } from '../entities/indexes/index-definition.js';
import { normalizeDate, toNumber, UUID_PATTERN } from './field-values.js';
import { firstCharacters } from './index-keys.js';
import type { FilterClause, ListQuery } from './list-query.js';
import { RECORD_COLUMNS } from './record.repository.js';

/**
 * Whether a ready declared index answers a list, and the SQL that reads its page through the
 * index's slot (docs/records.md, "Lists that use an index"). An index [f1, …, fn] answers a list
 * sorted by fn when each of f1 … fn-1 has an `eq` or an `in` filter (fn may also have range
 * filters): the records of each combination of leading values are then read in order from the
 * slot's btree on records (tenant, entity, k1t, k1f, …, id), and the few rows read merged, never
 * sorting the matching rows. Empty values are a second segment, read after the others in both
 * orders. The list's own conditions are checked on every record read, so the index only has to be
 * a superset of the answer; the page is the one the unindexed query gives, row for row.
 */

/**
 * Combinations of leading key values one list may read through an index (each is one ordered read
 * of at most limit + offset entries, twice with empty sort values); more take the unindexed path.
 */
export const MAX_INDEX_READS = 20;

/** One index's way of answering a list. */
export interface IndexedPlan {
  index: BuiltIndex;
  /**
   * Key values of the leading positions (text, or a number for the float8 half), by position
   * (0-based): one for an `eq`, the distinct keys of an `in`.
   */
  equal: unknown[][];
  /** Range conditions on the sort key: float8 for numbers, booleans and dates, text for text kinds. */
  ranges: Array<{ op: '>' | '>=' | '<' | '<='; value: number | string }>;
  /** Whether records whose sort value is empty can be in the answer (no range on the sort field). */
  withEmpty: boolean;
  /**
   * The filters the index conditions decide exactly: the list need not check them again on the
   * records (which would also make the planner misjudge how many entries a page reads).
   */
  consumed: FilterClause[];
}

/** A stored date's key: epoch ms, a date-only value half a millisecond before its midnight (migration 017, tb_index_date_key). */
const dateKey = (d: string) => (d.length === 10 ? Date.parse(`${d}T00:00:00Z`) - 0.5 : Date.parse(d));

const RANGE: Partial<Record<FilterClause['op'], '>' | '>=' | '<' | '<='>> = {
  gt: '>',
  gte: '>=',
  lt: '<',
  lte: '<=',
};

/** A filter value as the index stores it (tb_index_text / tb_index_number), or undefined when the index cannot use it. */
export function indexKeyOf(field: FieldDefinition, kind: string, raw: string): unknown {
  const v = raw.trim();
  switch (kind) {
    case 'number':
      return toNumber(v);
    case 'boolean':
      return v === 'true' ? 1 : v === 'false' ? 0 : undefined;
    case 'date': {
      const d = normalizeDate(v, field.fieldType === 'date');
      return d === undefined ? undefined : dateKey(d);
    }
    default:
      if (raw === '') return undefined;
      if (field.fieldType === 'relation') return UUID_PATTERN.test(v) ? v.toLowerCase() : undefined;
      return firstCharacters(raw);
  }
}

/** The ready index that answers this list, or null (then the list takes its unindexed path). */
export function planIndexedList(entity: PublishedEntity, query: Pick<ListQuery, 'sort' | 'filters'>): IndexedPlan | null {
  if (query.sort === undefined) return null;
  const fields = new Map(entity.definition.fields.map((f) => [f.fieldKey, f]));
  const byField = new Map<string, FilterClause[]>();
  for (const c of query.filters) byField.set(c.field, [...(byField.get(c.field) ?? []), c]);
  let best: IndexedPlan | null = null;
  for (const index of entity.builtIndexes ?? []) {
    if (index.state !== 'ready' || index.fields[index.fields.length - 1] !== query.sort) continue;
    const plan = planFor(index, fields, byField);
    if (!plan || reads(plan) > MAX_INDEX_READS) continue;
    // The most leading equalities narrow the most; among those, the fewest reads.
    if (!best || plan.equal.length > best.equal.length || (plan.equal.length === best.equal.length && reads(plan) < reads(best)))
      best = plan;
  }
  return best;
}

/** Ordered reads of the index a plan makes: one per combination of leading values. */
const reads = (plan: IndexedPlan) => plan.equal.reduce((n, keys) => n * keys.length, 1);

/** The distinct index keys of a leading field's `eq` (preferred) or `in` filter, or null when it has none the index can use. */
function leadingKeys(field: FieldDefinition, kind: string, clauses: FilterClause[]): { keys: unknown[]; clause: FilterClause } | null {
  const clause = clauses.find((c) => c.op === 'eq') ?? clauses.find((c) => c.op === 'in');
  if (!clause) return null;
  const raw = clause.op === 'in' ? clause.value.split(',').filter((v) => v.trim() !== '') : [clause.value];
  const keys: unknown[] = [];
  for (const value of raw) {
    // `in` takes its values trimmed (list-query.ts splitList).
    const key = indexKeyOf(field, kind, clause.op === 'in' ? value.trim() : value);
    if (key === undefined) return null;
    if (!keys.includes(key)) keys.push(key);
  }
  return keys.length ? { keys, clause } : null;
}

function planFor(index: BuiltIndex, fields: Map<string, FieldDefinition>, byField: Map<string, FilterClause[]>): IndexedPlan | null {
  const last = index.fields.length - 1;
  const equal: unknown[][] = [];
  const consumed: FilterClause[] = [];
  for (let i = 0; i < last; i++) {
    const field = fields.get(index.fields[i]!);
    const leading = field ? leadingKeys(field, index.kinds[i]!, byField.get(index.fields[i]!) ?? []) : null;
    if (!leading) return null;
    equal.push(leading.keys);
    // A text key holds 300 characters: shorter values are decided by the key alone.
    if (leading.keys.every((key) => typeof key !== 'string' || key.length < 300)) consumed.push(leading.clause);
  }
  const sortField = fields.get(index.fields[last]!);
  if (!sortField) return null;
  const kind = index.kinds[last]!;
  const ranges: IndexedPlan['ranges'] = [];
  let withEmpty = true;
  for (const c of byField.get(sortField.fieldKey) ?? []) {
    const op = RANGE[c.op];
    if (!op) continue;
    // A comparison never matches an empty value.
    withEmpty = false;
    if (kind === 'text') {
      // A text key is the value's first 300 characters, which sort no later than the value: an
      // upper bound holds for the key as it is, a lower one for the bound's own first 300
      // characters. The records' own check decides (the range is not consumed).
      if (c.value === '') continue;
      ranges.push(op === '<' || op === '<=' ? { op, value: c.value } : { op: '>=', value: firstCharacters(c.value) });
      continue;
    }
    const value = indexKeyOf(sortField, kind, c.value);
    if (value === undefined) continue;
    ranges.push({ op, value: value as number });
    consumed.push(c);
  }
  return { index, equal, ranges, withEmpty, consumed };
}

/** The key columns of a plan's index: its slot of the records' rows (migration 024). */
const keysOf = (plan: IndexedPlan) => {
  const { t, f } = slotColumns(plan.index.slot);
  return { t: (i: number) => `r.${t(i)}`, f: (i: number) => `r.${f(i)}` };
};

/**
 * The condition of key position `i` (1-based): each is a pair (text, float8) whose kind fixes the
 * other half (docs/entities.md, "Indexes"). `placeholder` is one key, or with `any` an array of keys.
 */
function positionCondition(plan: IndexedPlan, i: number, kind: string | undefined, placeholder: string, any = false): string {
  const { t, f } = keysOf(plan);
  const value = (cast: string) => (any ? `any(${placeholder}::${cast}[])` : `${placeholder}::${cast}`);
  return kind === 'text' ? `${t(i)} = ${value('text')} and ${f(i)} = 0` : `${t(i)} = '' and ${f(i)} = ${value('float8')}`;
}

/**
 * Whether the slot's index is still the one planned, and ready (SQL; `identity` is the placeholder
 * of its id): a list planned from a view of the entity a publish has changed since reads nothing
 * through the slot, and says so (record-list.ts then answers it the unindexed way).
 */
export function indexCurrentSql(plan: IndexedPlan, identity: string): string {
  return `exists (select 1 from entity_indexes i where i.tenant_id = $1 and i.entity_id = $2 and i.slot = ${plan.index.slot}
                and i.id = ${identity}::uuid and i.state = 'ready')`;
}

/**
 * The conditions of one read of a plan's index: tenant, entity, the slot's index still the one
 * planned (indexCurrentSql), `leading` (one per leading position), then the fixed halves.
 */
function prefixConditions(plan: IndexedPlan, identity: string, leading: readonly string[]): string[] {
  const n = plan.index.fields.length;
  const { t, f } = keysOf(plan);
  return [
    'r.tenant_id = $1',
    'r.entity_id = $2',
    indexCurrentSql(plan, identity),
    ...leading,
    plan.index.kinds[n - 1] === 'text' ? `${f(n)} = 0` : `${t(n)} = ''`,
    // Positions past the index's fields are constant: equal conditions keep the btree order usable.
    ...[2, 3].filter((k) => k > n).map((k) => `${t(k)} = '' and ${f(k)} = 0`),
  ];
}

/**
 * The rows a count of the list reads when the index decides every condition of the list (all its
 * filters consumed, no search): the keys of the index's slot, one per record of the entity, read
 * from the slot's btree alone. Null when the records' data must be read to count.
 */
export function indexedCountSource(
  plan: IndexedPlan,
  query: Pick<ListQuery, 'filters' | 'search'>,
  p: (value: unknown) => string,
): string | null {
  if (query.search !== undefined && query.search !== '') return null;
  if (query.filters.some((f) => !plan.consumed.includes(f))) return null;
  const key = keysOf(plan).f(plan.index.fields.length);
  // Only ranges on numbers and dates are consumed (a text range never is): float8 keys.
  const ranges = plan.ranges.map((range) => ` and ${key} ${range.op} ${p(range.value)}::float8`).join('');
  // With a range, empty sort values cannot match (and the valued ones are those the range keeps).
  const sortKey = plan.ranges.length > 0 ? ` and ${key} < 'NaN'::float8${ranges}` : '';
  // An `in` counts the keys of any of its values.
  const leading = plan.equal.map((keys, i) =>
    keys.length === 1
      ? positionCondition(plan, i + 1, plan.index.kinds[i], p(keys[0]))
      : positionCondition(plan, i + 1, plan.index.kinds[i], p(keys), true),
  );
  return `records r where ${prefixConditions(plan, p(plan.index.id), leading).join(' and ')}${sortKey}`;
}

/** What the page query around the index source needs: its limit (SQL text: a number or a placeholder), offset placeholder, extra columns. */
export interface PageShape {
  limit: string;
  /** Null: no offset. */
  offset: string | null;
  /** Columns the caller selects beside RECORD_COLUMNS, as `expr as "alias"` over `r` (e.g. a cursor's sort value). */
  extra: Array<{ sql: string; alias: string }>;
  /**
   * The position a cursor continues after (its sort value as text, null when empty, and its id). The
   * caller's `where` holds the exact keyset condition; this only starts the index reads near it.
   */
  after?: { value: string | null; id: string } | undefined;
  /**
   * All the list's conditions (` and …` on `r`), checked again on the few rows the segments read.
   * A no-op for the answer; it keeps every parameter of the list referenced whatever the index decided.
   */
  recheck?: string | undefined;
}

/** Where the index read of each segment may start for a cursor: bounds implied by the exact keyset. */
function cursorBounds(plan: IndexedPlan, order: 'asc' | 'desc', after: NonNullable<PageShape['after']>, p: (v: unknown) => string) {
  const key = keysOf(plan).f(plan.index.fields.length);
  const cmp = order === 'desc' ? '<' : '>';
  if (after.value === null)
    return {
      valued: null,
      empty: ` and r.id ${cmp} ${p(after.id)}::uuid`,
    };
  const kind = plan.index.kinds[plan.index.fields.length - 1]!;
  // Text keys hold 300 characters: the exact keyset alone decides (the read starts at the segment's start).
  const value =
    kind === 'number'
      ? toNumber(after.value)
      : kind === 'boolean'
        ? Number(after.value === 'true')
        : kind === 'date'
          ? dateKey(after.value)
          : undefined;
  return {
    valued: value === undefined ? '' : ` and ${key} ${cmp}= ${p(value)}::float8`,
    empty: '',
  };
}

/**
 * The page of a list through the index: `where` holds the list's conditions on `r` (after tenant
 * and entity; a cursor's keyset too), `p` adds a parameter and answers its placeholder; `$1` is the
 * tenant, `$2` the entity. Each segment reads at most limit + offset entries in index order; the
 * final order by sorts those few rows only.
 */
export function indexedPageSql(
  plan: IndexedPlan,
  order: 'asc' | 'desc',
  where: string,
  p: (value: unknown) => string,
  shape: PageShape,
): string {
  const n = plan.index.fields.length;
  const sortKind = plan.index.kinds[n - 1]!;
  const textSort = sortKind === 'text';
  const dir = order === 'desc' ? 'desc' : 'asc';
  const identity = p(plan.index.id);
  const leading = plan.equal.map((keys, i) => keys.map((k) => positionCondition(plan, i + 1, plan.index.kinds[i], p(k))));
  // One ordered read per combination of leading values (an `in` has several).
  const combinations = leading.reduce<string[][]>((all, options) => all.flatMap((c) => options.map((o) => [...c, o])), [[]]);
  const fromFor = (combination: string[]) => `from records r where ${prefixConditions(plan, identity, combination).join(' and ')}${where}`;
  const sortColumn = textSort ? keysOf(plan).t(n) : keysOf(plan).f(n);
  const valued = textSort ? `${sortColumn} > ''` : `${sortColumn} < 'NaN'::float8`;
  const empty = textSort ? `${sortColumn} = ''` : `${sortColumn} = 'NaN'::float8`;
  const ranges = plan.ranges
    .map((range) => ` and ${sortColumn} ${range.op} ${p(range.value)}::${typeof range.value === 'string' ? 'text' : 'float8'}`)
    .join('');
  const reach = shape.offset ? `(${shape.limit}::int + ${shape.offset}::int)` : shape.limit;
  const columns = [RECORD_COLUMNS, ...shape.extra.map((c) => `${c.sql} as "${c.alias}"`)].join(', ');
  const bounds = shape.after ? cursorBounds(plan, order, shape.after, p) : { valued: '', empty: '' };
  const segments: string[] = [];
  for (const combination of combinations) {
    const from = fromFor(combination);
    if (bounds.valued !== null) {
      segments.push(
        `(select ${columns}, 0 as "segment", ${sortColumn} as "sortKey" ${from} and ${valued}${ranges}${bounds.valued}
         order by ${sortColumn} ${dir}, r.id ${dir} limit ${reach})`,
      );
    }
    if (plan.withEmpty) {
      segments.push(
        `(select ${columns}, 1 as "segment", ${sortColumn} as "sortKey" ${from} and ${empty}${bounds.empty}
         order by r.id ${dir} limit ${reach})`,
      );
    }
  }
  // A cursor past the last valued record of a list without empty ones: nothing is left.
  if (segments.length === 0)
    segments.push(`(select ${columns}, 1 as "segment", ${sortColumn} as "sortKey" ${fromFor(combinations[0]!)} and false)`);
  const out = ['id', 'entityId', 'name', 'data', 'createdAt', 'updatedAt', ...shape.extra.map((c) => c.alias)].map((c) => `s."${c}"`);
  // A scalar subquery, not EXISTS: the planner never turns it into a join, so it stays one primary
  // key probe per row read, whatever the statistics say (a database never analysed, as PGlite's,
  // otherwise got a join that scanned the entity and read the segments once per record of it).
  const recheck = shape.recheck
    ? ` where coalesce((select true from records r where r.tenant_id = $1 and r.entity_id = $2 and r.id = s.id${shape.recheck}), false)`
    : '';
  return `select ${out.join(', ')} from (${segments.join(' union all ')}) s${recheck}
    order by s.segment, s."sortKey" ${dir}, s.id ${dir} limit ${shape.limit}${shape.offset ? ` offset ${shape.offset}` : ''}`;
}
