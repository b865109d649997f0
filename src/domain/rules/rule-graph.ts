import { compileExpression } from './dsl/index.js';
import { orderComputes, type ComputeNode } from './dependencies.js';
import { computeReads } from './normalize-compute.js';
import type { RuleDsl } from './rule.types.js';

/** A rule as the compute graph sees it. */
export interface GraphRule {
  readonly id: string | null;
  readonly name: string;
  readonly ruleDsl: RuleDsl;
}

const identifiersOf = (source: string) => compileExpression(source).identifiers;

const describeRule = (rule: GraphRule) => (rule.id ? `rule "${rule.name}" (${rule.id})` : `this rule`);

/** The compute nodes of rules, in rule order then field order. */
export function computeNodes(rules: readonly GraphRule[]): ComputeNode<GraphRule>[] {
  return rules.flatMap((rule) =>
    Object.entries(rule.ruleDsl.compute).map(([target, spec]) => ({ target, reads: computeReads(spec, identifiersOf), owner: rule })),
  );
}

/**
 * Refuses a set of rules of one entity whose computes cannot be ordered: a field computed twice,
 * or a cycle (`total → iva → total`). Run when a rule is created (against the published rules) and
 * when it is published.
 */
export function checkComputeGraph(rules: readonly GraphRule[]): void {
  orderComputes(computeNodes(rules), describeRule);
}
