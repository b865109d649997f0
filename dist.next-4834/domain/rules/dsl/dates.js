import { toNumber } from "./values.js";
const DAY_MS = 864e5;
const ISO = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,9}))?)?(Z|[+-]\d{2}:?\d{2})?)?$/i;
function parseDate(value) {
  if (typeof value !== "string" || value.length > 40) return null;
  const m = ISO.exec(value.trim());
  if (!m) return null;
  const [year, month, day, hour = 0, minute = 0, second = 0] = m.slice(1, 7).map((part) => part === void 0 ? void 0 : Number(part));
  const fraction = Number(`0.${m[7] ?? "0"}`) * 1e3;
  if (month < 1 || month > 12 || hour > 23 || minute > 59 || second > 59) return null;
  const date = /* @__PURE__ */ new Date(0);
  date.setUTCFullYear(year, month - 1, day);
  if (date.getUTCDate() !== day || date.getUTCMonth() !== month - 1) return null;
  date.setUTCHours(hour, minute, second, Math.floor(fraction));
  const offset = parseOffset(m[8]);
  if (offset === null) return null;
  return { ms: date.getTime() - offset, dateOnly: m[4] === void 0 };
}
function parseOffset(text) {
  if (text === void 0 || text.toUpperCase() === "Z") return 0;
  const digits = text.slice(1).replace(":", "");
  const hours = Number(digits.slice(0, 2));
  const minutes = Number(digits.slice(2));
  if (hours > 23 || minutes > 59) return null;
  return (text[0] === "-" ? -1 : 1) * (hours * 60 + minutes) * 6e4;
}
function formatDate(ms, dateOnly) {
  const date = new Date(ms);
  const year = date.getUTCFullYear();
  if (!Number.isFinite(ms) || !(year >= 0 && year <= 9999)) return null;
  const iso = date.toISOString();
  return dateOnly ? iso.slice(0, 10) : iso;
}
const dayNumber = (ms) => Math.floor(ms / DAY_MS);
function daysBetween(a, b) {
  const from = parseDate(a);
  const to = parseDate(b);
  return from && to ? dayNumber(to.ms) - dayNumber(from.ms) : null;
}
function addDays(value, days) {
  const date = parseDate(value);
  const n = toNumber(days);
  if (!date || n === null || Math.abs(n) > 4e6) return null;
  return formatDate(date.ms + Math.trunc(n) * DAY_MS, date.dateOnly);
}
function datePart(value, part) {
  const date = parseDate(value);
  if (!date) return null;
  const d = new Date(date.ms);
  return part === "year" ? d.getUTCFullYear() : part === "month" ? d.getUTCMonth() + 1 : d.getUTCDate();
}
function clockText(now, dateOnly) {
  return now instanceof Date ? formatDate(now.getTime(), dateOnly) : null;
}
export {
  addDays,
  clockText,
  datePart,
  daysBetween,
  formatDate,
  parseDate
};
//# sourceMappingURL=dates.js.map
