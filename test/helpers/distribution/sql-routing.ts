/**
 * Can a distributed PostgreSQL (Citus, tables distributed by `tenant_id`) send this statement to
 * one shard? Reads the statement's parse tree (the real PostgreSQL parser, libpg-query) and answers
 * the problems found, none when it can:
 *
 * - every reference to a tenant table is tied by `=` (or `in` of one element) — in its own query
 *   level's WHERE or JOIN … ON, directly or through other tenant tables' `tenant_id`s — to a single
 *   value (a parameter or a literal);
 * - all those values are the same value (and, inside `withTenant`, the tenant of the context);
 * - an INSERT gives `tenant_id` one value in every row; an UPDATE never assigns `tenant_id`.
 *
 * Anything it does not understand that touches a tenant table is a problem too, never a pass.
 */
import { conjuncts, isDml, kindOf, list, singleItem, str, walk, type Node } from './parse-tree.js';
import { Scope, TenantIds, type Rel, type Value } from './routing-scope.js';

export interface RoutingContext {
  readonly tenantTables: ReadonlySet<string>;
  readonly params: readonly unknown[];
  /** The tenant of `withTenant`, when the statement runs inside it. */
  readonly tenantId: string | undefined;
}

const UNCHECKED = ['MergeStmt', 'CopyStmt', 'TruncateStmt'];

/** Problems of one parsed statement (a `stmts[i].stmt` of libpg-query's answer). */
export function routingProblems(stmt: unknown, context: RoutingContext): string[] {
  return new Analysis(context).statement(stmt);
}

class Analysis {
  private readonly ids = new TenantIds();
  private readonly refs: Rel[] = [];
  private readonly problems: string[] = [];
  private readonly seen = new Set<unknown>();

  constructor(private readonly context: RoutingContext) {}

  statement(stmt: unknown): string[] {
    if (!isDml(stmt)) return this.untouched(stmt);
    this.level(stmt, new Scope(undefined));
    this.checkUnvisited(stmt);
    this.checkValues();
    return this.problems;
  }

  /**
   * A utility statement (DDL, SET, …) is not routed; only a DML statement inside it would be. Data
   * statements the check does not analyse (MERGE, COPY, TRUNCATE) are refused on tenant tables.
   */
  private untouched(stmt: unknown): string[] {
    const found: string[] = [];
    const kind = kindOf(stmt)?.[0];
    if (kind && UNCHECKED.includes(kind)) {
      walk(stmt, (node) => {
        const k = kindOf(node);
        if (k?.[0] === 'RangeVar' && this.context.tenantTables.has(k[1].relname as string))
          found.push(
            `${kind} on tenant table ${k[1].relname as string} is not checked: use SELECT/INSERT/UPDATE/DELETE with tenant_id = $n`,
          );
        return true;
      });
    }
    walk(stmt, (node) => {
      if (!isDml(node)) return true;
      found.push(...routingProblems(node, this.context));
      return false;
    });
    return found;
  }

  // ---- query levels -----------------------------------------------------------------------------

  /** One SELECT / INSERT / UPDATE / DELETE (a query level); answers its `tenant_id` output node, if any. */
  private level(stmt: unknown, outer: Scope): number | undefined {
    const [kind, body] = kindOf(stmt)!;
    const scope = new Scope(outer);
    this.withClause(body.withClause, scope);
    switch (kind) {
      case 'SelectStmt':
        return this.select(body, scope);
      case 'InsertStmt':
        this.insert(body, scope);
        return undefined;
      case 'UpdateStmt': {
        this.target(body.relation, scope);
        for (const item of list(body.fromClause)) this.fromItem(item, scope);
        for (const t of list(body.targetList)) {
          if (kindOf(t)?.[1].name === 'tenant_id' && this.isTenantTarget(body.relation))
            this.problems.push('UPDATE assigns tenant_id (the distribution column cannot change)');
        }
        this.where(body.whereClause, scope);
        this.expressions([body.targetList, body.returningClause, body.returningList], scope);
        return undefined;
      }
      case 'DeleteStmt':
        this.target(body.relation, scope);
        for (const item of list(body.usingClause)) this.fromItem(item, scope);
        this.where(body.whereClause, scope);
        this.expressions([body.returningClause, body.returningList], scope);
        return undefined;
    }
    return undefined;
  }

  private withClause(withClause: unknown, scope: Scope): void {
    for (const cte of list((withClause as Node | undefined)?.ctes)) {
      const c = kindOf(cte)![1];
      scope.ctes.add(c.ctename as string);
      const out = this.level(c.ctequery, scope);
      scope.cteOutputs.set(c.ctename as string, out);
    }
  }

