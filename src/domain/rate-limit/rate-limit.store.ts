import type { Queryable } from '../../db/database.js';

/**
 * Fixed-window counters in the `rate_limit_counters` table (migration 013), so every instance of the
 * service counts against the same numbers. One row per limit key: the start of its current window
 * and the hits counted in it. Each call is one statement, atomic under concurrency
 * (`insert … on conflict do update` locks the key's row).
 */
export class DatabaseRateLimitStore {
  constructor(private readonly db: Queryable) {}

  /** Counts one hit in the window starting at `windowStart` (a newer window restarts at 1); answers the window's hits. */
  async increment(key: string, windowStart: Date): Promise<number> {
    const [row] = await this.db.query<{ hits: number }>(
      `insert into rate_limit_counters as c (key, window_start, hits) values ($1, $2, 1)
       on conflict (key) do update
         set hits = case when c.window_start = excluded.window_start then c.hits + 1 else 1 end,
             window_start = excluded.window_start
       returning hits`,
      [key, windowStart],
    );
    return row!.hits;
  }

  /** The hits counted in the window starting at `windowStart` (0 when the key's window is older). */
  async read(key: string, windowStart: Date): Promise<number> {
    const [row] = await this.db.query<{ hits: number }>('select hits from rate_limit_counters where key = $1 and window_start = $2', [
      key,
      windowStart,
    ]);
    return row?.hits ?? 0;
  }

  async reset(key: string): Promise<void> {
    await this.db.query('delete from rate_limit_counters where key = $1', [key]);
  }

  /** Removes counters whose window started before `before` (only keys starting with `prefix`, when given); answers how many. */
  async prune(before: Date, prefix?: string): Promise<number> {
    const rows = await this.db.query(
      'delete from rate_limit_counters where window_start < $1 and ($2::text is null or starts_with(key, $2)) returning key',
      [before, prefix ?? null],
    );
    return rows.length;
  }
}
