import type { FieldDefinition } from '../entities/entity.types.js';
import type { FieldType } from '../entities/field-types.js';

/** A value accepted for a field, in the form it is stored; or the reason it is refused. */
export type FieldCheck = { ok: true; value: unknown } | { ok: false; message: string };

const ok = (value: unknown): FieldCheck => ({ ok: true, value });
const fail = (message: string): FieldCheck => ({ ok: false, message });

import { UUID_PATTERN } from '../../uuid.js';

export { UUID_PATTERN };
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const PHONE_PATTERN = /^\+?[0-9 ()./-]{3,32}$/;
const NUMERIC_STRING = /^\s*[-+]?(\d+(\.\d*)?|\.\d+)([eE][-+]?\d+)?\s*$/;
const DATE_ONLY = /^(\d{4})-(\d{2})-(\d{2})$/;
const DATE_TIME = /^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})?$/i;
const MAX_TEXT = 100_000;

const isPlainObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v) && Object.getPrototypeOf(v) === Object.prototype;

const configNumber = (field: FieldDefinition, key: string) =>
  typeof field.config[key] === 'number' ? (field.config[key] as number) : undefined;

/** Strings, within the field's `minLength` / `maxLength` when it sets them. */
function text(value: unknown, field: FieldDefinition): FieldCheck {
  if (typeof value !== 'string') return fail('must be a string');
  const max = Math.min(configNumber(field, 'maxLength') ?? MAX_TEXT, MAX_TEXT);
  const min = configNumber(field, 'minLength');
  if (value.length > max) return fail(`must be at most ${max} characters`);
  if (min !== undefined && value.length < min) return fail(`must be at least ${min} characters`);
  return ok(value);
}

/** A number within the field's `min` / `max` when it sets them. */
function inRange(n: number, field: FieldDefinition): FieldCheck {
  const min = configNumber(field, 'min');
  const max = configNumber(field, 'max');
  if (min !== undefined && n < min) return fail(`must be at least ${min}`);
  if (max !== undefined && n > max) return fail(`must be at most ${max}`);
  return ok(n);
}

/** A finite JSON number; a numeric string is converted (docs/records.md). */
export function toNumber(value: unknown): number | undefined {
  if (typeof value === 'number') return Number.isFinite(value) ? value : undefined;
  if (typeof value === 'string' && NUMERIC_STRING.test(value)) {
    const n = Number(value);
    return Number.isFinite(n) ? n : undefined;
  }
  return undefined;
}

/** `YYYY-MM-DD` stays as it is; a date-time becomes UTC ISO 8601 with milliseconds, so text order is time order. */
export function normalizeDate(value: unknown, allowDateOnly: boolean): string | undefined {
  if (typeof value !== 'string') return undefined;
  const s = value.trim();
  const dateOnly = DATE_ONLY.exec(s);
  if (dateOnly) {
    const [, y, m, d] = dateOnly;
    const date = new Date(Date.UTC(Number(y), Number(m) - 1, Number(d)));
    const valid = date.getUTCFullYear() === Number(y) && date.getUTCMonth() === Number(m) - 1 && date.getUTCDate() === Number(d);
    if (!valid) return undefined;
    return allowDateOnly ? s : date.toISOString();
  }
  if (!DATE_TIME.test(s)) return undefined;
  const t = Date.parse(s.replace(' ', 'T'));
  if (Number.isNaN(t)) return undefined;
  const [, y, m, d] = DATE_ONLY.exec(s.slice(0, 10)) ?? [];
  const check = new Date(Date.UTC(Number(y), Number(m) - 1, Number(d)));
  if (check.getUTCMonth() !== Number(m) - 1 || check.getUTCDate() !== Number(d)) return undefined;
  return new Date(t).toISOString();
}

/** `config.options`: strings or `{ value, label }` (docs/entities.md). */
export function selectOptions(field: FieldDefinition): string[] {
  const options = Array.isArray(field.config.options) ? (field.config.options as unknown[]) : [];
  return options.flatMap((o) => {
    if (typeof o === 'string') return [o];
    if (isPlainObject(o) && (typeof o.value === 'string' || typeof o.value === 'number')) return [String(o.value)];
    return [];
  });
}

/** The entity a relation points at: `config.relatedEntity`, or `config.entity` (docs/entities.md). */
export function relatedEntityOf(field: FieldDefinition): string | undefined {
  const target = field.config.relatedEntity ?? field.config.entity;
  return typeof target === 'string' && target ? target : undefined;
}

