import { translateDatabaseError } from "./sql-errors.js";
const SET_TENANT = "select set_config($1, $2, false)";
const ignore = () => void 0;
class Lanes {
  lanes;
  next = 0;
  constructor(count, open) {
    this.lanes = Array.from({ length: Math.max(1, count) }, () => ({ sql: open(), pending: 0 }));
  }
  /** One statement of a tenant's read, run as described above; its rows. */
  async read(tenantId, text, params) {
    const tenant = tenantId.toLowerCase();
    return await this.queue((sql) => {
      const set = sql.unsafe(SET_TENANT, ["app.tenant_id", tenant], { prepare: true }).execute();
      return [prepared(sql, text, params), set];
    });
  }
  /** `begin` (BEGIN and context, parameter-free), the statement and COMMIT; the statement's rows. */
  async transactOne(begin, text, params) {
    return await this.queue((sql) => {
      const started = sql.unsafe(begin).execute();
      const rows = prepared(sql, text, params);
      const commit = sql.unsafe("commit").execute();
      return [rows, started, commit];
    });
  }
  end(options) {
    return Promise.all(this.lanes.map((lane) => lane.sql.end(options))).then(ignore);
  }
  /**
   * Queues one unit on the least busy lane. `unit` queues its statements synchronously and returns
   * them, the one whose rows are wanted first: its error is the one thrown; the others must succeed
   * too for its rows to be returned.
   */
  async queue(unit) {
    const lane = this.pick();
    lane.pending++;
    try {
      const [main, ...others] = unit(lane.sql);
      for (const other of others) other.catch(ignore);
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
  pick() {
    const { lanes } = this;
    let best = lanes[this.next];
    this.next = (this.next + 1) % lanes.length;
    if (best.pending === 0) return best;
    for (const lane of lanes) if (lane.pending < best.pending) best = lane;
    return best;
  }
}
function prepared(sql, text, params) {
  return sql.unsafe(text, params ?? [], { prepare: true }).execute();
}
export {
  Lanes,
  prepared
};
//# sourceMappingURL=postgres-lanes.js.map
