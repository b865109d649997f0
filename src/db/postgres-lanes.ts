import type postgres from 'postgres';
import type { Row } from './database.js';
import { translateDatabaseError } from './sql-errors.js';

const SET_TENANT = 'select set_config($1, $2, false)';
const ignore = () => undefined;

interface Lane {
  readonly sql: postgres.Sql;
  pending: number;
}

/**
 * Lanes: postgres.js clients of exactly one connection each, for tenant work that can be queued
 * whole in one synchronous step, so that no connection has to be reserved for it.
 *
 * Why a unit queued that way cannot be split: a connection runs what it is sent in the order sent,
 * and a one-connection postgres.js client sends in the order queued (its queue is FIFO, across
 * reconnects too). Nothing can be queued between the statements of one unit, whatever earlier units
 * (any tenant, failed or not) left on the session. Two kinds of unit:
 *
 * - A read (`read`, read-only lanes): the tenant, set at session level, then the statement. The
 *   statement runs right behind its own tenant; its rows are used only if that setting succeeded.
 *   A statement that ran on a fresh session without it (the connection was lost in between) sees
 *   no tenant and so no rows.
 * - A one-statement transaction (`transactOne`): BEGIN with its transaction-local context, the
 *   statement, COMMIT. After a failed statement the server answers COMMIT with ROLLBACK, and the
 *   session is idle again for the next unit. Read lanes run every read this way (BEGIN READ ONLY)
 *   where the tenant must be transaction-local: on Citus, whose workers see only SET LOCAL, and
 *   behind a pooler in transaction mode, which may hand two statements two server sessions.
 *
 * What it buys over reserving a connection per request: units of many requests share a connection
 * back to back (pipelined, written and answered together), no request holds a connection while its
 * JavaScript runs, and there is no reservation bookkeeping. Statements of one read request may run
 * on different lanes; outside a transaction each has its own snapshot anyway.
 */
export class Lanes {
  private readonly lanes: Lane[];
  private next = 0;

  constructor(count: number, open: () => postgres.Sql) {
    this.lanes = Array.from({ length: Math.max(1, count) }, () => ({ sql: open(), pending: 0 }));
  }

  /** One statement of a tenant's read, run as described above; its rows. */
  async read<T extends Row>(tenantId: string, text: string, params?: readonly unknown[]): Promise<T[]> {
    const tenant = tenantId.toLowerCase();
    return (await this.queue((sql) => {
      const set = sql.unsafe(SET_TENANT, ['app.tenant_id', tenant], { prepare: true }).execute();
      return [prepared(sql, text, params), set];
    })) as T[];
  }

  /** `begin` (BEGIN and context, parameter-free), the statement and COMMIT; the statement's rows. */
  async transactOne<T extends Row>(begin: string, text: string, params?: readonly unknown[]): Promise<T[]> {
    return (await this.queue((sql) => {
      const started = sql.unsafe(begin).execute();
      const rows = prepared(sql, text, params);
      const commit = sql.unsafe('commit').execute();
      return [rows, started, commit];
    })) as T[];
  }

  end(options: { timeout: number }): Promise<void> {
    return Promise.all(this.lanes.map((lane) => lane.sql.end(options))).then(ignore);
  }

  /**
   * Queues one unit on the least busy lane. `unit` queues its statements synchronously and returns
   * them, the one whose rows are wanted first: its error is the one thrown; the others must succeed
   * too for its rows to be returned.
   */
  private async queue(unit: (sql: postgres.Sql) => Promise<unknown>[]): Promise<unknown> {
    const lane = this.pick();
    lane.pending++;
    try {
      const [main, ...others] = unit(lane.sql);
      for (const other of others) other.catch(ignore); // awaited below, after `main` had its turn
      const result = await main;
      for (const other of others) await other;
      return result;
    } catch (error) {
      throw translateDatabaseError(error);
    } finally {
      lane.pending--;
    }
  }

  /** The lane with the fewest units in flight, searched from a rotating start. */
  private pick(): Lane {
    const { lanes } = this;
    let best = lanes[this.next]!;
    this.next = (this.next + 1) % lanes.length;
    if (best.pending === 0) return best;
    for (const lane of lanes) if (lane.pending < best.pending) best = lane;
    return best;
  }
}

/**
 * Runs a named prepared statement: an unnamed one costs two round trips per statement (postgres.js
 * first describes it to learn the parameter types). postgres.js keeps them per connection;
 * connections are recycled (max_lifetime), which bounds the set dynamic list queries make.
 * `.execute()`: queued on the connection now, in call order, not when first awaited.
 */
export function prepared(sql: postgres.Sql, text: string, params?: readonly unknown[]): Promise<unknown> {
  return sql.unsafe(text, (params ?? []) as postgres.ParameterOrJSON<never>[], { prepare: true }).execute();
}
