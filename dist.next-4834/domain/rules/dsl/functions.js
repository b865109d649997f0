import { addDays, clockText, datePart, daysBetween } from "./dates.js";
import { roundTo } from "./rounding.js";
import { capText, isTruthy, toNumber, toText } from "./values.js";
const ANY = Number.POSITIVE_INFINITY;
function eager(signature, summary, minArgs, maxArgs, apply) {
  return { signature, summary, minArgs, maxArgs, lazy: false, apply };
}
const numeric = (signature, summary, f) => eager(signature, summary, 1, 1, ([x]) => {
  const n = toNumber(x ?? null);
  return n === null ? null : f(n);
});
const textual = (signature, summary, f) => eager(signature, summary, 1, 1, ([x]) => x === null || x === void 0 ? null : capText(f(toText(x))));
function codePointLength(text) {
  let count = text.length;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code >= 55296 && code < 56320 && i + 1 < text.length) {
      const low = text.charCodeAt(i + 1);
      if (low >= 56320 && low < 57344) {
        count--;
        i++;
      }
    }
  }
  return count;
}
function extreme(args, pick) {
  let best = null;
  for (const arg of args) {
    const n = toNumber(arg);
    if (n !== null) best = best === null ? n : pick(best, n);
  }
  return best;
}
const DEFINITIONS = {
  len: eager("len(value)", "number of characters of the value as text; len(null) is 0", 1, 1, ([x]) => codePointLength(toText(x ?? null))),
  lower: textual("lower(text)", "the text in lower case", (s) => s.toLowerCase()),
  upper: textual("upper(text)", "the text in upper case", (s) => s.toUpperCase()),
  trim: textual("trim(text)", "the text without leading and trailing white space", (s) => s.trim()),
  round: eager("round(number, decimals?)", "rounded half away from zero to decimals places (default 0; -15\u202615)", 1, 2, ([x, d]) => {
    const n = toNumber(x ?? null);
    const places = d === void 0 ? 0 : toNumber(d);
    return n === null || places === null ? null : roundTo(n, places);
  }),
  floor: numeric("floor(number)", "the greatest integer not above the number", Math.floor),
  ceil: numeric("ceil(number)", "the least integer not below the number", Math.ceil),
  abs: numeric("abs(number)", "the number without its sign", Math.abs),
  min: eager(
    "min(a, b, \u2026)",
    "the least number among the arguments (others are skipped); null if none",
    1,
    ANY,
    (args) => extreme(args, Math.min)
  ),
  max: eager(
    "max(a, b, \u2026)",
    "the greatest number among the arguments (others are skipped); null if none",
    1,
    ANY,
    (args) => extreme(args, Math.max)
  ),
  coalesce: {
    signature: "coalesce(a, b, \u2026)",
    summary: "the first argument that is not null (later ones are not evaluated)",
    minArgs: 1,
    maxArgs: ANY,
    lazy: true,
    apply: (args, slots, env) => {
      for (const arg of args) {
        const value = arg(slots, env);
        if (value !== null) return value;
      }
      return null;
    }
  },
  concat: eager("concat(a, b, \u2026)", "the arguments as text, joined (null joins as empty text)", 1, ANY, (args) => {
    let text = "";
    for (const arg of args) text += toText(arg);
    return capText(text);
  }),
  contains: eager(
    "contains(text, part)",
    "whether text contains part, ignoring case; false when either is null",
    2,
    2,
    ([a, b]) => a === null || b === null || a === void 0 || b === void 0 ? false : toText(a).toLowerCase().includes(toText(b).toLowerCase())
  ),
  if: {
    signature: "if(condition, then, else?)",
    summary: "then when the condition is true, else otherwise (default null); only the chosen branch is evaluated",
    minArgs: 2,
    maxArgs: 3,
    lazy: true,
    apply: ([condition, then, otherwise], slots, env) => isTruthy(condition(slots, env)) ? then(slots, env) : otherwise === void 0 ? null : otherwise(slots, env)
  },
  today: eager("today()", "today's date (UTC) as YYYY-MM-DD", 0, 0, (_, env) => clockText(readClock(env), true)),
  now: eager("now()", "the current instant as an ISO 8601 UTC date-time", 0, 0, (_, env) => clockText(readClock(env), false)),
  days_between: eager(
    "days_between(from, to)",
    "calendar days from one date to another (negative when to is earlier)",
    2,
    2,
    ([a, b]) => daysBetween(a ?? null, b ?? null)
  ),
  add_days: eager(
    "add_days(date, days)",
    "the date moved by whole days, in the form it was written",
    2,
    2,
    ([d, n]) => addDays(d ?? null, n ?? null)
  ),
  year: eager("year(date)", "the year of the date", 1, 1, ([d]) => datePart(d ?? null, "year")),
  month: eager("month(date)", "the month of the date, 1\u201312", 1, 1, ([d]) => datePart(d ?? null, "month")),
  day: eager("day(date)", "the day of the month of the date, 1\u201331", 1, 1, ([d]) => datePart(d ?? null, "day"))
};
const readClock = (env) => env.now ? env.now() : /* @__PURE__ */ new Date();
const FUNCTIONS = Object.freeze(Object.assign(/* @__PURE__ */ Object.create(null), DEFINITIONS));
const FUNCTION_NAMES = Object.freeze(Object.keys(DEFINITIONS));
function lookupFunction(name) {
  const key = name.toLowerCase();
  return Object.hasOwn(FUNCTIONS, key) ? FUNCTIONS[key] : void 0;
}
const EXPRESSION_FUNCTIONS = Object.freeze(
  FUNCTION_NAMES.map((name) => Object.freeze({ name, signature: DEFINITIONS[name].signature, summary: DEFINITIONS[name].summary }))
);
export {
  EXPRESSION_FUNCTIONS,
  FUNCTION_NAMES,
  lookupFunction
};
//# sourceMappingURL=functions.js.map
