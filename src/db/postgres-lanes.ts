import type postgres from 'postgres';
import type { Row } from './database.js';
import { databaseUnavailable, isDatabaseUnavailable, translateDatabaseError } from './sql-errors.js';

const SET_TENANT = 'select set_config($1, $2, false)';
const ignore = () => undefined;

interface Lane {
  /** Its client; replaced when a unit on it outlived the deadline (see `queue`). */
  sql: postgres.Sql;
  pending: number;
  /**
   * The tenant the last `read` queued here sets on the session, and that setting; undefined when
   * the next read must set its own (none yet, it failed, or the connection closed).
   */
  tenant: string | undefined;
  set: Promise<unknown> | undefined;
  /** How many times the lane's connection has closed: a reopened session carries no tenant. */
  closes: number;
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
 *   When the read queued last on the lane set the same tenant, the setting is not sent again: the
 *   statement runs behind that one, with only reads of the same tenant between them (nothing else
 *   sets it), and its rows are used only if that setting succeeded. A setting that failed is never
 *   reused. A statement that ran on a fresh session without its tenant (the connection was lost in
 *   between) sees no tenant and so no rows; so when the lane's connection closed while a read was
 *   queued, the read is queued again, with its own setting.
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
  private ended = false;

  /**
   * `open(onclose)`: a one-connection client that calls `onclose` whenever its connection closes.
   * `deadline`: milliseconds a unit may take (see `queue`).
   */
  constructor(
    count: number,
    private readonly open: (onclose: () => void) => postgres.Sql,
    private readonly deadline: number,
  ) {
    this.lanes = Array.from({ length: Math.max(1, count) }, () => {
      const lane: Lane = { sql: undefined as unknown as postgres.Sql, pending: 0, tenant: undefined, set: undefined, closes: 0 };
      this.reopen(lane);
      return lane;
    });
  }

  /**
   * Gives `lane` a new client; the old one's later closes no longer count. A client whose connection
   * closes while units are in flight on it is replaced too (right after the close): postgres.js
   * 3.4.9 keeps statements that were in flight when a socket closed with an error on the connection,
   * carries them into its reconnect, and from then on answers nothing queued on that client
   * (docs/operations.md, "No call waits forever"). Ending the old client fails what it still holds:
   * a read is then sent again on the new one (`read`), a one-statement transaction answers
   * SERVICE_UNAVAILABLE as after any lost connection.
   */
  private reopen(lane: Lane): void {
    const sql: postgres.Sql = this.open(() => {
      if (lane.sql !== sql) return;
      lane.closes++;
      lane.tenant = lane.set = undefined;
      if (lane.pending > 0) setImmediate(() => this.replace(lane, sql));
    });
    lane.sql = sql;
  }

  /** Replaces `lane`'s client `sql` (if it still is its client) by a new one, and ends `sql` at once. */
  private replace(lane: Lane, sql: postgres.Sql): void {
    if (lane.sql !== sql || this.ended) return;
    lane.closes++;
    lane.tenant = lane.set = undefined;
    this.reopen(lane);
    sql.end({ timeout: 0 }).catch(ignore);
  }

  /** One statement of a tenant's read, run as described above; its rows. */
  async read<T extends Row>(tenantId: string, text: string, params?: readonly unknown[]): Promise<T[]> {
    const tenant = tenantId.toLowerCase();
    for (let attempt = 1; ; attempt++) {
      let closes = 0;
      let lane: Lane | undefined;
      const sent = this.queue((sql, queued) => {
        lane = queued;
        closes = queued.closes;
        if (queued.tenant !== tenant || !queued.set) {
          const set = sql.unsafe(SET_TENANT, ['app.tenant_id', tenant], { prepare: true }).execute();
          queued.tenant = tenant;
          queued.set = set;
          set.catch(() => {
            if (queued.set === set) queued.tenant = queued.set = undefined;
          });
        }
        return [prepared(sql, text, params), queued.set];
      }, tenant);
      let rows: unknown;
      try {
        rows = await sent;
      } catch (error) {
        // Lost with its connection (or its client, replaced): a read is sent again.
        if (attempt < 3 && lane !== undefined && lane.closes !== closes && isDatabaseUnavailable(error)) continue;
        throw error;
      }
      if (lane!.closes === closes) return rows as T[];
      // The connection closed meanwhile: the statement may have run on a new session without its tenant.
      if (attempt === 3) throw databaseUnavailable();
    }
  }

