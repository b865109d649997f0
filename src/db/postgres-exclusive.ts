import type postgres from 'postgres';
import { deadline } from './postgres-lanes.js';
import { databaseUnavailable } from './sql-errors.js';

/**
 * A postgres.js client of one connection and the number of times that connection was lost (its
 * `onclose`). A unit of statements queued on it ran on one session only if the number did not
 * change meanwhile: after a loss, postgres.js sends what was still queued on a new session.
 */
export interface OneConnection {
  readonly sql: postgres.Sql;
  readonly losses: number;
}

/** Opens a one-connection client through `open`, which must pass `onclose` to postgres.js. */
export function openOne(open: (onclose: () => void) => postgres.Sql): OneConnection {
  let losses = 0;
  const sql = open(() => void losses++);
  return {
    sql,
    get losses() {
      return losses;
    },
  };
}

/**
 * Connections for transactions of several statements: postgres.js clients of one connection each,
 * lent to one transaction at a time. They replace postgres.js's `sql.reserve()`, whose reserved
 * connection breaks when its backend dies (postgres.js 3.4.9, the latest release): the next
 * statement on it, or the ROLLBACK after the failure, throws a TypeError from a timer
 * (`socket.write` on a null socket; porsager/postgres#1208) that no caller can catch and the
 * process exits; a released dead connection goes back to the pool as open (#1199), and a queued
 * reservation can wait forever (#1195). A one-connection client has none of that: when its
 * connection is lost it fails what was sent, and reconnects for the next statement — a fresh
 * session, which is why `transactOn` sends nothing more once the connection was lost, and fails a
 * statement that ran after the loss (see OneConnection).
 */
export class ExclusiveClients {
  private readonly all: OneConnection[];
  private readonly idle: OneConnection[];
  private readonly waiting: Array<{ resolve: (client: OneConnection) => void; reject: (error: unknown) => void }> = [];
  private ended = false;

  /**
   * `deadline`: milliseconds a transaction may wait for a client (every client busy) before it
   * answers SERVICE_UNAVAILABLE; its statements have the same deadline (transactOn, postgres.ts).
   */
  constructor(
    count: number,
    private readonly open: (onclose: () => void) => postgres.Sql,
    readonly deadline: number,
  ) {
    this.all = Array.from({ length: Math.max(1, count) }, () => openOne(open));
    this.idle = [...this.all];
  }

  /** A client for one transaction; the most recently returned first (its connection is likely open). */
  acquire(): Promise<OneConnection> {
    if (this.ended) return Promise.reject(databaseUnavailable());
    const client = this.idle.pop();
    if (client) return Promise.resolve(client);
    return new Promise((resolve, reject) => {
      const waiter = {
        resolve: (given: OneConnection) => (overdue.clear(), resolve(given)),
        reject: (error: unknown) => (overdue.clear(), reject(error)),
      };
      const overdue = deadline(this.deadline, () => {
        const at = this.waiting.indexOf(waiter);
        if (at >= 0) this.waiting.splice(at, 1);
      });
      overdue.expired.catch(reject);
      this.waiting.push(waiter);
    });
  }

  /**
   * Returns a client: to the longest waiting transaction, else to the idle ones. A `stuck` one (a
   * statement on it outlived the deadline: postgres.js may never settle it, porsager/postgres#1186;
   * or its connection was lost while lent, after which postgres.js can wedge it: docs/operations.md)
   * is ended at once and a new client takes its place, so that it never keeps a slot.
   */
  release(client: OneConnection, stuck = false): void {
    if (stuck && !this.ended) {
      client.sql.end({ timeout: 0 }).catch(() => undefined);
      const fresh = openOne(this.open);
      this.all[this.all.indexOf(client)] = fresh;
      client = fresh;
    }
    const next = this.waiting.shift();
    if (next) next.resolve(client);
    else this.idle.push(client);
  }

  async end(options: { timeout: number }): Promise<void> {
    this.ended = true;
    for (const waiter of this.waiting.splice(0)) waiter.reject(databaseUnavailable());
    await Promise.all(this.all.map((client) => client.sql.end(options)));
  }
}
