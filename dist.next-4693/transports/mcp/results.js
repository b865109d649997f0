import { AppError } from "../../errors.js";
import { renderError } from "../surface-text.js";
function errorResult(error, operations, log) {
  const appError = error instanceof AppError ? error : null;
  if (!appError || appError.code === "INTERNAL_ERROR") {
    log(`MCP tool failed unexpectedly: ${error instanceof Error ? error.stack ?? error.message : String(error)}`);
  }
  const e = appError ?? new AppError("INTERNAL_ERROR", "An unexpected error occurred; try again, and report it if it persists");
  return { isError: true, content: [{ type: "text", text: JSON.stringify(renderError(e, "mcp", operations)) }] };
}
function successResult(data, warnings = []) {
  const text = JSON.stringify(data ?? null);
  const plain = JSON.parse(text);
  const structured = typeof plain === "object" && plain !== null && !Array.isArray(plain) ? plain : Array.isArray(plain) ? { items: plain } : { value: plain };
  const content = [{ type: "text", text }];
  if (warnings.length) content.push({ type: "text", text: JSON.stringify({ warnings }) });
  return { content, structuredContent: structured };
}
export {
  errorResult,
  successResult
};
//# sourceMappingURL=results.js.map
