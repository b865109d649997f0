import { validationError } from '../../errors.js';
import type { FilterClause, FilterOp } from './list-query.js';

/**
 * The `filter` argument of query_records (SPEC.md: "a single equality expression `field = value`").
 * Accepted today: `<field> <op> <value>` with op one of `= == != > >= < <=`, the value bare or in
 * single or double quotes. The MCP feature may grow this language; it maps onto FilterClause.
 */
const EXPRESSION = /^\s*([A-Za-z][A-Za-z0-9_]*)\s*(==|=|!=|<>|>=|<=|>|<)\s*(.*?)\s*$/s;

const OPS: Record<string, FilterOp> = { '=': 'eq', '==': 'eq', '!=': 'ne', '<>': 'ne', '>': 'gt', '>=': 'gte', '<': 'lt', '<=': 'lte' };

export function parseFilterExpression(expression: string): FilterClause[] {
  if (expression.trim() === '') return [];
  const match = EXPRESSION.exec(expression);
  if (!match) {
    throw validationError(`filter: cannot read "${expression.slice(0, 100)}"; write it as field = value (or != > >= < <=)`, [
      { field: 'filter', message: 'expected field = value' },
    ]);
  }
  const [, field, op, raw] = match;
  let value = raw!;
  const quoted = /^(['"])(.*)\1$/s.exec(value);
  if (quoted) value = quoted[2]!;
  if (value === '') throw validationError('filter: the value after the operator is missing', [{ field: 'filter', message: 'missing value' }]);
  const clauseOp = OPS[op!]!;
  if (!quoted && value.toLowerCase() === 'null' && (clauseOp === 'eq' || clauseOp === 'ne')) {
    return [{ field: field!, op: 'isNull', value: clauseOp === 'eq' ? 'true' : 'false' }];
  }
  return [{ field: field!, op: clauseOp, value }];
}