  private select(body: Node, scope: Scope): number | undefined {
    if (body.op && body.op !== 'SETOP_NONE') {
      const left = this.level({ SelectStmt: body.larg }, scope);
      const right = this.level({ SelectStmt: body.rarg }, scope);
      if (left !== undefined && right !== undefined) this.ids.union(left, right);
      return left ?? right;
    }
    for (const item of list(body.fromClause)) this.fromItem(item, scope);
    this.where(body.whereClause, scope);
    this.expressions([body.targetList, body.havingClause, body.groupClause, body.sortClause, body.distinctClause], scope);
    this.expressions([body.limitCount, body.limitOffset, body.valuesLists], scope);
    for (const t of list(body.targetList)) {
      const target = kindOf(t)![1];
      const col = this.column(target.val);
      const named = (target.name as string | undefined) ?? col?.at(-1);
      if (named === 'tenant_id') return this.operand(target.val, scope);
    }
    return undefined;
  }

  private insert(body: Node, scope: Scope): void {
    const target = this.target(body.relation, scope);
    const position = list(body.cols).findIndex((c) => kindOf(c)![1].name === 'tenant_id');
    const source = kindOf(body.selectStmt)?.[1];
    if (target?.tenant) {
      if (position < 0) this.problems.push(`INSERT into ${target.name} does not name tenant_id`);
      else if (source?.valuesLists) {
        for (const row of list(source.valuesLists)) {
          const value = this.operand(list(kindOf(row)![1].items)[position], scope);
          if (value === undefined) this.problems.push(`INSERT into ${target.name}: a row's tenant_id is not a parameter or literal`);
          else this.ids.union(target.id, value);
        }
      } else if (source) {
        const rows = this.selectColumns(body.selectStmt, scope);
        const value = rows?.[position];
        if (value === undefined) this.problems.push(`INSERT into ${target.name} … SELECT: tenant_id is not tied to one value`);
        else this.ids.union(target.id, value);
      }
    }
    if (source?.valuesLists) this.expressions([source.valuesLists], scope);
    else if (source && !target?.tenant) this.level(body.selectStmt, scope);
    const conflict = body.onConflictClause as Node | undefined;
    if (conflict) {
      for (const t of list(conflict.targetList)) {
        if (kindOf(t)?.[1].name === 'tenant_id') this.problems.push('INSERT … ON CONFLICT DO UPDATE assigns tenant_id');
      }
      this.expressions([conflict.targetList, conflict.whereClause], scope);
    }
    this.expressions([body.returningClause, body.returningList], scope);
  }

  /** The nodes of an INSERT's SELECT target list, position by position (a nested level). */
  private selectColumns(stmt: unknown, outer: Scope): Array<number | undefined> | undefined {
    const body = kindOf(stmt)![1];
    if (body.op && body.op !== 'SETOP_NONE') return undefined;
    const scope = new Scope(outer);
    this.withClause(body.withClause, scope);
    for (const item of list(body.fromClause)) this.fromItem(item, scope);
    this.where(body.whereClause, scope);
    this.expressions([body.havingClause, body.groupClause, body.sortClause, body.limitCount], scope);
    this.expressions([body.targetList], scope);
    return list(body.targetList).map((t) => this.operand(kindOf(t)![1].val, scope));
  }

  private isTenantTarget(relation: unknown): boolean {
    return this.context.tenantTables.has((relation as Node).relname as string);
  }

  private target(relation: unknown, scope: Scope): Rel | undefined {
    return this.rangeVar(relation as Node, scope);
  }

  private fromItem(item: unknown, scope: Scope): void {
    const k = kindOf(item);
    if (!k) return;
    const [kind, body] = k;
    if (kind === 'RangeVar') this.rangeVar(body, scope);
    else if (kind === 'JoinExpr') {
      this.fromItem(body.larg, scope);
      this.fromItem(body.rarg, scope);
      this.where(body.quals, scope);
      if (list(body.usingClause).some((u) => str(u) === 'tenant_id')) this.usingTenant(body, scope);
    } else if (kind === 'RangeSubselect') {
      const out = this.level(body.subquery, scope);
      const alias = (body.alias as Node | undefined)?.aliasname as string | undefined;
      if (alias) scope.derived.set(alias, out);
    } else this.expressions([body], scope); // functions in FROM: their arguments may hold subqueries
  }

  /** `join … using (tenant_id)`: the two sides' tenant_ids are equal. */
  private usingTenant(join: Node, scope: Scope): void {
    const side = (item: unknown): number | undefined => {
      const k = kindOf(item);
      if (k?.[0] !== 'RangeVar') return undefined;
      const name = ((k[1].alias as Node | undefined)?.aliasname as string | undefined) ?? (k[1].relname as string);
      return scope.rels.get(name)?.id;
    };
    const [l, r] = [side(join.larg), side(join.rarg)];
    if (l !== undefined && r !== undefined) this.ids.union(l, r);
  }

