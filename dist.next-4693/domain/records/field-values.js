const ok = (value) => ({ ok: true, value });
const fail = (message) => ({ ok: false, message });
import { UUID_PATTERN } from "../../uuid.js";
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const PHONE_PATTERN = /^\+?[0-9 ()./-]{3,32}$/;
const NUMERIC_STRING = /^\s*[-+]?(\d+(\.\d*)?|\.\d+)([eE][-+]?\d+)?\s*$/;
const DATE_ONLY = /^(\d{4})-(\d{2})-(\d{2})$/;
const DATE_TIME = /^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})?$/i;
const MAX_TEXT = 1e5;
const isPlainObject = (v) => typeof v === "object" && v !== null && !Array.isArray(v) && Object.getPrototypeOf(v) === Object.prototype;
const configNumber = (field, key) => typeof field.config[key] === "number" ? field.config[key] : void 0;
function text(value, field) {
  if (typeof value !== "string") return fail("must be a string");
  const max = Math.min(configNumber(field, "maxLength") ?? MAX_TEXT, MAX_TEXT);
  const min = configNumber(field, "minLength");
  if (value.length > max) return fail(`must be at most ${max} characters`);
  if (min !== void 0 && value.length < min) return fail(`must be at least ${min} characters`);
  return ok(value);
}
function inRange(n, field) {
  const min = configNumber(field, "min");
  const max = configNumber(field, "max");
  if (min !== void 0 && n < min) return fail(`must be at least ${min}`);
  if (max !== void 0 && n > max) return fail(`must be at most ${max}`);
  return ok(n);
}
function toNumber(value) {
  if (typeof value === "number") return Number.isFinite(value) ? value : void 0;
  if (typeof value === "string" && NUMERIC_STRING.test(value)) {
    const n = Number(value);
    return Number.isFinite(n) ? n : void 0;
  }
  return void 0;
}
function normalizeDate(value, allowDateOnly) {
  if (typeof value !== "string") return void 0;
  const s = value.trim();
  const dateOnly = DATE_ONLY.exec(s);
  if (dateOnly) {
    const [, y2, m2, d2] = dateOnly;
    const date = new Date(Date.UTC(Number(y2), Number(m2) - 1, Number(d2)));
    const valid = date.getUTCFullYear() === Number(y2) && date.getUTCMonth() === Number(m2) - 1 && date.getUTCDate() === Number(d2);
    if (!valid) return void 0;
    return allowDateOnly ? s : date.toISOString();
  }
  if (!DATE_TIME.test(s)) return void 0;
  const t = Date.parse(s.replace(" ", "T"));
  if (Number.isNaN(t)) return void 0;
  const [, y, m, d] = DATE_ONLY.exec(s.slice(0, 10)) ?? [];
  const check = new Date(Date.UTC(Number(y), Number(m) - 1, Number(d)));
  if (check.getUTCMonth() !== Number(m) - 1 || check.getUTCDate() !== Number(d)) return void 0;
  return new Date(t).toISOString();
}
function selectOptions(field) {
  const options = Array.isArray(field.config.options) ? field.config.options : [];
  return options.flatMap((o) => {
    if (typeof o === "string") return [o];
    if (isPlainObject(o) && (typeof o.value === "string" || typeof o.value === "number")) return [String(o.value)];
    return [];
  });
}
function relatedEntityOf(field) {
  const target = field.config.relatedEntity ?? field.config.entity;
  return typeof target === "string" && target ? target : void 0;
}
function strictObject(value, allowed) {
  if (!isPlainObject(value)) return "must be an object";
  const extra = Object.keys(value).filter((k) => !allowed.includes(k));
  return extra.length ? `has unknown keys: ${extra.join(", ")} (allowed: ${allowed.join(", ")})` : value;
}
function optionalString(o, key) {
  const v = o[key];
  return v === void 0 || v === null || typeof v === "string" ? void 0 : `${key} must be a string`;
}
const FIELD_VALIDATORS = {
  text,
  textarea: text,
  email: (v) => typeof v === "string" && v.length <= 320 && EMAIL_PATTERN.test(v.trim()) ? ok(v.trim()) : fail("must be a valid email address"),
  url: (v) => {
    if (typeof v !== "string" || v.length > 2048) return fail("must be an http(s) URL");
    try {
      const u = new URL(v);
      return u.protocol === "http:" || u.protocol === "https:" ? ok(v) : fail("must be an http(s) URL");
    } catch {
      return fail("must be an http(s) URL");
    }
  },
  phone: (v) => typeof v === "string" && PHONE_PATTERN.test(v.trim()) && /\d{3}/.test(v.replace(/\D/g, "")) ? ok(v.trim()) : fail("must be a phone number (digits, spaces, + ( ) . -)"),
  number: (v, field) => {
    const n = toNumber(v);
    return n === void 0 ? fail("must be a finite number") : inRange(n, field);
  },
  integer: (v, field) => {
    const n = toNumber(v);
    return n !== void 0 && Number.isSafeInteger(n) ? inRange(n, field) : fail("must be an integer");
  },
  boolean: (v) => {
    if (typeof v === "boolean") return ok(v);
    if (v === "true" || v === "false") return ok(v === "true");
    return fail("must be true or false");
  },
  date: (v) => {
    const d = normalizeDate(v, true);
    return d === void 0 ? fail("must be an ISO 8601 date (YYYY-MM-DD) or date-time") : ok(d);
  },
  datetime: (v) => {
    const d = normalizeDate(v, false);
    return d === void 0 ? fail("must be an ISO 8601 date-time, e.g. 2024-05-01T10:30:00Z") : ok(d);
  },
  select: (v, field) => {
    const options = selectOptions(field);
    const s = typeof v === "number" ? String(v) : v;
    if (typeof s === "string" && options.includes(s)) return ok(s);
    return fail(`must be one of: ${options.map((o) => JSON.stringify(o)).join(", ")}`);
  },
  relation: (v, field) => typeof v === "string" && UUID_PATTERN.test(v) ? ok(v.toLowerCase()) : fail(`must be the id (UUID) of a ${relatedEntityOf(field) ?? "related"} record`),
  file: (v) => {
    const o = strictObject(v, ["url", "name", "size", "mimeType"]);
    if (typeof o === "string") return fail(`${o}; a file is { url, name?, size?, mimeType? }`);
    if (typeof o.url !== "string" || o.url.length === 0) return fail("url must be a non-empty string");
    const bad = optionalString(o, "name") ?? optionalString(o, "mimeType");
    if (bad) return fail(bad);
    if (o.size !== void 0 && o.size !== null && !(typeof o.size === "number" && Number.isFinite(o.size) && o.size >= 0)) {
      return fail("size must be a number of bytes (>= 0)");
    }
    return ok(o);
  },
  location: (v) => {
    const o = strictObject(v, ["lat", "lng", "address", "city", "country"]);
    if (typeof o === "string") return fail(`${o}; a location is { lat, lng, address?, city?, country? }`);
    const lat = toNumber(o.lat);
    const lng = toNumber(o.lng);
    if (lat === void 0 || lat < -90 || lat > 90) return fail("lat must be a number between -90 and 90");
    if (lng === void 0 || lng < -180 || lng > 180) return fail("lng must be a number between -180 and 180");
    const bad = optionalString(o, "address") ?? optionalString(o, "city") ?? optionalString(o, "country");
    if (bad) return fail(bad);
    return ok({ ...o, lat, lng });
  },
  json: (v) => ok(v)
};
const SEARCHABLE_TYPES = /* @__PURE__ */ new Set(["text", "textarea", "email", "select"]);
export {
  FIELD_VALIDATORS,
  SEARCHABLE_TYPES,
  UUID_PATTERN,
  normalizeDate,
  relatedEntityOf,
  selectOptions,
  toNumber
};
//# sourceMappingURL=field-values.js.map
