/**
 * Reading libpg-query's parse trees: every node is `{ NodeType: { …fields } }`, lists are arrays.
 */
export type Node = Record<string, unknown>;

/** The statements the router check analyses (sql-routing.ts). */
export const DML: readonly string[] = ['SelectStmt', 'InsertStmt', 'UpdateStmt', 'DeleteStmt'];

/** `[type, fields]` of a node, undefined for anything else. */
export const kindOf = (node: unknown): [string, Node] | undefined => {
  if (!node || typeof node !== 'object' || Array.isArray(node)) return undefined;
  const keys = Object.keys(node);
  return keys.length === 1 ? [keys[0]!, (node as Node)[keys[0]!] as Node] : undefined;
};

export const isDml = (node: unknown): boolean => DML.includes(kindOf(node)?.[0] ?? '');

export const list = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);

/** The text of a String node. */
export const str = (node: unknown): string | undefined => {
  const k = kindOf(node);
  return k?.[0] === 'String' ? (k[1].sval as string) : undefined;
};

/** The AND-ed parts of a condition. */
export function conjuncts(condition: unknown): unknown[] {
  const k = kindOf(condition);
  if (k?.[0] === 'BoolExpr' && k[1].boolop === 'AND_EXPR') return list(k[1].args).flatMap(conjuncts);
  return condition === undefined ? [] : [condition];
}

/** The one element of `in (…)`, undefined when there are more. */
export function singleItem(expr: unknown): unknown {
  const k = kindOf(expr);
  const items = k?.[0] === 'List' ? list(k[1].items) : Array.isArray(expr) ? expr : [];
  return items.length === 1 ? items[0] : undefined;
}

/** Depth-first over a parse tree; `visit` returning false skips the node's children. */
export function walk(tree: unknown, visit: (node: unknown) => boolean): void {
  if (Array.isArray(tree)) {
    for (const item of tree) walk(item, visit);
    return;
  }
  if (!tree || typeof tree !== 'object') return;
  if (!visit(tree)) return;
  for (const value of Object.values(tree)) walk(value, visit);
}
