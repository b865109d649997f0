import type { PublishedEntity } from '../entities/entity.types.js';
import { slotColumns } from '../entities/indexes/index-definition.js';
import type { IndexKeysInWrite } from './record.repository.js';

/**
 * The index keys a create carries in its own INSERT (docs/entities.md, "Who writes the keys"). The
 * trigger on `records` computes every index's keys whatever writes a record, but in PL/pgSQL that
 * costs a create in an indexed entity more than the keys' btree entries do; a create of the
 * service knows its entity's indexes (the cached definition) and the values it writes, so it
 * computes the keys here and says which indexes they are for: the claim, `entity/slot:identity,…`.
 * The trigger compares the claim with the entity's indexes as they are in the write's own
 * transaction and keeps the keys only when they match; otherwise (a publish the cache has not
 * seen yet) it computes them itself (migration 024).
 *
 * The keys must be exactly those of `tb_index_text` and `tb_index_number` (migrations 018, 021):
 * where a value's key could differ (a text field holding a non-string, a date that does not read
 * back as itself), no key is carried and the trigger computes them all.
 */

/** One key position: the text half and the number half (as text: `NaN` has no JSON form). */
type KeyPair = [text: string, number: string];

const EMPTY_NUMBER: KeyPair = ['', 'NaN'];
const TEXT_KEY_LENGTH = 300;
const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;
const DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

const empty = (value: unknown) => value === undefined || value === null;

/** The first 300 characters of a text key (code points, as `left` counts them). */
export const firstCharacters = (s: string) => (s.length <= TEXT_KEY_LENGTH ? s : Array.from(s).slice(0, TEXT_KEY_LENGTH).join(''));

/** A date's key: epoch milliseconds, a date-only value half a millisecond before its midnight (tb_index_date_key). */
function dateKey(value: string): number | undefined {
  if (DATE_ONLY.test(value)) {
    const t = Date.parse(`${value}T00:00:00Z`);
    return Number.isNaN(t) || new Date(t).toISOString().slice(0, 10) !== value ? undefined : t - 0.5;
  }
  if (DATE_TIME.test(value)) {
    const t = Date.parse(value);
    return Number.isNaN(t) || new Date(t).toISOString() !== value ? undefined : t;
  }
  return undefined;
}

/** One position's key pair for `value` indexed as `kind`; undefined when only SQL can tell it. */
function keyPair(value: unknown, kind: string): KeyPair | undefined {
  // An object is stored as JSON.stringify writes it (toJSON, boxed primitives): only SQL can tell.
  if (typeof value === 'object' && value !== null) return undefined;
  switch (kind) {
    case 'number':
      return typeof value === 'number' && Number.isFinite(value) ? ['', String(value)] : EMPTY_NUMBER;
    case 'boolean':
      return typeof value === 'boolean' ? ['', value ? '1' : '0'] : EMPTY_NUMBER;
    case 'date': {
      if (empty(value) || value === '') return EMPTY_NUMBER;
      if (typeof value !== 'string') return undefined;
      const key = dateKey(value);
      return key === undefined ? undefined : ['', String(key)];
    }
    case 'text':
      if (empty(value)) return ['', '0'];
      return typeof value === 'string' ? [firstCharacters(value), '0'] : undefined;
    default:
      return undefined;
  }
}

/**
 * The keys of a created record for every index of the cached definition, or null when there are
 * none to carry (no index) or one cannot be known here: `unknownFields` are fields whose values
 * the statement reads itself (a rule's lookup folded into the write).
 */
export function createdKeys(
  entity: PublishedEntity,
  data: Readonly<Record<string, unknown>>,
  unknownFields: ReadonlySet<string>,
): IndexKeysInWrite | null {
  const indexes = [...(entity.builtIndexes ?? [])].sort((a, b) => a.slot - b.slot);
  if (indexes.length === 0) return null;
  const columns: Array<IndexKeysInWrite['columns'][number]> = [];
  const values: string[] = [];
  for (const index of indexes) {
    if (index.fields.some((f) => unknownFields.has(f))) return null;
    const { t, f } = slotColumns(index.slot);
    // Per position, the half its kind fixes is a literal, the other a parameter; an unused position is all literal.
    for (const position of [1, 2, 3]) {
      const field = index.fields[position - 1];
      const kind = index.kinds[position - 1];
      if (field === undefined) {
        columns.push({ name: t(position), type: 'text', literal: "''" }, { name: f(position), type: 'float8', literal: '0' });
        continue;
      }
      const pair = kind === undefined ? undefined : keyPair(data[field], kind);
      if (!pair) return null;
      if (kind === 'text') {
        columns.push({ name: t(position), type: 'text' }, { name: f(position), type: 'float8', literal: '0' });
        values.push(pair[0]);
      } else {
        columns.push({ name: t(position), type: 'text', literal: "''" }, { name: f(position), type: 'float8' });
        values.push(pair[1]);
      }
    }
  }
  return { columns, values, claim: `${entity.id}/${indexes.map((i) => `${i.slot}:${i.id}`).join(',')}` };
}
