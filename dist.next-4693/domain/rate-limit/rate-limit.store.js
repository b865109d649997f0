class DatabaseRateLimitStore {
  constructor(db) {
    this.db = db;
  }
  db;
  /** Counts one hit in the window starting at `windowStart` (a newer window restarts at 1); answers the window's hits. */
  async increment(key, windowStart) {
    const [row] = await this.db.query(
      `insert into rate_limit_counters as c (key, window_start, hits) values ($1, $2, 1)
       on conflict (key) do update
         set hits = case when c.window_start = excluded.window_start then c.hits + 1 else 1 end,
             window_start = excluded.window_start
       returning hits`,
      [key, windowStart]
    );
    return row.hits;
  }
  /** The hits counted in the window starting at `windowStart` (0 when the key's window is older). */
  async read(key, windowStart) {
    const [row] = await this.db.query("select hits from rate_limit_counters where key = $1 and window_start = $2", [
      key,
      windowStart
    ]);
    return row?.hits ?? 0;
  }
  async reset(key) {
    await this.db.query("delete from rate_limit_counters where key = $1", [key]);
  }
  /** Removes counters whose window started before `before` (only keys starting with `prefix`, when given); answers how many. */
  async prune(before, prefix) {
    const rows = await this.db.query(
      "delete from rate_limit_counters where window_start < $1 and ($2::text is null or starts_with(key, $2)) returning key",
      [before, prefix ?? null]
    );
    return rows.length;
  }
}
export {
  DatabaseRateLimitStore
};
//# sourceMappingURL=rate-limit.store.js.map
