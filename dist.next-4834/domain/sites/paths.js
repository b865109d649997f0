const MAX_PATH_BYTES = 512;
const MAX_SEGMENT_BYTES = 255;
const SEGMENT = /^[\p{L}\p{N}\p{M}\-._~!$&'()+,;=@ ]+$/u;
const REDIRECTS_FILE = "_redirects";
const HEADERS_FILE = "_headers";
const NOT_FOUND_FILE = "404.html";
const CONFIG_FILES = /* @__PURE__ */ new Set([REDIRECTS_FILE, HEADERS_FILE]);
function pathProblem(path) {
  if (path.length === 0) return "is empty";
  if (Buffer.byteLength(path) > MAX_PATH_BYTES) return `is longer than ${MAX_PATH_BYTES} bytes`;
  if (path.normalize("NFKC") !== path) return "holds characters that are not in normalized form (NFKC), e.g. full-width look-alikes";
  if (path.startsWith("/")) return 'is absolute; give it relative to the site root, e.g. "assets/app.js"';
  if (path.endsWith("/")) return 'ends with "/"; name a file';
  for (const segment of path.split("/")) {
    if (segment === "") return 'has an empty segment ("//")';
    if (/^\.+$/.test(segment)) return 'has a segment of dots only ("." or "..")';
    if (Buffer.byteLength(segment) > MAX_SEGMENT_BYTES) return `has a segment longer than ${MAX_SEGMENT_BYTES} bytes`;
    if (!SEGMENT.test(segment))
      return "holds a character outside letters, digits and - . _ ~ ! $ & ' ( ) + , ; = @ (no \\, %, :, control characters)";
    if (segment.startsWith(" ") || segment.endsWith(" ")) return "has a segment that starts or ends with a space";
  }
  return null;
}
function requestPath(url) {
  const query = url.indexOf("?");
  const raw = query === -1 ? url : url.slice(0, query);
  if (!raw.startsWith("/") || raw.includes("\\")) return null;
  let decoded;
  try {
    decoded = decodeURIComponent(raw);
  } catch {
    return null;
  }
  const path = decoded.slice(1);
  if (path === "") return "";
  const file = path.endsWith("/") ? path.slice(0, -1) : path;
  return pathProblem(file) === null ? path : null;
}
const queryOf = (url) => {
  const at = url.indexOf("?");
  return at === -1 ? "" : url.slice(at);
};
export {
  CONFIG_FILES,
  HEADERS_FILE,
  MAX_PATH_BYTES,
  MAX_SEGMENT_BYTES,
  NOT_FOUND_FILE,
  REDIRECTS_FILE,
  pathProblem,
  queryOf,
  requestPath
};
//# sourceMappingURL=paths.js.map