  /** `begin` (BEGIN and context, parameter-free), the statement and COMMIT; the statement's rows. */
  async transactOne<T extends Row>(begin: string, text: string, params?: readonly unknown[]): Promise<T[]> {
    let lane: Lane | undefined;
    let closes = 0;
    let beginLost = false;
    const lost = () => beginLost || (lane !== undefined && lane.closes !== closes);
    try {
      const rows = await this.queue((sql, queued) => {
        lane = queued;
        closes = queued.closes;
        const started = sql.unsafe(begin).execute();
        // postgres.js can fail BEGIN with the error of a connection lost before and still send the
        // statement behind it on the new session (porsager/postgres#1223): then the statement's own
        // error (e.g. row-level security refusing a row without its tenant) is not the answer.
        started.catch((error: unknown) => void (beginLost = isDatabaseUnavailable(error)));
        const rows = prepared(sql, text, params);
        const commit = sql.unsafe('commit').execute();
        return [rows, started, commit];
      });
      // The connection closed meanwhile (or BEGIN was lost): what was still queued ran on a new
      // session without what went ahead of it (the statement outside its transaction, without its tenant). Unlike a
      // read it is not repeated: a write may have committed.
      if (lost()) throw databaseUnavailable();
      return rows as T[];
    } catch (error) {
      throw lost() ? databaseUnavailable(error) : error;
    }
  }

  end(options: { timeout: number }): Promise<void> {
    this.ended = true;
    return Promise.all(this.lanes.map((lane) => lane.sql.end(options))).then(ignore);
  }

  /**
   * Queues one unit on the least busy lane. `unit` queues its statements synchronously and returns
   * them, the one whose rows are wanted first: its error is the one thrown; the others must succeed
   * too for its rows to be returned.
   *
   * A unit that has not settled within the deadline answers SERVICE_UNAVAILABLE, and its lane gets
   * a new client: postgres.js 3.4.9 can leave a query queued across a lost connection unsettled for
   * good (porsager/postgres#1186), and every unit queued behind it on that client with it. The old
   * client is ended at once: every unit still on it answers SERVICE_UNAVAILABLE, as after any lost
   * connection (a write may have committed). Its later closes no longer count on the lane
   * (`reopen`), and the lane's own count goes up: the new session carries no tenant.
   */
  private async queue(unit: (sql: postgres.Sql, lane: Lane) => Promise<unknown>[], tenant?: string): Promise<unknown> {
    const lane = this.pick(tenant);
    lane.pending++;
    const sql = lane.sql;
    const overdue = deadline(this.deadline, () => this.replace(lane, sql));
    try {
      const [main, ...others] = unit(sql, lane);
      for (const other of others) other.catch(ignore); // awaited below, after `main` had its turn
      const result = await Promise.race([main, overdue.expired]);
      for (const other of others) await Promise.race([other, overdue.expired]);
      return result;
    } catch (error) {
      throw translateDatabaseError(error);
    } finally {
      overdue.clear();
      lane.pending--;
    }
  }

  /**
   * The lane with the fewest units in flight, searched from a rotating start; among those, one whose
   * session already has `tenant`.
   */
  private pick(tenant?: string): Lane {
    const { lanes } = this;
    let best = lanes[this.next]!;
    this.next = (this.next + 1) % lanes.length;
    if (best.pending === 0 && (tenant === undefined || best.tenant === tenant)) return best;
    for (const lane of lanes) {
      if (
        lane.pending < best.pending ||
        (lane.pending === best.pending && tenant !== undefined && lane.tenant === tenant && best.tenant !== tenant)
      ) {
        best = lane;
      }
    }
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

/**
 * A deadline of `ms` milliseconds: `expired` rejects with SERVICE_UNAVAILABLE once it passed, after
 * `onExpire` ran; `clear` when the work settled in time.
 */
export function deadline(ms: number, onExpire: () => void): { expired: Promise<never>; clear: () => void } {
  let timer: NodeJS.Timeout | undefined;
  const expired = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      try {
        onExpire();
      } finally {
        reject(databaseUnavailable(new Error(`no answer from the database within ${ms} ms`)));
      }
    }, ms);
  });
  expired.catch(ignore);
  return { expired, clear: () => clearTimeout(timer) };
}
