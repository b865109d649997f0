import { fromZodError, validationError } from "../../errors.js";
const headerName = (lower) => lower.split("-").map((w) => w === "id" ? "ID" : w.charAt(0).toUpperCase() + w.slice(1)).join("-");
const isEmptyBody = (body) => body === void 0 || body === null || typeof body === "object" && !Array.isArray(body) && Object.keys(body).length === 0;
function parsePart(schema, value, rename) {
  const parsed = schema.safeParse(value);
  if (parsed.success) return parsed.data;
  const error = fromZodError(parsed.error);
  if (!rename || !error.details) throw error;
  throw renamed(error, rename);
}
function renamed(error, rename) {
  const details = (error.details ?? []).map((d) => d.field ? { ...d, field: rename(d.field) } : d);
  const first = details[0];
  const summary = first ? first.field ? `${first.field}: ${first.message}` : first.message : "Invalid input";
  const more = details.length > 1 ? ` (and ${details.length - 1} more problem${details.length > 2 ? "s" : ""})` : "";
  return validationError(`Invalid input \u2014 ${summary}${more}`, details);
}
function checkQueryNames(binding, query) {
  const known = new Set(Object.keys(binding.query?.shape ?? {}));
  for (const [name, value] of Object.entries(query)) {
    if (!known.has(name) && !binding.queryFamily?.pattern.test(name)) {
      const family = binding.queryFamily ? `, or ${binding.queryFamily.description}` : "";
      const accepted = known.size ? `accepted: ${[...known].join(", ")}${family}` : `this route takes no query parameters${family}`;
      throw validationError(`Unknown query parameter "${name}" (${accepted})`, [{ field: name, message: "unknown parameter" }]);
    }
    if (typeof value !== "string") throw validationError(`${name} must be given once`, [{ field: name, message: "given more than once" }]);
  }
}
function restInput(binding, raw) {
  checkQueryNames(binding, raw.query);
  const params = binding.params ? parsePart(binding.params, raw.params) : {};
  const known = Object.keys(binding.query?.shape ?? {});
  const listed = Object.fromEntries(Object.entries(raw.query).filter(([name]) => known.includes(name)));
  const query = binding.query ? parsePart(binding.query, listed) : {};
  if (binding.queryFamily) {
    for (const [name, value] of Object.entries(raw.query)) {
      if (!known.includes(name)) query[name] = parsePart(binding.queryFamily.schema, value, () => name);
    }
  }
  let body;
  if (binding.body) {
    body = raw.body === void 0 && binding.bodyOptional ? void 0 : parsePart(binding.body, raw.body);
  } else if (!isEmptyBody(raw.body)) {
    throw validationError(`This route takes no request body`, [{ field: "body", message: "not accepted here" }]);
  }
  const headerValues = binding.headers ? Object.fromEntries(
    Object.keys(binding.headers.shape).map((name) => {
      const value = raw.headers[name];
      return [name, Array.isArray(value) ? value[0] : value];
    })
  ) : {};
  const headers = binding.headers ? parsePart(binding.headers, headerValues, (path) => `${headerName(path)} header`) : {};
  const parts = { params, query, body, headers };
  if (binding.map) return binding.map(parts);
  return { ...query, ...typeof body === "object" && body !== null && !Array.isArray(body) ? body : {}, ...params };
}
function restArgumentName(binding, argument) {
  const [head, ...rest] = argument.split(".");
  const mapped = binding.argumentNames?.[head];
  return mapped ? [mapped, ...rest].join(".") : argument;
}
export {
  headerName,
  renamed as renameErrorFields,
  restArgumentName,
  restInput
};
//# sourceMappingURL=rest-input.js.map
