import { AGGREGATE_OPS, COMPUTE_KINDS, type AggregateOp, type ComputeSpec } from './rule.types.js';
import { checkExpression, isObject, oneOf, type Problems } from './rule-problems.js';

/** The entities of the tenant a rule may name: field keys by entity name (published and draft fields). */
export type EntityCatalog = ReadonlyMap<string, ReadonlySet<string>>;

/** What a compute spec is checked against: the rule's entity's fields and the tenant's entities. */
export interface ComputeScope {
  /** Field keys an expression of this rule may read (the entity's fields and `id`). */
  readonly fields: ReadonlySet<string>;
  readonly catalog: EntityCatalog;
}

const withId = (fields: ReadonlySet<string>) => new Set([...fields, 'id']);

function entityFields(
  raw: unknown,
  scope: ComputeScope,
  path: string,
  problems: Problems,
): { name: string; fields: Set<string> } | undefined {
  if (typeof raw !== 'string' || raw === '') {
    problems.push({ field: path, message: 'the name of an entity of this tenant is required' });
    return undefined;
  }
  const fields = scope.catalog.get(raw);
  if (!fields) {
    const known = [...scope.catalog.keys()];
    problems.push({
      field: path,
      message: `unknown entity "${raw}"; rules may name only entities of this tenant (${known.length ? known.join(', ') : 'none yet'})`,
    });
    return undefined;
  }
  return { name: raw, fields: withId(fields) };
}

function fieldOf(raw: unknown, fields: ReadonlySet<string>, entity: string, path: string, problems: Problems): string | undefined {
  if (typeof raw === 'string' && fields.has(raw)) return raw;
  const listed = [...fields].join(', ');
  problems.push({
    field: path,
    message:
      typeof raw === 'string' && raw !== ''
        ? `"${raw}" is not a field of ${entity} (fields: ${listed})`
        : `a field key of ${entity} is required (fields: ${listed})`,
  });
  return undefined;
}

function conditional(raw: Record<string, unknown>, scope: ComputeScope, path: string, problems: Problems): ComputeSpec | undefined {
  const before = problems.length;
  if (!Array.isArray(raw.conditions) || raw.conditions.length === 0) {
    problems.push({ field: `${path}.conditions`, message: 'a non-empty array of { when, then } is required' });
    return undefined;
  }
  const conditions = raw.conditions.map((c: unknown, i) => {
    const at = `${path}.conditions.${i}`;
    if (!isObject(c)) {
      problems.push({ field: at, message: 'each condition is { when: expression, then: expression }' });
      return { when: '', then: '' };
    }
    return {
      when: checkExpression(c.when, scope.fields, `${at}.when`, problems)?.source ?? '',
      then: checkExpression(c.then, scope.fields, `${at}.then`, problems)?.source ?? '',
    };
  });
  const fallback =
    raw.default === undefined || raw.default === null
      ? null
      : (checkExpression(raw.default, scope.fields, `${path}.default`, problems)?.source ?? null);
  return problems.length > before ? undefined : { type: 'conditional', conditions, default: fallback };
}

function lookup(raw: Record<string, unknown>, scope: ComputeScope, path: string, problems: Problems): ComputeSpec | undefined {
  const before = problems.length;
  const target = entityFields(raw.entity, scope, `${path}.entity`, problems);
  const matchValue = fieldOf(raw.matchValue, scope.fields, 'this entity', `${path}.matchValue`, problems);
  if (!target) return undefined;
  const matchField = fieldOf(raw.matchField ?? 'id', target.fields, target.name, `${path}.matchField`, problems);
  const resultField = fieldOf(raw.resultField, target.fields, target.name, `${path}.resultField`, problems);
  if (problems.length > before) return undefined;
  return { type: 'lookup', entity: target.name, matchField: matchField!, matchValue: matchValue!, resultField: resultField! };
}

function aggregate(raw: Record<string, unknown>, scope: ComputeScope, path: string, problems: Problems): ComputeSpec | undefined {
  const before = problems.length;
  const target = entityFields(raw.entity, scope, `${path}.entity`, problems);
  const op = raw.aggregateOp ?? raw.op ?? 'count';
  if (typeof op !== 'string' || !(AGGREGATE_OPS as readonly string[]).includes(op)) {
    problems.push({
      field: `${path}.aggregateOp`,
      message: `unknown aggregate operation ${JSON.stringify(op)}; use one of ${oneOf(AGGREGATE_OPS)}`,
    });
  }
  if (!target) return undefined;
  const rawField = raw.field ?? raw.aggregateField;
  let field: string | null = null;
  if (op !== 'count' || rawField !== undefined) {
    field = fieldOf(rawField, target.fields, target.name, `${path}.field`, problems) ?? null;
  }
  const filter: Record<string, string> = {};
  if (!isObject(raw.filter) || Object.keys(raw.filter).length === 0) {
    problems.push({
      field: `${path}.filter`,
      message: `an object linking the records is required: { <field of ${target.name}>: <field of this entity> }, e.g. { "invoice": "id" }`,
    });
  } else {
    for (const [theirs, ours] of Object.entries(raw.filter)) {
      const k = fieldOf(theirs, target.fields, target.name, `${path}.filter`, problems);
      const v = fieldOf(ours, scope.fields, 'this entity', `${path}.filter.${theirs}`, problems);
      if (k && v) filter[k] = v;
    }
  }
  if (problems.length > before) return undefined;
  return { type: 'aggregate', entity: target.name, aggregateOp: op as AggregateOp, field, filter };
}

/**
 * One compute spec, normalized: a plain string is a formula; `aggregateField` reads as `field`.
 * Every expression is compiled against the entity's fields; entities and fields named are checked.
 */
export function normalizeCompute(raw: unknown, scope: ComputeScope, path: string, problems: Problems): ComputeSpec | undefined {
  if (typeof raw === 'string' || typeof raw === 'number') {
    const compiled = checkExpression(raw, scope.fields, path, problems);
    return compiled ? { type: 'formula', expression: compiled.source } : undefined;
  }
  if (!isObject(raw)) {
    problems.push({ field: path, message: 'a compute is an expression (text) or { type, … }' });
    return undefined;
  }
  switch (raw.type) {
    case 'formula': {
      const compiled = checkExpression(raw.expression, scope.fields, `${path}.expression`, problems);
      return compiled ? { type: 'formula', expression: compiled.source } : undefined;
    }
    case 'conditional':
      return conditional(raw, scope, path, problems);
    case 'lookup':
      return lookup(raw, scope, path, problems);
    case 'aggregate':
      return aggregate(raw, scope, path, problems);
    default:
      problems.push({
        field: `${path}.type`,
        message: `unknown compute kind ${JSON.stringify(raw.type)}; use one of ${oneOf(COMPUTE_KINDS)}`,
      });
      return undefined;
  }
}

/** The fields of this record a compute reads (its dependencies, for ordering and cycles). */
export function computeReads(spec: ComputeSpec, identifiersOf: (source: string) => readonly string[]): string[] {
  switch (spec.type) {
    case 'formula':
      return [...identifiersOf(spec.expression)];
    case 'conditional':
      return [
        ...spec.conditions.flatMap((c) => [...identifiersOf(c.when), ...identifiersOf(c.then)]),
        ...(spec.default === null ? [] : identifiersOf(spec.default)),
      ];
    case 'lookup':
      return [spec.matchValue];
    case 'aggregate':
      return Object.values(spec.filter);
    default: {
      const never: never = spec;
      throw new Error(`unknown compute ${JSON.stringify(never)}`);
    }
  }
}
