const EXPRESSION_LIMITS = Object.freeze({
  /** Source length in UTF-8 bytes. */
  maxSourceBytes: 4096,
  /** Nodes of the syntax tree (parentheses are not nodes). */
  maxNodes: 1e3,
  /** Height of the syntax tree, and nesting of parentheses. */
  maxDepth: 64,
  /** Length (UTF-16 code units) of a string an operation builds; longer answers null. */
  maxStringLength: 65536
});
export {
  EXPRESSION_LIMITS
};
//# sourceMappingURL=types.js.map
