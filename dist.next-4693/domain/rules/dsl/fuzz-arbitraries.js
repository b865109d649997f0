import fc from "fast-check";
import { FUNCTION_NAMES, lookupFunction } from "./functions.js";
const IDENTIFIERS = [
  "a",
  "b",
  "x",
  "cantidad",
  "precio",
  "fecha",
  "nombre",
  "a\xF1o",
  "constructor",
  "__proto__",
  "prototype",
  "toString",
  "valueOf",
  "hasOwnProperty",
  "this",
  "process",
  "globalThis",
  "require",
  "Function",
  "eval"
];
const BINARY = ["+", "-", "*", "/", "%", "^", "=", "!=", "<", "<=", ">", ">="];
const at = { position: 0 };
const literal = fc.oneof(
  fc.constantFrom(0, 1, 2, 10, 100, 0.5, 1e308, 5e-324, 2 ** 53).map((value) => ({ kind: "literal", value, ...at })),
  fc.double({ min: 0, noNaN: true, noDefaultInfinity: true }).map((value) => ({ kind: "literal", value: Math.abs(value), ...at })),
  fc.oneof(
    fc.string({ maxLength: 8 }),
    fc.string({ unit: "binary", maxLength: 8 }),
    fc.constantFrom("2024-02-29", "2024-01-01T10:00:00Z", "12.5", "")
  ).map((value) => ({ kind: "literal", value, ...at })),
  fc.constantFrom(true, false, null).map((value) => ({ kind: "literal", value, ...at }))
);
const field = fc.constantFrom(...IDENTIFIERS).map((name) => ({ kind: "field", name, ...at }));
const expression = fc.letrec((tie) => ({
  expr: fc.oneof(
    { maxDepth: 8, depthSize: "small" },
    literal,
    field,
    fc.record({
      kind: fc.constant("unary"),
      operator: fc.constantFrom("-", "not"),
      operand: tie("expr"),
      ...at0()
    }),
    fc.record({
      kind: fc.constant("binary"),
      operator: fc.constantFrom(...BINARY),
      left: tie("expr"),
      right: tie("expr"),
      ...at0()
    }),
    fc.record({
      kind: fc.constant("logical"),
      operator: fc.constantFrom("and", "or"),
      left: tie("expr"),
      right: tie("expr"),
      ...at0()
    }),
    fc.constantFrom(...FUNCTION_NAMES).chain((name) => {
      const definition = lookupFunction(name);
      const args = fc.array(tie("expr"), {
        minLength: definition.minArgs,
        maxLength: Math.min(definition.maxArgs, definition.minArgs + 2)
      });
      return args.map((list) => ({ kind: "call", name, args: list, ...at }));
    })
  )
})).expr;
function at0() {
  return { position: fc.constant(0) };
}
const TOKENS = [
  ..."()+-*/%^=<>!,.[]\"'\\`{};?:&|$#@".split(""),
  ...["==", "!=", "<=", ">=", "&&", "||", "===", "<>", "${", "=>", "and", "or", "not", "true", "false", "null", "NULL", "And"],
  ...["0", "1", "2.5", "1e308", "1e-7", "9".repeat(400), '"str"', "'it\\'s'", '"\\u0041"', '"\\u{1F600}"', "'\\q'", '"'],
  ...[" ", "\n", "	", "\xA0", "\xE9", "\u{1F600}", "\0", "\uD800", "x.trim()", "a.b", "a[0]", "new", "this", "import", "return"],
  ...FUNCTION_NAMES,
  ...IDENTIFIERS
];
const tokenSoup = fc.tuple(fc.array(fc.constantFrom(...TOKENS), { minLength: 1, maxLength: 30 }), fc.boolean()).map(([tokens, spaced]) => tokens.join(spaced ? " " : ""));
const rawString = fc.oneof(
  fc.string({ unit: "binary", maxLength: 60 }),
  fc.string({ unit: fc.constantFrom(..."()+-*/%^=<>!&|,.'\"\\ `0123456789abcxyz_e".split("")), maxLength: 60 })
);
const edit = fc.record({
  at: fc.nat(),
  kind: fc.constantFrom("insert", "delete", "replace", "duplicate"),
  token: fc.constantFrom(...TOKENS),
  length: fc.integer({ min: 1, max: 6 })
});
function applyEdit(text, { at: where, kind, token, length }) {
  const i = text.length === 0 ? 0 : where % (text.length + 1);
  const slice = text.slice(i, i + length);
  switch (kind) {
    case "insert":
      return text.slice(0, i) + token + text.slice(i);
    case "delete":
      return text.slice(0, i) + text.slice(i + length);
    case "replace":
      return text.slice(0, i) + token + text.slice(i + length);
    case "duplicate":
      return text.slice(0, i) + slice + slice + text.slice(i);
  }
}
function mutation(print) {
  return fc.tuple(expression, fc.array(edit, { minLength: 1, maxLength: 4 })).map(([expr, edits]) => edits.reduce(applyEdit, print(expr)));
}
const HUGE = "x".repeat(7e4);
const awkward = fc.oneof(
  fc.double(),
  fc.integer(),
  fc.constantFrom(0, -0, 1e308, -1e308, 5e-324, Number.NaN, Infinity, -Infinity, 2 ** 53 + 1),
  fc.string({ maxLength: 12 }),
  fc.constantFrom(
    "12.5",
    " 7 ",
    "1e400",
    "-0",
    "2024-02-29",
    "2024-02-30",
    "2024-01-01T23:59:59-05:00",
    "0000-01-01",
    "",
    HUGE,
    HUGE.slice(0, 4e4)
  ),
  fc.boolean(),
  fc.constantFrom(null, void 0, {}, [], [1], { lat: 1 }, /* @__PURE__ */ new Date(0), new Date(Number.NaN), 10n, () => 1, /* @__PURE__ */ Symbol("s"))
);
const record = fc.dictionary(fc.constantFrom(...IDENTIFIERS), awkward, { maxKeys: 8 });
export {
  IDENTIFIERS,
  expression,
  mutation,
  rawString,
  record,
  tokenSoup
};
//# sourceMappingURL=fuzz-arbitraries.js.map
