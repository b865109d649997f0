const ERROR_CODES = [
  "VALIDATION_ERROR",
  "BUSINESS_RULE_ERROR",
  "UNAUTHORIZED",
  "FORBIDDEN",
  "NOT_FOUND",
  "CONFLICT",
  "PAYLOAD_TOO_LARGE",
  "RATE_LIMITED",
  "REQUEST_TIMEOUT",
  "URI_TOO_LONG",
  "HEADERS_TOO_LARGE",
  "INTERNAL_ERROR"
];
class AppError extends Error {
  code;
  details;
  /** Seconds a client should wait (RATE_LIMITED). */
  retryAfter;
  constructor(code, message, details, options) {
    super(message, options?.cause === void 0 ? void 0 : { cause: options.cause });
    this.name = "AppError";
    this.code = code;
    this.details = details && details.length > 0 ? details : void 0;
    this.retryAfter = options?.retryAfter;
  }
}
const validationError = (message, details) => new AppError("VALIDATION_ERROR", message, details);
const notFound = (message) => new AppError("NOT_FOUND", message);
const conflict = (message, details) => new AppError("CONFLICT", message, details);
const unauthorized = (message = "Missing or invalid credentials") => new AppError("UNAUTHORIZED", message);
const forbidden = (message) => new AppError("FORBIDDEN", message);
function fromZodError(error, prefix) {
  const details = error.issues.map((issue) => {
    const field = [prefix, ...issue.path.map(String)].filter(Boolean).join(".");
    return field ? { field, message: issue.message } : { message: issue.message };
  });
  const first = details[0];
  const summary = first ? first.field ? `${first.field}: ${first.message}` : first.message : "Invalid input";
  const more = details.length > 1 ? ` (and ${details.length - 1} more problem${details.length > 2 ? "s" : ""})` : "";
  return validationError(`Invalid input \u2014 ${summary}${more}`, details);
}
const OPEN = "\uE000";
const SEP = "\uE001";
const CLOSE = "\uE002";
const SURFACE_MARKER = new RegExp(`${OPEN}(tool|text)${SEP}([^${OPEN}${CLOSE}]*?)(?:${SEP}([^${OPEN}${CLOSE}]*))?${CLOSE}`, "g");
const toolRef = (operationName) => `${OPEN}tool${SEP}${operationName}${CLOSE}`;
const bySurface = (text) => `${OPEN}text${SEP}${text.rest}${SEP}${text.mcp}${CLOSE}`;
export {
  AppError,
  ERROR_CODES,
  SURFACE_MARKER,
  bySurface,
  conflict,
  forbidden,
  fromZodError,
  notFound,
  toolRef,
  unauthorized,
  validationError
};
//# sourceMappingURL=errors.js.map
