/**
 * The shapes of the expression language (docs/rules.md, "Expression language"): the values an
 * expression computes and the plain syntax tree the parser produces. Nothing here runs code.
 */

/** Every value an expression reads or answers. Never NaN, never ±Infinity. */
export type RuleValue = number | string | boolean | null;

/** `==` is read as `=`; `&&`, `||` and `!` as `and`, `or` and `not`. */
export type BinaryOperator = '+' | '-' | '*' | '/' | '%' | '^' | '=' | '!=' | '<' | '<=' | '>' | '>=';
export type LogicalOperator = 'and' | 'or';
export type UnaryOperator = '-' | 'not';

/**
 * The syntax tree: a discriminated union on `kind`. There is no member, index or method-call
 * node, so no expression can name anything but a field of the record or a function of the closed
 * list. `position` is 1-based (the operator's for unary/binary/logical nodes, the name's for calls
 * and fields). Function names are stored lower-cased.
 */
export type Expr =
  | { readonly kind: 'literal'; readonly value: RuleValue; readonly position: number }
  | { readonly kind: 'field'; readonly name: string; readonly position: number }
  | { readonly kind: 'unary'; readonly operator: UnaryOperator; readonly operand: Expr; readonly position: number }
  | { readonly kind: 'binary'; readonly operator: BinaryOperator; readonly left: Expr; readonly right: Expr; readonly position: number }
  | { readonly kind: 'logical'; readonly operator: LogicalOperator; readonly left: Expr; readonly right: Expr; readonly position: number }
  | { readonly kind: 'call'; readonly name: string; readonly args: readonly Expr[]; readonly position: number };

/** What an evaluation may be given besides the record: the clock `today()` and `now()` read. */
export interface EvalEnv {
  /** Defaults to the system clock. Tests inject a fixed one. */
  readonly now?: () => Date;
}

/** A compiled node: reads the frame of field values (one slot per identifier) and answers a value. */
export type Evaluator = (slots: readonly RuleValue[], env: EvalEnv) => RuleValue;

/** The limits every expression is held to (docs/rules.md, "Limits"). */
export const EXPRESSION_LIMITS = Object.freeze({
  /** Source length in UTF-8 bytes. */
  maxSourceBytes: 4096,
  /** Nodes of the syntax tree (parentheses are not nodes). */
  maxNodes: 1000,
  /** Height of the syntax tree, and nesting of parentheses. */
  maxDepth: 64,
  /** Length (UTF-16 code units) of a string an operation builds; longer answers null. */
  maxStringLength: 65_536,
});