  private rangeVar(body: Node, scope: Scope): Rel | undefined {
    this.seen.add(body);
    const name = body.relname as string;
    const alias = ((body.alias as Node | undefined)?.aliasname as string | undefined) ?? name;
    if (!body.schemaname && scope.ctes.has(name)) {
      scope.derived.set(alias, scope.cteOutput(name));
      return undefined;
    }
    const rel: Rel = { name, tenant: this.context.tenantTables.has(name), id: this.ids.node() };
    scope.rels.set(alias, rel);
    if (rel.tenant) this.refs.push(rel);
    return rel;
  }

  // ---- expressions --------------------------------------------------------------------------------

  /** Equalities among the AND-ed conditions of a WHERE or ON, and any subqueries anywhere in it. */
  private where(condition: unknown, scope: Scope): void {
    for (const conjunct of conjuncts(condition)) {
      const k = kindOf(conjunct);
      if (k?.[0] === 'A_Expr' && str(list(k[1].name)[0]) === '=') {
        const right = k[1].kind === 'AEXPR_IN' ? singleItem(k[1].rexpr) : k[1].kind === 'AEXPR_OP' ? k[1].rexpr : undefined;
        // A correlated equality (to an outer level's tenant_id) does not count: a subquery is routed
        // by its own restriction, so it must name the value itself.
        const a = this.operand(k[1].lexpr, scope, true);
        const b = right === undefined ? undefined : this.operand(right, scope, true);
        if (a !== undefined && b !== undefined) this.ids.union(a, b);
      }
    }
    this.expressions([condition], scope);
  }

  /** Walks expressions for subqueries (each a query level of its own, seeing this one as outer). */
  private expressions(parts: unknown[], scope: Scope): void {
    walk(parts, (node) => {
      if (!isDml(node)) return true;
      this.level(node, scope);
      return false;
    });
  }

  /**
   * The node of a `tenant_id` column reference or of a single value; undefined for anything else
   * (and, with `local`, for a reference to an outer query level).
   */
  private operand(expr: unknown, scope: Scope, local = false): number | undefined {
    const k = kindOf(expr);
    if (!k) return undefined;
    const [kind, body] = k;
    if (kind === 'TypeCast') return this.operand(body.arg, scope, local);
    if (kind === 'ParamRef') {
      const n = body.number as number;
      const actual = this.context.params[n - 1];
      return this.ids.valueNode({ label: `$${n}`, actual: typeof actual === 'string' ? actual.toLowerCase() : undefined });
    }
    if (kind === 'A_Const' && !body.isnull) {
      const text = (body.sval as Node | undefined)?.sval as string | undefined;
      return text === undefined ? undefined : this.ids.valueNode({ label: `'${text}'`, actual: text.toLowerCase() });
    }
    const col = this.column(expr);
    if (col?.at(-1) !== 'tenant_id') return undefined;
    const found = col.length === 2 ? scope.qualified(col[0]!) : scope.unqualified();
    return found && (!local || found.local) ? found.id : undefined;
  }

  private column(expr: unknown): string[] | undefined {
    const k = kindOf(expr);
    if (k?.[0] !== 'ColumnRef') return undefined;
    const fields = list(k[1].fields).map(str);
    return fields.every((f) => f !== undefined) ? (fields as string[]) : undefined;
  }

  // ---- verdict ------------------------------------------------------------------------------------

  /** A tenant table the level analysis never reached (a construct it does not know) is a problem. */
  private checkUnvisited(stmt: unknown): void {
    walk(stmt, (node) => {
      const k = kindOf(node);
      if (k?.[0] === 'RangeVar' && !this.seen.has(k[1]) && this.context.tenantTables.has(k[1].relname as string))
        this.problems.push(`${k[1].relname as string} is used in a form the router check does not understand`);
      return true;
    });
  }

  private checkValues(): void {
    const chosen = new Map<string, Value>();
    for (const ref of this.refs) {
      const values = this.ids.valuesOf(ref.id);
      if (values.length === 0) {
        this.problems.push(`${ref.name} is not restricted to one tenant (no tenant_id = $n in its own WHERE or JOIN … ON)`);
        continue;
      }
      for (const v of values) chosen.set(v.actual ?? v.label, v);
    }
    if (chosen.size > 1)
      this.problems.push(
        `tenant tables are tied to different tenant_id values (${[...chosen.values()].map((v) => v.label).join(', ')}): not one shard`,
      );
    const { tenantId } = this.context;
    const [only] = chosen.values();
    if (tenantId && chosen.size === 1 && only?.actual !== undefined && only.actual !== tenantId.toLowerCase())
      this.problems.push(`tenant_id = ${only.label} is not the tenant of the transaction`);
  }
}
