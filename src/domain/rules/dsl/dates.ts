import { toNumber } from './values.js';
import type { RuleValue } from './types.js';

/**
 * Dates are ISO 8601 text: `YYYY-MM-DD` (a calendar date) or a date-time (`T` or a space between,
 * optional seconds and fraction, `Z` or an offset; no offset means UTC). Date-times are instants;
 * their calendar date is taken in UTC. Anything else, or a day that does not exist, is no date.
 */

const DAY_MS = 86_400_000;
const ISO = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,9}))?)?(Z|[+-]\d{2}:?\d{2})?)?$/i;

export interface ParsedDate {
  /** Milliseconds since 1970-01-01T00:00:00Z. */
  readonly ms: number;
  /** Written as a calendar date (no time): date arithmetic answers a calendar date too. */
  readonly dateOnly: boolean;
}

export function parseDate(value: RuleValue): ParsedDate | null {
  if (typeof value !== 'string' || value.length > 40) return null;
  const m = ISO.exec(value.trim());
  if (!m) return null;
  const [year, month, day, hour = 0, minute = 0, second = 0] = m.slice(1, 7).map((part) => (part === undefined ? undefined : Number(part)));
  const fraction = Number(`0.${m[7] ?? '0'}`) * 1000;
  if (month! < 1 || month! > 12 || hour > 23 || minute > 59 || second > 59) return null;
  const date = new Date(0);
  date.setUTCFullYear(year!, month! - 1, day!);
  // A day the month does not have (02-30) rolls over into the next month: not a date.
  if (date.getUTCDate() !== day || date.getUTCMonth() !== month! - 1) return null;
  date.setUTCHours(hour, minute, second, Math.floor(fraction));
  const offset = parseOffset(m[8]);
  if (offset === null) return null;
  return { ms: date.getTime() - offset, dateOnly: m[4] === undefined };
}

function parseOffset(text: string | undefined): number | null {
  if (text === undefined || text.toUpperCase() === 'Z') return 0;
  const digits = text.slice(1).replace(':', '');
  const hours = Number(digits.slice(0, 2));
  const minutes = Number(digits.slice(2));
  if (hours > 23 || minutes > 59) return null;
  return (text[0] === '-' ? -1 : 1) * (hours * 60 + minutes) * 60_000;
}

/** An instant as text: `YYYY-MM-DD` or the full UTC form; null outside the years 0000–9999. */
export function formatDate(ms: number, dateOnly: boolean): string | null {
  const date = new Date(ms);
  const year = date.getUTCFullYear();
  if (!Number.isFinite(ms) || !(year >= 0 && year <= 9999)) return null;
  const iso = date.toISOString();
  return dateOnly ? iso.slice(0, 10) : iso;
}

/** The UTC calendar day number of an instant. */
const dayNumber = (ms: number) => Math.floor(ms / DAY_MS);

/** Calendar days from `a` to `b` (positive when `b` is later). */
export function daysBetween(a: RuleValue, b: RuleValue): number | null {
  const from = parseDate(a);
  const to = parseDate(b);
  return from && to ? dayNumber(to.ms) - dayNumber(from.ms) : null;
}

/** `date` moved by `days` whole days (truncated toward zero), in the form it was written. */
export function addDays(value: RuleValue, days: RuleValue): string | null {
  const date = parseDate(value);
  const n = toNumber(days);
  if (!date || n === null || Math.abs(n) > 4_000_000) return null;
  return formatDate(date.ms + Math.trunc(n) * DAY_MS, date.dateOnly);
}

/** One part of a date's UTC calendar date. */
export function datePart(value: RuleValue, part: 'year' | 'month' | 'day'): number | null {
  const date = parseDate(value);
  if (!date) return null;
  const d = new Date(date.ms);
  return part === 'year' ? d.getUTCFullYear() : part === 'month' ? d.getUTCMonth() + 1 : d.getUTCDate();
}

/** The injected clock as text; null when it gives an invalid date. */
export function clockText(now: Date, dateOnly: boolean): string | null {
  return now instanceof Date ? formatDate(now.getTime(), dateOnly) : null;
}
