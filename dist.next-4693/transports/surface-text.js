import { AppError, SURFACE_MARKER } from "../errors.js";
const routeText = (method, path) => `${method} ${path.replace(/:([A-Za-z0-9_]+)/g, "{$1}")}`;
function restRouteOf(operations, name, current) {
  if (current?.operation === name) return routeText(current.method, current.path);
  const binding = operations.find((op) => op.name === name)?.rest[0];
  return binding ? routeText(binding.method, binding.path) : name;
}
function renderText(text, surface, operations, current) {
  let out = text;
  for (let before = ""; before !== out; ) {
    before = out;
    out = out.replace(SURFACE_MARKER, (_all, kind, first, second) => {
      if (kind === "tool") return surface === "rest" ? restRouteOf(operations, first, current) : first;
      return surface === "rest" ? first : second ?? first;
    });
  }
  return out;
}
function renderError(error, surface, operations, current) {
  const e = error instanceof AppError ? error : new AppError("INTERNAL_ERROR", "An unexpected error occurred");
  const details = e.details?.map((d) => ({ ...d, message: renderText(d.message, surface, operations, current) }));
  return { code: e.code, message: renderText(e.message, surface, operations, current), ...details ? { details } : {} };
}
export {
  renderError,
  renderText
};
//# sourceMappingURL=surface-text.js.map
