import { AppError } from "../../../errors.js";
function expressionError(options, position, expected, problem) {
  const field = options?.field ?? "expression";
  return new AppError("VALIDATION_ERROR", `${field} at position ${position}: ${problem}`, [
    { field, position, expected, message: problem }
  ]);
}
const describe = (text) => text === "" ? "the end of the expression" : `'${text}'`;
export {
  describe,
  expressionError
};
//# sourceMappingURL=expression-error.js.map
