import { AppError, validationError } from "../../errors.js";
import { compileExpression } from "./dsl/index.js";
const isObject = (v) => typeof v === "object" && v !== null && !Array.isArray(v);
function checkExpression(source, fields, path, problems) {
  const text = typeof source === "number" || typeof source === "boolean" ? String(source) : source;
  if (typeof text !== "string" || text.trim() === "") {
    problems.push({ field: path, message: 'an expression (text) is required, e.g. "cantidad * precio"' });
    return void 0;
  }
  try {
    return compileExpression(text, { fields, field: path });
  } catch (error) {
    if (error instanceof AppError && error.details) problems.push(...error.details);
    else throw error;
    return void 0;
  }
}
const describeProblem = (p) => `${p.field ? `${p.field}${typeof p.position === "number" ? ` at position ${p.position}` : ""}: ` : ""}${p.message}`;
function throwIfProblems(problems, summary = "Invalid business rule") {
  if (problems.length === 0) return;
  const more = problems.length > 1 ? ` (and ${problems.length - 1} more problem${problems.length > 2 ? "s" : ""})` : "";
  throw validationError(`${summary} \u2014 ${describeProblem(problems[0])}${more}; nothing was stored`, problems);
}
const oneOf = (values) => values.map((v) => `"${v}"`).join(", ");
export {
  checkExpression,
  isObject,
  oneOf,
  throwIfProblems
};
//# sourceMappingURL=rule-problems.js.map
