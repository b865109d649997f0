import { addDays, clockText, datePart, daysBetween } from './dates.js';
import { roundTo } from './rounding.js';
import type { EvalEnv, Evaluator, RuleValue } from './types.js';
import { capText, isTruthy, toNumber, toText } from './values.js';

/**
 * The closed list of functions (docs/rules.md, "Functions"). It is a null-prototype map read only
 * with `Object.hasOwn`, so no name (`constructor`, `__proto__`, `toString` …) can reach anything
 * but these. Eager functions get their arguments' values; lazy ones (`if`, `coalesce`) get the
 * compiled arguments and evaluate only those they need.
 */

interface Common {
  readonly signature: string;
  readonly summary: string;
  readonly minArgs: number;
  readonly maxArgs: number;
}
export interface EagerFunction extends Common {
  readonly lazy: false;
  readonly apply: (args: readonly RuleValue[], env: EvalEnv) => RuleValue;
}
export interface LazyFunction extends Common {
  readonly lazy: true;
  readonly apply: (args: readonly Evaluator[], slots: readonly RuleValue[], env: EvalEnv) => RuleValue;
}
export type FunctionDefinition = EagerFunction | LazyFunction;

const ANY = Number.POSITIVE_INFINITY;

function eager(signature: string, summary: string, minArgs: number, maxArgs: number, apply: EagerFunction['apply']): EagerFunction {
  return { signature, summary, minArgs, maxArgs, lazy: false, apply };
}

/** A numeric function of one argument: null unless the argument is a number. */
const numeric = (signature: string, summary: string, f: (x: number) => number) =>
  eager(signature, summary, 1, 1, ([x]) => {
    const n = toNumber(x ?? null);
    return n === null ? null : f(n);
  });

/** A text function of one argument: null stays null. */
const textual = (signature: string, summary: string, f: (s: string) => string) =>
  eager(signature, summary, 1, 1, ([x]) => (x === null || x === undefined ? null : capText(f(toText(x)))));

/** Counts code points, so an accented letter or an emoji is one character. */
function codePointLength(text: string): number {
  let count = text.length;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code >= 0xd800 && code < 0xdc00 && i + 1 < text.length) {
      const low = text.charCodeAt(i + 1);
      if (low >= 0xdc00 && low < 0xe000) {
        count--;
        i++;
      }
    }
  }
  return count;
}

function extreme(args: readonly RuleValue[], pick: (a: number, b: number) => number): number | null {
  let best: number | null = null;
  for (const arg of args) {
    const n = toNumber(arg);
    if (n !== null) best = best === null ? n : pick(best, n);
  }
  return best;
}

const DEFINITIONS = {
  len: eager('len(value)', 'number of characters of the value as text; len(null) is 0', 1, 1, ([x]) => codePointLength(toText(x ?? null))),
  lower: textual('lower(text)', 'the text in lower case', (s) => s.toLowerCase()),
  upper: textual('upper(text)', 'the text in upper case', (s) => s.toUpperCase()),
  trim: textual('trim(text)', 'the text without leading and trailing white space', (s) => s.trim()),
  round: eager('round(number, decimals?)', 'rounded half away from zero to decimals places (default 0; -15…15)', 1, 2, ([x, d]) => {
    const n = toNumber(x ?? null);
    const places = d === undefined ? 0 : toNumber(d);
    return n === null || places === null ? null : roundTo(n, places);
  }),
  floor: numeric('floor(number)', 'the greatest integer not above the number', Math.floor),
  ceil: numeric('ceil(number)', 'the least integer not below the number', Math.ceil),
  abs: numeric('abs(number)', 'the number without its sign', Math.abs),
  min: eager('min(a, b, …)', 'the least number among the arguments (others are skipped); null if none', 1, ANY, (args) =>
    extreme(args, Math.min),
  ),
  max: eager('max(a, b, …)', 'the greatest number among the arguments (others are skipped); null if none', 1, ANY, (args) =>
    extreme(args, Math.max),
  ),
  coalesce: {
    signature: 'coalesce(a, b, …)',
    summary: 'the first argument that is not null (later ones are not evaluated)',
    minArgs: 1,
    maxArgs: ANY,
    lazy: true,
    apply: (args, slots, env) => {
      for (const arg of args) {
        const value = arg(slots, env);
        if (value !== null) return value;
      }
      return null;
    },
  } satisfies LazyFunction,
  concat: eager('concat(a, b, …)', 'the arguments as text, joined (null joins as empty text)', 1, ANY, (args) => {
    let text = '';
    for (const arg of args) text += toText(arg);
    return capText(text);
  }),
  contains: eager('contains(text, part)', 'whether text contains part, ignoring case; false when either is null', 2, 2, ([a, b]) =>
    a === null || b === null || a === undefined || b === undefined ? false : toText(a).toLowerCase().includes(toText(b).toLowerCase()),
  ),
  if: {
    signature: 'if(condition, then, else?)',
    summary: 'then when the condition is true, else otherwise (default null); only the chosen branch is evaluated',
    minArgs: 2,
    maxArgs: 3,
    lazy: true,
    apply: ([condition, then, otherwise], slots, env) =>
      isTruthy(condition!(slots, env)) ? then!(slots, env) : otherwise === undefined ? null : otherwise(slots, env),
  } satisfies LazyFunction,
  today: eager('today()', "today's date (UTC) as YYYY-MM-DD", 0, 0, (_, env) => clockText(readClock(env), true)),
  now: eager('now()', 'the current instant as an ISO 8601 UTC date-time', 0, 0, (_, env) => clockText(readClock(env), false)),
  days_between: eager('days_between(from, to)', 'calendar days from one date to another (negative when to is earlier)', 2, 2, ([a, b]) =>
    daysBetween(a ?? null, b ?? null),
  ),
  add_days: eager('add_days(date, days)', 'the date moved by whole days, in the form it was written', 2, 2, ([d, n]) =>
    addDays(d ?? null, n ?? null),
  ),
  year: eager('year(date)', 'the year of the date', 1, 1, ([d]) => datePart(d ?? null, 'year')),
  month: eager('month(date)', 'the month of the date, 1–12', 1, 1, ([d]) => datePart(d ?? null, 'month')),
  day: eager('day(date)', 'the day of the month of the date, 1–31', 1, 1, ([d]) => datePart(d ?? null, 'day')),
} satisfies Record<string, FunctionDefinition>;

export type FunctionName = keyof typeof DEFINITIONS;

const readClock = (env: EvalEnv): Date => (env.now ? env.now() : new Date());

const FUNCTIONS: Readonly<Record<string, FunctionDefinition>> = Object.freeze(Object.assign(Object.create(null) as object, DEFINITIONS));

/** The names, in the order the docs list them. */
export const FUNCTION_NAMES: readonly FunctionName[] = Object.freeze(Object.keys(DEFINITIONS) as FunctionName[]);

/** A function by name, ignoring case (`ROUND` is `round`); undefined for any other name. */
export function lookupFunction(name: string): FunctionDefinition | undefined {
  const key = name.toLowerCase();
  return Object.hasOwn(FUNCTIONS, key) ? FUNCTIONS[key] : undefined;
}

/** Each function's signature and what it answers, for documentation and prompts. */
export const EXPRESSION_FUNCTIONS: readonly { readonly name: FunctionName; readonly signature: string; readonly summary: string }[] =
  Object.freeze(
    FUNCTION_NAMES.map((name) => Object.freeze({ name, signature: DEFINITIONS[name].signature, summary: DEFINITIONS[name].summary })),
  );
