import { createHash } from 'node:crypto';
import { validationError } from '../../errors.js';
import { UUID_PATTERN } from './field-values.js';
import { MAX_CURSOR_LENGTH } from './list-limits.js';
import type { ListConditions, SortKey } from './list-query.js';

/**
 * The opaque `after` cursor of the records list (docs/records.md, "Cursors"): base64url of a small
 * JSON object holding the last row's sort value and id, the rows passed so far, and what the cursor
 * is bound to (sort, order, a hash of the filters and search). It is not signed: a forged cursor
 * can only move the position of the caller's own list, and every value in it is checked before it
 * reaches SQL, so garbage is a 400 naming `after`, never a 500.
 */
export interface CursorPosition {
  /** The last row's sort value as SQL text (null: an empty field value), absent for `sort=id`. */
  value: string | null;
  id: string;
  /** Rows before the next page (its offset), which gives the answer's `page`. */
  passed: number;
}

interface CursorBody {
  v: 1;
  s: string;
  o: 'asc' | 'desc';
  q: string;
  k: string | null;
  i: string;
  n: number;
}

/** What a cursor is bound to beyond sort and order: the conditions, hashed. */
export function conditionsBinding(conditions: ListConditions): string {
  const canonical = JSON.stringify({
    f: conditions.filters.map((c) => [c.field, c.op, c.value]),
    s: conditions.search?.trim() ?? '',
  });
  return createHash('sha256').update(canonical).digest('base64url').slice(0, 22);
}

export function encodeCursor(sort: SortKey, order: 'asc' | 'desc', binding: string, position: CursorPosition): string {
  const body: CursorBody = { v: 1, s: sort.name, o: order, q: binding, k: position.value, i: position.id, n: position.passed };
  return Buffer.from(JSON.stringify(body)).toString('base64url');
}

const bad = (message: string) => validationError(`after: ${message}`, [{ field: 'after', message }]);

// Shapes of the sort value by kind, as the list's SQL renders them (list-query.ts, sortValueSql).
const NUMERIC = /^-?\d{1,1000}(\.\d{1,1000})?$/;
const EPOCH_MICROS = /^-?\d{1,17}$/;

/** The position of a cursor made for this sort, order and conditions; anything else is a 400 naming `after`. */
export function decodeCursor(raw: string, sort: SortKey, order: 'asc' | 'desc', binding: string): CursorPosition {
  if (raw.length > MAX_CURSOR_LENGTH || !/^[A-Za-z0-9_-]+$/.test(raw)) throw bad('not a cursor of this list (use nextCursor as answered)');
  let body: unknown;
  try {
    body = JSON.parse(Buffer.from(raw, 'base64url').toString('utf8'));
  } catch {
    throw bad('not a cursor of this list (use nextCursor as answered)');
  }
  if (!isBody(body)) throw bad('not a cursor of this list (use nextCursor as answered)');
  if (body.s !== sort.name || body.o !== order) {
    throw bad(`the cursor was made for sort=${body.s}&order=${body.o}, not sort=${sort.name}&order=${order}; start again without after`);
  }
  if (body.q !== binding) throw bad('the cursor was made for other filters or search; start again without after');
  if (!UUID_PATTERN.test(body.i)) throw bad('not a cursor of this list (use nextCursor as answered)');
  if (!valueFits(sort, body.k)) throw bad('not a cursor of this list (use nextCursor as answered)');
  return { value: body.k, id: body.i.toLowerCase(), passed: body.n };
}

function isBody(b: unknown): b is CursorBody {
  if (typeof b !== 'object' || b === null || Array.isArray(b)) return false;
  const o = b as Record<string, unknown>;
  return (
    o.v === 1 &&
    typeof o.s === 'string' &&
    (o.o === 'asc' || o.o === 'desc') &&
    typeof o.q === 'string' &&
    (o.k === null || typeof o.k === 'string') &&
    typeof o.i === 'string' &&
    typeof o.n === 'number' &&
    Number.isSafeInteger(o.n) &&
    o.n >= 0
  );
}

function valueFits(sort: SortKey, value: string | null): boolean {
  switch (sort.kind) {
    case 'id':
      return value === null;
    case 'timestamp':
      return value !== null && EPOCH_MICROS.test(value);
    case 'number':
      return value === null || NUMERIC.test(value);
    case 'boolean':
      return value === null || value === 'true' || value === 'false';
    default:
      return value === null || !value.includes('\u0000');
  }
}
