/**
 * The bookkeeping of the router check (sql-routing.ts): which `tenant_id`s are equal to which
 * values (a union-find), and which names a query level can refer to.
 */

/** A value a `tenant_id` is equated with: `$n` or a literal, and what it is at run time. */
export interface Value {
  label: string;
  actual: string | undefined;
}

/** One reference to a table in a statement. */
export interface Rel {
  name: string;
  tenant: boolean;
  /** Its `tenant_id`'s node in TenantIds. */
  id: number;
}

/** Classes of `tenant_id`s and values known equal, each with the values it holds. */
export class TenantIds {
  private readonly parent: number[] = [];
  private readonly values = new Map<number, Value[]>();

  node(): number {
    this.parent.push(this.parent.length);
    return this.parent.length - 1;
  }

  valueNode(value: Value): number {
    const id = this.node();
    this.values.set(id, [value]);
    return id;
  }

  union(a: number, b: number): void {
    const [ra, rb] = [this.find(a), this.find(b)];
    if (ra === rb) return;
    this.parent[ra] = rb;
    this.values.set(rb, [...(this.values.get(rb) ?? []), ...(this.values.get(ra) ?? [])]);
    this.values.delete(ra);
  }

  valuesOf(id: number): Value[] {
    return this.values.get(this.find(id)) ?? [];
  }

  private find(a: number): number {
    while (this.parent[a] !== a) a = this.parent[a] = this.parent[this.parent[a]!]!;
    return a;
  }
}

/** A `tenant_id` node, and whether the level asking holds it (rather than an outer one). */
export interface Found {
  id: number;
  local: boolean;
}

/** The names a query level can refer to: its tables, derived tables and CTEs, then the outer level's. */
export class Scope {
  readonly rels = new Map<string, Rel>();
  /** Subqueries in FROM and CTE references by alias: their `tenant_id` output's node, if any. */
  readonly derived = new Map<string, number | undefined>();
  readonly cteOutputs = new Map<string, number | undefined>();
  readonly ctes: Set<string>;

  constructor(readonly outer: Scope | undefined) {
    this.ctes = new Set(outer?.ctes);
  }

  cteOutput(name: string): number | undefined {
    return this.cteOutputs.has(name) ? this.cteOutputs.get(name) : this.outer?.cteOutput(name);
  }

  /** The `tenant_id` of `alias.tenant_id`. */
  qualified(alias: string): Found | undefined {
    const rel = this.rels.get(alias);
    if (rel) return { id: rel.id, local: true };
    if (this.derived.has(alias)) return local(this.derived.get(alias));
    return outerOf(this.outer?.qualified(alias));
  }

  /** An unqualified `tenant_id`: the one tenant table of the level, else the outer level's. */
  unqualified(): Found | undefined {
    const tenants = [...this.rels.values()].filter((r) => r.tenant);
    if (tenants.length === 1) return { id: tenants[0]!.id, local: true };
    if (tenants.length === 0 && this.rels.size === 0 && this.derived.size === 1) return local([...this.derived.values()][0]);
    return tenants.length === 0 ? outerOf(this.outer?.unqualified()) : undefined;
  }
}

const local = (id: number | undefined): Found | undefined => (id === undefined ? undefined : { id, local: true });
const outerOf = (found: Found | undefined): Found | undefined => found && { id: found.id, local: false };