function strictObject(value: unknown, allowed: readonly string[]): Record<string, unknown> | string {
  if (!isPlainObject(value)) return 'must be an object';
  const extra = Object.keys(value).filter((k) => !allowed.includes(k));
  return extra.length ? `has unknown keys: ${extra.join(', ')} (allowed: ${allowed.join(', ')})` : value;
}

function optionalString(o: Record<string, unknown>, key: string): string | undefined {
  const v = o[key];
  return v === undefined || v === null || typeof v === 'string' ? undefined : `${key} must be a string`;
}

/**
 * One value check per field type. Keyed by FieldType so the type checker refuses a type without
 * one. Each returns the stored form (numbers as JSON numbers, dates normalised) or a message.
 * Relation existence is checked afterwards, in one query for the whole record.
 */
export const FIELD_VALIDATORS: Record<FieldType, (value: unknown, field: FieldDefinition) => FieldCheck> = {
  text,
  textarea: text,
  email: (v) =>
    typeof v === 'string' && v.length <= 320 && EMAIL_PATTERN.test(v.trim()) ? ok(v.trim()) : fail('must be a valid email address'),
  url: (v) => {
    if (typeof v !== 'string' || v.length > 2048) return fail('must be an http(s) URL');
    try {
      const u = new URL(v);
      return u.protocol === 'http:' || u.protocol === 'https:' ? ok(v) : fail('must be an http(s) URL');
    } catch {
      return fail('must be an http(s) URL');
    }
  },
  phone: (v) =>
    typeof v === 'string' && PHONE_PATTERN.test(v.trim()) && /\d{3}/.test(v.replace(/\D/g, ''))
      ? ok(v.trim())
      : fail('must be a phone number (digits, spaces, + ( ) . -)'),
  number: (v, field) => {
    const n = toNumber(v);
    return n === undefined ? fail('must be a finite number') : inRange(n, field);
  },
  integer: (v, field) => {
    const n = toNumber(v);
    return n !== undefined && Number.isSafeInteger(n) ? inRange(n, field) : fail('must be an integer');
  },
  boolean: (v) => {
    if (typeof v === 'boolean') return ok(v);
    if (v === 'true' || v === 'false') return ok(v === 'true');
    return fail('must be true or false');
  },
  date: (v) => {
    const d = normalizeDate(v, true);
    return d === undefined ? fail('must be an ISO 8601 date (YYYY-MM-DD) or date-time') : ok(d);
  },
  datetime: (v) => {
    const d = normalizeDate(v, false);
    return d === undefined ? fail('must be an ISO 8601 date-time, e.g. 2024-05-01T10:30:00Z') : ok(d);
  },
  select: (v, field) => {
    const options = selectOptions(field);
    const s = typeof v === 'number' ? String(v) : v;
    if (typeof s === 'string' && options.includes(s)) return ok(s);
    return fail(`must be one of: ${options.map((o) => JSON.stringify(o)).join(', ')}`);
  },
  relation: (v, field) =>
    typeof v === 'string' && UUID_PATTERN.test(v)
      ? ok(v.toLowerCase())
      : fail(`must be the id (UUID) of a ${relatedEntityOf(field) ?? 'related'} record`),
  file: (v) => {
    const o = strictObject(v, ['url', 'name', 'size', 'mimeType']);
    if (typeof o === 'string') return fail(`${o}; a file is { url, name?, size?, mimeType? }`);
    if (typeof o.url !== 'string' || o.url.length === 0) return fail('url must be a non-empty string');
    const bad = optionalString(o, 'name') ?? optionalString(o, 'mimeType');
    if (bad) return fail(bad);
    if (o.size !== undefined && o.size !== null && !(typeof o.size === 'number' && Number.isFinite(o.size) && o.size >= 0)) {
      return fail('size must be a number of bytes (>= 0)');
    }
    return ok(o);
  },
  location: (v) => {
    const o = strictObject(v, ['lat', 'lng', 'address', 'city', 'country']);
    if (typeof o === 'string') return fail(`${o}; a location is { lat, lng, address?, city?, country? }`);
    const lat = toNumber(o.lat);
    const lng = toNumber(o.lng);
    if (lat === undefined || lat < -90 || lat > 90) return fail('lat must be a number between -90 and 90');
    if (lng === undefined || lng < -180 || lng > 180) return fail('lng must be a number between -180 and 180');
    const bad = optionalString(o, 'address') ?? optionalString(o, 'city') ?? optionalString(o, 'country');
    if (bad) return fail(bad);
    return ok({ ...o, lat, lng });
  },
  json: (v) => ok(v),
};

/** Field types whose values `search` looks through (docs/records.md). */
export const SEARCHABLE_TYPES: ReadonlySet<FieldType> = new Set(['text', 'textarea', 'email', 'select']);
