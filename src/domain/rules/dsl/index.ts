/**
 * The business-rule expression language (docs/rules.md, "Expression language"): parse and compile
 * once, evaluate per record. Everything a rule feature needs is exported here; the other files of
 * this folder are its parts.
 */
export { compileExpression, type CompiledExpression, type CompileOptions } from './compile.js';
export { parseExpression } from './parser.js';
export { formatExpression } from './format.js';
export { EXPRESSION_FUNCTIONS, FUNCTION_NAMES, type FunctionName } from './functions.js';
export { isTruthy, toRuleValue, valuesEqual } from './values.js';
export { roundTo } from './rounding.js';
export type { SourceOptions } from './expression-error.js';
export {
  EXPRESSION_LIMITS,
  type BinaryOperator,
  type EvalEnv,
  type Expr,
  type LogicalOperator,
  type RuleValue,
  type UnaryOperator,
} from './types.js';
