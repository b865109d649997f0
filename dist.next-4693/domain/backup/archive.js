import { validationError } from "../../errors.js";
const ARCHIVE_FORMAT = "tenantbase-backup";
const ARCHIVE_FORMAT_VERSION = 1;
const isObject = (v) => typeof v === "object" && v !== null && !Array.isArray(v);
function parseLine(text, lineNumber) {
  try {
    return JSON.parse(text);
  } catch {
    throw validationError(`The backup archive is damaged: line ${lineNumber} is not JSON`);
  }
}
function checkHeader(value) {
  if (!isObject(value) || value.format !== ARCHIVE_FORMAT) {
    throw validationError("This is not a Tenantbase backup archive (its first line does not say so)");
  }
  if (value.formatVersion !== ARCHIVE_FORMAT_VERSION) {
    throw validationError(
      `The backup archive has format version ${String(value.formatVersion)}; this service reads version ${ARCHIVE_FORMAT_VERSION}`
    );
  }
  const tenant = value.tenant;
  if (!isObject(tenant) || typeof tenant.id !== "string" || typeof tenant.name !== "string" || typeof tenant.slug !== "string" || typeof tenant.description !== "string" || !isObject(value.tables)) {
    throw validationError("The backup archive is damaged: its header lacks the tenant or the table counts");
  }
  return value;
}
function isTrailer(value) {
  return isObject(value) && value.end === true && typeof value.rows === "number";
}
function checkRow(value, lineNumber) {
  if (!isObject(value) || typeof value.table !== "string" || !isObject(value.row)) {
    throw validationError(`The backup archive is damaged: line ${lineNumber} is neither a row nor the end`);
  }
  return value;
}
export {
  ARCHIVE_FORMAT,
  ARCHIVE_FORMAT_VERSION,
  checkHeader,
  checkRow,
  isTrailer,
  parseLine
};
//# sourceMappingURL=archive.js.map
