import { compileExpression } from "./compile.js";
import { parseExpression } from "./parser.js";
import { formatExpression } from "./format.js";
import { EXPRESSION_FUNCTIONS, FUNCTION_NAMES } from "./functions.js";
import { isTruthy, toRuleValue, valuesEqual } from "./values.js";
import { roundTo } from "./rounding.js";
import {
  EXPRESSION_LIMITS
} from "./types.js";
export {
  EXPRESSION_FUNCTIONS,
  EXPRESSION_LIMITS,
  FUNCTION_NAMES,
  compileExpression,
  formatExpression,
  isTruthy,
  parseExpression,
  roundTo,
  toRuleValue,
  valuesEqual
};
//# sourceMappingURL=index.js.map
