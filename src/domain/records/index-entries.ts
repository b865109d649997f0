import type { BuiltIndex, PublishedEntity } from '../entities/entity.types.js';
import type { WriteCompanion } from './record.repository.js';

/**
 * The index entries a create writes in its own statement (docs/entities.md, "Indexes"). The
 * triggers on `records` keep every index's entries true whatever writes a record, but an entry
 * they insert costs a second statement set up inside the first; a create of the service knows its
 * entity's indexes (the cached definition) and the values it writes, so it computes the keys here
 * and its statement carries them. The insert trigger then finds them written and only completes
 * what a create left out: an index its cached definition did not know yet, an entry written for an
 * earlier declaration of the index's name, an entry of an index dropped meanwhile (migration 023).
 *
 * The keys must be exactly those of `tb_index_text` and `tb_index_number` (migrations 018, 021):
 * where a value's key could differ (a text field holding a non-string, a date that does not read
 * back as itself), the index is left to the trigger, which computes it in SQL.
 */

/** One key position: the text half and the number half (as text: `NaN` has no JSON form). */
type KeyPair = [text: string, number: string];

const UNUSED: KeyPair = ['', '0'];
const EMPTY_NUMBER: KeyPair = ['', 'NaN'];
const TEXT_KEY_LENGTH = 300;
const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;
const DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

const empty = (value: unknown) => value === undefined || value === null;

/** The first 300 characters (code points, as `left` counts them). */
const firstCharacters = (s: string) => (s.length <= TEXT_KEY_LENGTH ? s : Array.from(s).slice(0, TEXT_KEY_LENGTH).join(''));

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

/** The six keys of `index`'s entry for `data`, or undefined when the trigger must compute them. */
export function entryKeys(index: Pick<BuiltIndex, 'fields' | 'kinds'>, data: Readonly<Record<string, unknown>>): string[] | undefined {
  const keys: string[] = [];
  for (let position = 0; position < 3; position++) {
    const field = index.fields[position];
    const kind = index.kinds[position];
    const pair = field === undefined ? UNUSED : kind === undefined ? undefined : keyPair(data[field], kind);
    if (!pair) return undefined;
    keys.push(...pair);
  }
  return keys;
}

/**
 * Set (transaction-locally) by a statement that writes entries itself: that statement's insert
 * trigger then looks for entries of an index dropped since the definition was read, which it
 * otherwise skips, and clears it (migration 023).
 */
const WRITTEN_FLAG = 'app.index_entries_written';

/**
 * The entries of a created record as a companion of its insert: one row per index of the cached
 * definition whose keys are known here. `unknownFields`: fields whose values the statement reads
 * itself (a rule's lookup folded into the write), whose indexes are left to the trigger. Null when
 * there is no entry to write.
 */
export function createdEntries(
  entity: PublishedEntity,
  data: Readonly<Record<string, unknown>>,
  unknownFields: ReadonlySet<string>,
): WriteCompanion | null {
  const rows: unknown[][] = [];
  for (const index of entity.builtIndexes ?? []) {
    if (index.fields.some((f) => unknownFields.has(f))) continue;
    const keys = entryKeys(index, data);
    if (keys) rows.push([index.name, index.id, ...keys]);
  }
  if (rows.length === 0) return null;
  const width = rows[0]!.length;
  return {
    params: rows.flat(),
    sql: (param) => {
      const values = rows.map((_, r) => {
        const p = (i: number) => param(r * width + i);
        return `(${p(0)}::text, ${p(1)}::uuid, ${p(2)}::text, ${p(3)}::float8, ${p(4)}::text, ${p(5)}::float8, ${p(6)}::text, ${p(7)}::float8)`;
      });
      return `insert into record_index_entries (tenant_id, record_id, index_name, index_id, entity_id, k1t, k1f, k2t, k2f, k3t, k3f)
        select $1::uuid, saved.id, k.name, k.id, saved."entityId", k.k1t, k.k1f, k.k2t, k.k2f, k.k3t, k.k3f
          from saved, (values ${values.join(', ')}) as k (name, id, k1t, k1f, k2t, k2f, k3t, k3f)
         where set_config('${WRITTEN_FLAG}', 'on', true) is not null`;
    },
  };
}
