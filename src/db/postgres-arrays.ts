import type postgres from 'postgres';

/**
 * Arrays of PostgreSQL's built-in types, encoded and decoded here instead of by postgres.js's
 * `fetch_types`, which we turn off: that start-up query runs on every new connection with no one
 * to catch its failure, so a connection lost during it (a server stopping or restarting, a
 * terminated backend) ends the process with an unhandled rejection (porsager/postgres#1223, still
 * so in 3.4.9, the latest release). Built-in type OIDs are fixed by PostgreSQL, so no query is
 * needed to know them. Parsing and quoting follow postgres.js's own (src/types.js), so values read
 * the same as before: numbers for int2/int4/oid/float arrays, booleans, dates, JSON; strings else.
 */

type Parse = (text: string) => unknown;

const asNumber: Parse = (x) => +x;
const asBoolean: Parse = (x) => x === 't';
const asDate: Parse = (x) => new Date(x);
const asJson: Parse = (x) => JSON.parse(x) as unknown;
const asString: Parse = (x) => x;

/** Array type OID → how one element's text becomes a value. */
const ELEMENT_PARSERS: ReadonlyArray<readonly [number[], Parse]> = [
  [[1005, 1007, 1028, 1021, 1022], asNumber], // int2[] int4[] oid[] float4[] float8[]
  [[1000], asBoolean], // bool[]
  [[1182, 1115, 1185], asDate], // date[] timestamp[] timestamptz[]
  [[199, 3807], asJson], // json[] jsonb[]
  // text[] varchar[] bpchar[] name[] char[] uuid[] int8[] numeric[] interval[] time[] timetz[] bytea[]
  [[1009, 1015, 1014, 1003, 1002, 2951, 1016, 1231, 1187, 1183, 1270, 1001], asString],
];

/** Parses an array literal (`{a,"b c",NULL,{1,2}}`, optionally after `[l:u]=` bounds). */
export function parseArray(text: string, element: Parse): unknown[] {
  let i = text.startsWith('[') ? text.indexOf('=') + 1 : 0;
  const level = (): unknown[] => {
    const out: unknown[] = [];
    i++; // '{'
    while (i < text.length) {
      const c = text[i];
      if (c === '}') {
        i++;
        return out;
      }
      if (c === ',') {
        i++;
      } else if (c === '{') {
        out.push(level());
      } else if (c === '"') {
        let s = '';
        for (i++; i < text.length && text[i] !== '"'; i++) s += text[i] === '\\' ? text[++i] : text[i];
        i++;
        out.push(element(s));
      } else {
        let end = i;
        while (end < text.length && text[end] !== ',' && text[end] !== '}') end++;
        const raw = text.slice(i, end);
        out.push(raw === 'NULL' ? null : element(raw));
        i = end;
      }
    }
    return out;
  };
  return level();
}

const quote = (s: string) => `"${s.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`;

/** A JS array as an array literal; elements as postgres.js would serialize them. */
export function serializeArray(value: unknown): string {
  if (!Array.isArray(value)) return String(value);
  return `{${value
    .map((x: unknown) =>
      x === null || x === undefined
        ? 'NULL'
        : Array.isArray(x)
          ? serializeArray(x)
          : quote(x instanceof Date ? x.toISOString() : typeof x === 'object' ? JSON.stringify(x) : String(x as string)),
    )
    .join(',')}}`;
}

/** The `types` option entries that stand in for `fetch_types` (one per element parser). */
export function arrayTypes(): Record<string, postgres.PostgresType> {
  return Object.fromEntries(
    ELEMENT_PARSERS.map(([oids, element], n) => [
      `array${n}`,
      { to: oids[0]!, from: oids, serialize: serializeArray, parse: (text: string) => parseArray(text, element) },
    ]),
  );
}
