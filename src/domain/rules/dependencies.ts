import { validationError } from '../../errors.js';

/** A computed field and the fields of the same record it reads. */
export interface ComputeNode<T = unknown> {
  readonly target: string;
  readonly reads: readonly string[];
  /** Where the compute came from (its rule), for messages and the caller's bookkeeping. */
  readonly owner: T;
}

/**
 * The computes of an entity in dependency order: a compute runs after every compute of a field it
 * reads. Ties keep the given order. A cycle is refused naming its path (`total → iva → total`).
 */
export function orderComputes<T>(nodes: readonly ComputeNode<T>[], describeOwner: (owner: T) => string): ComputeNode<T>[] {
  const byTarget = new Map<string, ComputeNode<T>>();
  for (const node of nodes) {
    const other = byTarget.get(node.target);
    if (other) {
      throw validationError(
        `Field "${node.target}" is computed by two rules (${describeOwner(other.owner)} and ${describeOwner(node.owner)}); a field has one computation — delete or change one of them`,
        [{ field: `compute.${node.target}`, message: `already computed by ${describeOwner(other.owner)}` }],
      );
    }
    byTarget.set(node.target, node);
  }
  const ordered: ComputeNode<T>[] = [];
  const state = new Map<string, 'visiting' | 'done'>();
  const visit = (node: ComputeNode<T>, path: string[]) => {
    const seen = state.get(node.target);
    if (seen === 'done') return;
    if (seen === 'visiting') {
      const cycle = [...path.slice(path.indexOf(node.target)), node.target].join(' → ');
      throw validationError(
        `Computed fields depend on each other in a cycle: ${cycle}; break it by computing one of them from other fields`,
        [{ field: `compute.${node.target}`, message: `cycle ${cycle}`, cycle }],
      );
    }
    state.set(node.target, 'visiting');
    for (const read of node.reads) {
      const dependency = byTarget.get(read);
      if (dependency) visit(dependency, [...path, node.target]);
    }
    state.set(node.target, 'done');
    ordered.push(node);
  };
  for (const node of nodes) visit(node, []);
  return ordered;
}
