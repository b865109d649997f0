import { matchPattern, parsePattern } from "./patterns.js";
const MAX_HEADER_RULES = 1e3;
const MAX_VALUE_LENGTH = 4096;
const REFUSED_HEADERS = /* @__PURE__ */ new Set([
  "content-length",
  "content-encoding",
  "transfer-encoding",
  "connection",
  "keep-alive",
  "upgrade",
  "te",
  "trailer",
  "etag",
  "vary",
  "date",
  "set-cookie"
]);
const TOKEN = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;
const FIELD_VALUE = /^[\x20-\x7e\t]*$/;
function parseHeaders(text) {
  const rules = [];
  const problems = [];
  text.split(/\r?\n/).forEach((raw, index) => {
    const line = index + 1;
    const problem = (message) => void problems.push({ line, message });
    const content = raw.trim();
    if (content === "" || content.startsWith("#")) return;
    if (!/^\s/.test(raw)) {
      const path = parsePattern(content);
      if (typeof path === "string") return problem(path);
      rules.push({ path, headers: [] });
      return;
    }
    const current = rules[rules.length - 1];
    if (!current) return problem("a header line must follow a path line");
    const colon = content.indexOf(":");
    if (colon <= 0) return problem('a header line is "Name: value"');
    const name = content.slice(0, colon).trim().toLowerCase();
    const value = content.slice(colon + 1).trim();
    if (!TOKEN.test(name)) return problem(`"${name}" is not a valid header name`);
    if (REFUSED_HEADERS.has(name)) return problem(`the ${name} header cannot be set from _headers`);
    if (value.length > MAX_VALUE_LENGTH || !FIELD_VALUE.test(value))
      return problem(`the value of ${name} must be printable ASCII, at most ${MAX_VALUE_LENGTH} characters`);
    current.headers.push([name, value]);
  });
  if (rules.length > MAX_HEADER_RULES) problems.push({ line: 0, message: `more than ${MAX_HEADER_RULES} path blocks` });
  return { rules, problems };
}
function headersFor(rules, path) {
  const out = /* @__PURE__ */ new Map();
  for (const rule of rules) {
    if (!matchPattern(rule.path, path)) continue;
    for (const [name, value] of rule.headers) {
      const before = out.get(name);
      out.set(name, before === void 0 ? value : `${before}, ${value}`);
    }
  }
  return out;
}
export {
  MAX_HEADER_RULES,
  REFUSED_HEADERS,
  headersFor,
  parseHeaders
};
//# sourceMappingURL=headers.js.map
