import type postgres from 'postgres';
import type { Queryable, Row } from './database.js';
import { translateDatabaseError } from './sql-errors.js';

const SET_TENANT = 'select set_config($1, $2, false)';
const ignore = () => undefined;

interface Lane {
  readonly sql: postgres.Sql;
  pending: number;
}

/**
 * Tenant reads outside a transaction on PostgreSQL, on "lanes": postgres.js clients of exactly one
 * connection each, started as TENANT_ROLE and read-only. Every statement is queued as a pair — the
 * tenant, set at session level, then the statement — in one synchronous step on one lane.
 *
 * Why that confines the statement to its tenant: a connection runs what it is sent in the order
 * sent, and a one-connection postgres.js client sends in the order queued (its queue is FIFO, across
 * reconnects too). Nothing can be queued between the two halves of a pair, so the statement runs
 * right after its own tenant was set, whatever earlier pairs (any tenant, failed or not) left on the
 * session. Its rows are used only if that setting succeeded; a statement that ran on a fresh session
 * without it (the connection was lost between the two) sees no tenant and so no rows.
 *
 * What it buys over reserving a connection per request: pairs of many requests share a connection
 * back to back (pipelined, written and answered together), no request holds a connection while its
 * JavaScript runs, and the pool needs no reservation bookkeeping. Statements of one request may run
 * on different lanes; outside a transaction each has its own snapshot anyway.
 */
export class ReadLanes {
  private readonly lanes: Lane[];
  private next = 0;

  constructor(count: number, open: () => postgres.Sql) {
    this.lanes = Array.from({ length: Math.max(1, count) }, () => ({ sql: open(), pending: 0 }));
  }

  /** The statements of one tenant's read; each runs as described above. */
  forTenant(tenantId: string): Pick<Queryable, 'query' | 'exec'> {
    const tenant = tenantId.toLowerCase();
    return {
      query: <T extends Row>(text: string, params?: readonly unknown[]) =>
        this.run(tenant, (sql) => sql.unsafe(text, (params ?? []) as postgres.ParameterOrJSON<never>[], { prepare: true }).execute()) as Promise<T[]>,
      exec: async (script: string) => void (await this.run(tenant, (sql) => sql.unsafe(script).execute())),
    };
  }

  end(options: { timeout: number }): Promise<void> {
    return Promise.all(this.lanes.map((lane) => lane.sql.end(options))).then(ignore);
  }

  private async run(tenant: string, statement: (sql: postgres.Sql) => Promise<unknown>): Promise<unknown> {
    const lane = this.pick();
    lane.pending++;
    try {
      // Both queued now, in this order, with nothing in between (no await until both are queued).
      const set = lane.sql.unsafe(SET_TENANT, ['app.tenant_id', tenant], { prepare: true }).execute();
      const rows = statement(lane.sql);
      set.catch(ignore); // awaited below, after the statement's own error had its turn
      const result = await rows;
      await set;
      return result;
    } catch (error) {
      throw translateDatabaseError(error);
    } finally {
      lane.pending--;
    }
  }

  /** The lane with the fewest statements in flight, searched from a rotating start. */
  private pick(): Lane {
    const { lanes } = this;
    let best = lanes[this.next]!;
    this.next = (this.next + 1) % lanes.length;
    if (best.pending === 0) return best;
    for (const lane of lanes) if (lane.pending < best.pending) best = lane;
    return best;
  }
}
