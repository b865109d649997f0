import { describe, expressionError } from "./expression-error.js";
import { EXPRESSION_LIMITS } from "./types.js";
const SYMBOLS = [
  "===",
  "!==",
  "==",
  "!=",
  "<>",
  ">=",
  "<=",
  "&&",
  "||",
  "+",
  "-",
  "*",
  "/",
  "%",
  "^",
  "=",
  "<",
  ">",
  "!",
  "(",
  ")",
  ",",
  ".",
  "[",
  "]"
];
const NUMBER = /\d+(?:\.\d+)?(?:[eE][+-]?\d+)?/y;
const NAME = /[\p{L}_][\p{L}\p{N}_]*/uy;
const NAME_START = /^[\p{L}_]/u;
const NAME_CHAR = /[\p{L}\p{N}_]/u;
const SPACE = /\s+/y;
const ESCAPES = {
  n: "\n",
  t: "	",
  r: "\r",
  b: "\b",
  f: "\f",
  v: "\v",
  "0": "\0",
  "\\": "\\",
  "'": "'",
  '"': '"'
};
const CHARACTER_HINTS = {
  "`": "template strings are not supported: write text in single or double quotes",
  "\\": "a backslash escape is only allowed inside a quoted string",
  "{": "objects are not supported",
  "}": "objects are not supported",
  ";": 'an expression is one formula: statements and ";" are not supported',
  "?": 'use if(condition, then, else) instead of "?"',
  ":": 'use if(condition, then, else) instead of "? :"',
  "&": 'use "and" (or "&&")',
  "|": 'use "or" (or "||")'
};
function byteLimitPosition(source) {
  if (source.length * 3 <= EXPRESSION_LIMITS.maxSourceBytes) return void 0;
  let bytes = 0;
  for (let i = 0; i < source.length; i++) {
    const code = source.charCodeAt(i);
    bytes += code < 128 ? 1 : code < 2048 || code >= 55296 && code < 57344 ? 2 : 3;
    if (bytes > EXPRESSION_LIMITS.maxSourceBytes) return i + 1;
  }
  return void 0;
}
function tokenize(source, options) {
  const tooLong = byteLimitPosition(source);
  if (tooLong !== void 0) {
    const limit = `at most ${EXPRESSION_LIMITS.maxSourceBytes} bytes`;
    throw expressionError(options, tooLong, `an expression of ${limit}`, `the expression is longer than ${limit} (UTF-8)`);
  }
  const tokens = [];
  let i = 0;
  while (i < source.length) {
    SPACE.lastIndex = i;
    if (SPACE.test(source)) {
      i = SPACE.lastIndex;
      continue;
    }
    const c = source[i];
    const position = i + 1;
    if (c >= "0" && c <= "9") {
      NUMBER.lastIndex = i;
      NUMBER.test(source);
      const text = source.slice(i, NUMBER.lastIndex);
      const value = Number(text);
      const next = source[NUMBER.lastIndex];
      if (next !== void 0 && (NAME_CHAR.test(next) || next === "." && /\d/.test(source[NUMBER.lastIndex + 1] ?? ""))) {
        throw expressionError(
          options,
          NUMBER.lastIndex + 1,
          "an operator after a number",
          `unexpected ${describe(next)} after the number ${text}`
        );
      }
      if (!Number.isFinite(value)) throw expressionError(options, position, "a finite number", `the number ${text} is too large`);
      tokens.push({ kind: "number", value, text, position });
      i = NUMBER.lastIndex;
    } else if (c === '"' || c === "'") {
      const token = readString(source, i, options);
      tokens.push(token);
      i += token.text.length;
    } else if (NAME_START.test(source.slice(i, i + 2))) {
      NAME.lastIndex = i;
      NAME.test(source);
      tokens.push({ kind: "name", text: source.slice(i, NAME.lastIndex), position });
      i = NAME.lastIndex;
    } else {
      const symbol = SYMBOLS.find((s) => source.startsWith(s, i));
      if (symbol === void 0) {
        const code = source.codePointAt(i);
        const shown = String.fromCodePoint(code);
        const hint = CHARACTER_HINTS[c] ?? "it has no meaning in an expression";
        throw expressionError(options, position, "a value or an operator", `unexpected character '${shown}': ${hint}`);
      }
      tokens.push({ kind: "symbol", text: symbol, position });
      i += symbol.length;
    }
  }
  tokens.push({ kind: "end", text: "", position: source.length + 1 });
  return tokens;
}
function readString(source, start, options) {
  const quote = source[start];
  let value = "";
  let i = start + 1;
  while (i < source.length) {
    const c = source[i];
    if (c === quote) return { kind: "string", value, text: source.slice(start, i + 1), position: start + 1 };
    if (c !== "\\") {
      value += c;
      i++;
      continue;
    }
    const next = source[i + 1] ?? "";
    if (next === "u") {
      const [char, length] = readUnicodeEscape(source, i, options);
      value += char;
      i += length;
    } else if (Object.hasOwn(ESCAPES, next)) {
      value += ESCAPES[next];
      i += 2;
    } else if (next === "") {
      break;
    } else {
      const problem = `unknown escape '\\${next}' in a string (write \\\\ for a backslash)`;
      throw expressionError(options, i + 1, `one of \\n \\t \\r \\b \\f \\v \\0 \\\\ \\' \\" \\uXXXX \\u{X}`, problem);
    }
  }
  throw expressionError(options, start + 1, `a closing ${quote}`, `the string that starts here is not closed with ${quote}`);
}
function readUnicodeEscape(source, i, options) {
  const braced = /^\\u\{([0-9a-fA-F]{1,6})\}/.exec(source.slice(i, i + 10));
  const plain = /^\\u([0-9a-fA-F]{4})/.exec(source.slice(i, i + 6));
  const hex = braced?.[1] ?? plain?.[1];
  const code = hex === void 0 ? NaN : parseInt(hex, 16);
  if (!(code <= 1114111)) {
    throw expressionError(options, i + 1, "\\uXXXX or \\u{X\u2026} up to 10FFFF", "invalid unicode escape in a string");
  }
  return [String.fromCodePoint(code), (braced ?? plain)[0].length];
}
export {
  tokenize
};
//# sourceMappingURL=lexer.js.map
