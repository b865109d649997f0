import { validationError } from "../../errors.js";
const OPERATORS = {
  "=": "eq",
  "==": "eq",
  "!=": "ne",
  "<>": "ne",
  ">": "gt",
  ">=": "gte",
  "<": "lt",
  "<=": "lte",
  contains: "contains"
};
const FIELD = /^[\p{L}_][\p{L}\p{N}_]*$/u;
const EXAMPLE = 'e.g. status = active and total >= 100 and name contains "Garc\xEDa"';
function fail(message, position) {
  throw validationError(`Invalid filter: ${message} at position ${position} (${EXAMPLE})`, [{ field: "filter", message, position }]);
}
function readOperator(source, i) {
  const two = source.slice(i, i + 2);
  if (two === "!=" || two === "<>" || two === ">=" || two === "<=" || two === "==") return two;
  const one = source[i];
  return one === "=" || one === "<" || one === ">" ? one : null;
}
function readString(source, start) {
  const quote = source[start];
  let text = "";
  let i = start + 1;
  while (i < source.length) {
    const c = source[i];
    if (c === "\\" && i + 1 < source.length) {
      const next = source[i + 1];
      text += next === "n" ? "\n" : next === "t" ? "	" : next;
      i += 2;
    } else if (c === quote && source[i + 1] === quote) {
      text += quote;
      i += 2;
    } else if (c === quote) {
      return { kind: "string", text, start, end: i + 1 };
    } else {
      text += c;
      i += 1;
    }
  }
  return fail(`unterminated ${quote === '"' ? "double" : "single"}-quoted value`, start + 1);
}
function tokenizeFilter(source) {
  const tokens = [];
  let i = 0;
  while (i < source.length) {
    const c = source[i];
    if (/\s/u.test(c)) {
      i += 1;
      continue;
    }
    if (c === '"' || c === "'") {
      const token = readString(source, i);
      tokens.push(token);
      i = token.end;
      continue;
    }
    const op = readOperator(source, i);
    if (op) {
      tokens.push({ kind: "op", text: op, start: i, end: i + op.length });
      i += op.length;
      continue;
    }
    const start = i;
    while (i < source.length && !/\s/u.test(source[i]) && readOperator(source, i) === null) i += 1;
    tokens.push({ kind: "word", text: source.slice(start, i), start, end: i });
  }
  return tokens;
}
const isAnd = (t) => t?.kind === "word" && t.text.toLowerCase() === "and";
const isOperator = (t) => t !== void 0 && (t.kind === "op" || t.kind === "word" && t.text.toLowerCase() === "contains");
function parseFilterExpression(source) {
  const tokens = tokenizeFilter(source);
  const conditions = [];
  let i = 0;
  while (i < tokens.length) {
    const field = tokens[i];
    if (field.kind !== "word" || !FIELD.test(field.text)) {
      fail(`expected a field name, found "${field.text}"`, field.start + 1);
    }
    const opToken = tokens[i + 1];
    if (!isOperator(opToken)) {
      const at = tokens[i + 1]?.start ?? source.length;
      fail(`expected one of = != > >= < <= contains after "${field.text}"`, at + 1);
    }
    const op = OPERATORS[opToken.text.toLowerCase()];
    i += 2;
    const first = tokens[i];
    if (!first || isAnd(first) && isOperator(tokens[i + 2])) {
      fail(`missing value after "${opToken.text}" (quote an empty value: ${field.text} = "")`, (first?.start ?? source.length) + 1);
    }
    let value;
    if (first.kind === "string") {
      value = first.text;
      i += 1;
    } else {
      const endsValue = (j) => isAnd(tokens[j]) && (j === tokens.length - 1 || isOperator(tokens[j + 2]));
      let last = i;
      while (last + 1 < tokens.length && !endsValue(last + 1)) last += 1;
      const parts = tokens.slice(i, last + 1);
      const stray = parts.find((t) => t.kind !== "word");
      if (stray) fail(`unexpected "${stray.text}" in a value; put values with spaces, quotes or operators in quotes`, stray.start + 1);
      value = source.slice(first.start, tokens[last].end);
      i = last + 1;
    }
    const bareNull = first.kind === "word" && value.toLowerCase() === "null" && (op === "eq" || op === "ne");
    conditions.push(
      bareNull ? { field: field.text, op: "isNull", value: op === "eq" ? "true" : "false" } : { field: field.text, op, value }
    );
    if (i < tokens.length) {
      if (!isAnd(tokens[i])) fail(`expected "and" before "${tokens[i].text}" (only "and" joins conditions)`, tokens[i].start + 1);
      i += 1;
      if (i >= tokens.length) fail('expected a condition after "and"', source.length + 1);
    }
  }
  return conditions;
}
export {
  parseFilterExpression,
  tokenizeFilter
};
//# sourceMappingURL=filter-expression.js.map
