/**
 * Path patterns of `_redirects` and `_headers` (Netlify's syntax): literal segments, `:name`
 * placeholders (one segment each) and a final `*` (the rest of the path, `:splat` in a target).
 * A trailing slash does not matter: `/about` and `/about/` are one path.
 */
export interface PathPattern {
  readonly source: string;
  readonly segments: readonly string[];
  readonly splat: boolean;
}

export type Captures = Readonly<Record<string, string>>;

const trimSlashes = (path: string) => path.replace(/^\/+|\/+$/g, '');

/** Why `source` is not a pattern, or the pattern. */
export function parsePattern(source: string): PathPattern | string {
  if (!source.startsWith('/')) return `"${source}" must start with "/"`;
  const star = source.indexOf('*');
  if (star !== -1 && star !== source.length - 1) return `"${source}": "*" may only end a pattern`;
  const splat = star !== -1;
  const body = trimSlashes(splat ? source.slice(0, -1) : source);
  const segments = body === '' ? [] : body.split('/');
  if (segments.some((s) => s === '')) return `"${source}" has an empty segment`;
  return { source, segments, splat };
}

/** The placeholders a site path (no leading `/`) gives `pattern`, or null when it does not match. */
export function matchPattern(pattern: PathPattern, path: string): Captures | null {
  const trimmed = trimSlashes(path);
  const parts = trimmed === '' ? [] : trimmed.split('/');
  const { segments } = pattern;
  if (pattern.splat ? parts.length < segments.length : parts.length !== segments.length) return null;
  const captures: Record<string, string> = {};
  for (let i = 0; i < segments.length; i++) {
    const want = segments[i]!;
    const got = parts[i]!;
    if (want.startsWith(':') && want.length > 1) captures[want.slice(1)] = got;
    else if (want !== got) return null;
  }
  if (pattern.splat) captures.splat = parts.slice(segments.length).join('/');
  return captures;
}

/**
 * `target` with `:splat` and `:name` replaced by what the match captured (unknown names stay),
 * each value passed through `encode` (URLs percent-encode it; site paths take it as it is).
 */
export function fillTarget(target: string, captures: Captures, encode: (value: string) => string = (v) => v): string {
  return target.replace(/:([A-Za-z_][A-Za-z0-9_]*)/g, (whole, name: string) => {
    const value = captures[name];
    return value === undefined ? whole : encode(value);
  });
}

/** Percent-encodes each segment of a captured path, keeping its `/`. */
export const encodePath = (value: string) => value.split('/').map(encodeURIComponent).join('/');
