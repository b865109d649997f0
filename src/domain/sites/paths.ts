/**
 * File paths of a site. A site is a map from path to content — no file system is ever touched —
 * yet paths are held to a strict shape, so that nothing that looks like a way out of the site (a
 * `..` in any spelling, a separator look-alike, an absolute or drive path, an encoded character)
 * is ever stored or looked up:
 *
 * - relative, `/`-separated segments; no empty segment, no leading or trailing `/`;
 * - a segment is letters, digits and marks of any script (NFKC-stable: no full-width or other
 *   compatibility look-alikes) and the ASCII characters `- . _ ~ ! $ & ' ( ) + , ; = @` and space
 *   (not first or last); never only dots;
 * - at most MAX_PATH_BYTES bytes (UTF-8), MAX_SEGMENT_BYTES per segment.
 */
export const MAX_PATH_BYTES = 512;
export const MAX_SEGMENT_BYTES = 255;

const SEGMENT = /^[\p{L}\p{N}\p{M}\-._~!$&'()+,;=@ ]+$/u;

/** Files that configure the site; deployed like any file, never served. */
export const REDIRECTS_FILE = '_redirects';
export const HEADERS_FILE = '_headers';
export const NOT_FOUND_FILE = '404.html';
export const CONFIG_FILES: ReadonlySet<string> = new Set([REDIRECTS_FILE, HEADERS_FILE]);

/** Why `path` cannot be a site file's path, or null when it can. */
export function pathProblem(path: string): string | null {
  if (path.length === 0) return 'is empty';
  if (Buffer.byteLength(path) > MAX_PATH_BYTES) return `is longer than ${MAX_PATH_BYTES} bytes`;
  if (path.normalize('NFKC') !== path) return 'holds characters that are not in normalized form (NFKC), e.g. full-width look-alikes';
  if (path.startsWith('/')) return 'is absolute; give it relative to the site root, e.g. "assets/app.js"';
  if (path.endsWith('/')) return 'ends with "/"; name a file';
  for (const segment of path.split('/')) {
    if (segment === '') return 'has an empty segment ("//")';
    if (/^\.+$/.test(segment)) return 'has a segment of dots only ("." or "..")';
    if (Buffer.byteLength(segment) > MAX_SEGMENT_BYTES) return `has a segment longer than ${MAX_SEGMENT_BYTES} bytes`;
    if (!SEGMENT.test(segment))
      return "holds a character outside letters, digits and - . _ ~ ! $ & ' ( ) + , ; = @ (no \\, %, :, control characters)";
    if (segment.startsWith(' ') || segment.endsWith(' ')) return 'has a segment that starts or ends with a space';
  }
  return null;
}

/**
 * The site path a request URL names (`/a/b.html?x` → `a/b.html`, `/` → ``), or null when it can
 * name no file: not percent-decodable UTF-8, not absolute-path form, or decoding to a path no
 * deploy accepts (a trailing `/` names a folder and is kept). Decoded exactly once: `%252e` stays
 * `%2e`, which no file name holds.
 */
export function requestPath(url: string): string | null {
  const query = url.indexOf('?');
  const raw = query === -1 ? url : url.slice(0, query);
  if (!raw.startsWith('/') || raw.includes('\\')) return null;
  let decoded: string;
  try {
    decoded = decodeURIComponent(raw);
  } catch {
    return null;
  }
  const path = decoded.slice(1);
  if (path === '') return '';
  const file = path.endsWith('/') ? path.slice(0, -1) : path;
  return pathProblem(file) === null ? path : null;
}

/** The query string of a request URL, with its `?`, or ''. */
export const queryOf = (url: string) => {
  const at = url.indexOf('?');
  return at === -1 ? '' : url.slice(at);
};
