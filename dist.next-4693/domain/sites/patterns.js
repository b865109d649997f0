const trimSlashes = (path) => path.replace(/^\/+|\/+$/g, "");
function parsePattern(source) {
  if (!source.startsWith("/")) return `"${source}" must start with "/"`;
  const star = source.indexOf("*");
  if (star !== -1 && star !== source.length - 1) return `"${source}": "*" may only end a pattern`;
  const splat = star !== -1;
  const body = trimSlashes(splat ? source.slice(0, -1) : source);
  const segments = body === "" ? [] : body.split("/");
  if (segments.some((s) => s === "")) return `"${source}" has an empty segment`;
  return { source, segments, splat };
}
function matchPattern(pattern, path) {
  const trimmed = trimSlashes(path);
  const parts = trimmed === "" ? [] : trimmed.split("/");
  const { segments } = pattern;
  if (pattern.splat ? parts.length < segments.length : parts.length !== segments.length) return null;
  const captures = {};
  for (let i = 0; i < segments.length; i++) {
    const want = segments[i];
    const got = parts[i];
    if (want.startsWith(":") && want.length > 1) captures[want.slice(1)] = got;
    else if (want !== got) return null;
  }
  if (pattern.splat) captures.splat = parts.slice(segments.length).join("/");
  return captures;
}
function fillTarget(target, captures, encode = (v) => v) {
  return target.replace(/:([A-Za-z_][A-Za-z0-9_]*)/g, (whole, name) => {
    const value = captures[name];
    return value === void 0 ? whole : encode(value);
  });
}
const encodePath = (value) => value.split("/").map(encodeURIComponent).join("/");
export {
  encodePath,
  fillTarget,
  matchPattern,
  parsePattern
};
//# sourceMappingURL=patterns.js.map
