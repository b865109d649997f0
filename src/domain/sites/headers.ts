import { matchPattern, parsePattern, type PathPattern } from './patterns.js';
import type { RuleProblem } from './redirects.js';

/**
 * `_headers`, Netlify's format: a path pattern on a line of its own, then its headers indented
 * below it (`  Name: value`); `#` starts a comment. Every block whose pattern matches the
 * requested path applies, in file order; a header named by several is joined with ", " (as
 * Netlify does), and replaces the service's default of that name (e.g. Cache-Control,
 * X-Content-Type-Options). Headers that would break the response's framing or its caching by
 * encoding, or reach other sites (cookies on the shared domain), are refused.
 */
export const MAX_HEADER_RULES = 1000;
const MAX_VALUE_LENGTH = 4096;

export const REFUSED_HEADERS: ReadonlySet<string> = new Set([
  'content-length',
  'content-encoding',
  'transfer-encoding',
  'connection',
  'keep-alive',
  'upgrade',
  'te',
  'trailer',
  'etag',
  'vary',
  'date',
  'set-cookie',
]);

export interface HeaderRule {
  readonly path: PathPattern;
  /** Lower-case names. */
  readonly headers: ReadonlyArray<readonly [string, string]>;
}

const TOKEN = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;
const FIELD_VALUE = /^[\x20-\x7e\t]*$/;

export function parseHeaders(text: string): { rules: HeaderRule[]; problems: RuleProblem[] } {
  const rules: Array<{ path: PathPattern; headers: Array<readonly [string, string]> }> = [];
  const problems: RuleProblem[] = [];
  text.split(/\r?\n/).forEach((raw, index) => {
    const line = index + 1;
    const problem = (message: string) => void problems.push({ line, message });
    const content = raw.trim();
    if (content === '' || content.startsWith('#')) return;
    if (!/^\s/.test(raw)) {
      const path = parsePattern(content);
      if (typeof path === 'string') return problem(path);
      rules.push({ path, headers: [] });
      return;
    }
    const current = rules[rules.length - 1];
    if (!current) return problem('a header line must follow a path line');
    const colon = content.indexOf(':');
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

/** The headers `_headers` gives a request path: names lower-case, repeated names joined. */
export function headersFor(rules: readonly HeaderRule[], path: string): Map<string, string> {
  const out = new Map<string, string>();
  for (const rule of rules) {
    if (!matchPattern(rule.path, path)) continue;
    for (const [name, value] of rule.headers) {
      const before = out.get(name);
      out.set(name, before === undefined ? value : `${before}, ${value}`);
    }
  }
  return out;
}
