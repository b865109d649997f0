import { STATUS_CODES } from "node:http";
import { AppError } from "../../errors.js";
import { assertCleanInput } from "../input-guard.js";
import { headerName } from "./rest-input.js";
function rawEnvelope(status, code, message) {
  const body = JSON.stringify({ success: false, error: { code, message } });
  return `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r
Content-Type: application/json; charset=utf-8\r
Content-Length: ${Buffer.byteLength(body)}\r
Connection: close\r
\r
${body}`;
}
function clientErrorHandler(error, socket) {
  if (error.code === "ECONNRESET" || socket.destroyed) return;
  const [status, code, message] = error.code === "HPE_HEADER_OVERFLOW" ? [431, "HEADERS_TOO_LARGE", "The request line and headers are larger than the server accepts"] : error.code === "ERR_HTTP_REQUEST_TIMEOUT" ? [408, "REQUEST_TIMEOUT", "The request was not received in time"] : [400, "VALIDATION_ERROR", "Malformed HTTP request"];
  if (socket.writable) socket.end(rawEnvelope(status, code, message));
  else socket.destroy();
}
function refuseIncompletePreflight(request) {
  if (request.method !== "OPTIONS") return;
  const missing = ["origin", "access-control-request-method"].filter((h) => !request.headers[h]);
  if (missing.length === 0) return;
  throw new AppError(
    "VALIDATION_ERROR",
    `Incomplete CORS preflight: an OPTIONS request needs the ${missing.map(headerName).join(" and ")} header${missing.length > 1 ? "s" : ""}`,
    missing.map((h) => ({ field: `${headerName(h)} header`, message: "missing" }))
  );
}
function guardRequestInput(request) {
  const headers = Object.entries(request.headers).map(([name, value]) => [value, `${headerName(name)} header`]);
  assertCleanInput([[request.params, ""], [request.query, ""], ...headers, [request.body, ""]]);
}
function installEdgeGuards(app) {
  app.addHook("onRequest", async (request) => refuseIncompletePreflight(request));
  app.addHook("preValidation", async (request) => guardRequestInput(request));
}
export {
  clientErrorHandler,
  guardRequestInput,
  installEdgeGuards,
  refuseIncompletePreflight
};
//# sourceMappingURL=edge.js.map
