import { mkdirSync } from "node:fs";
import { PGlite, protocol } from "@electric-sql/pglite";
import { btree_gin } from "@electric-sql/pglite/contrib/btree_gin";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { unaccent } from "@electric-sql/pglite/contrib/unaccent";
import { InvalidationBus } from "./invalidation.js";
import { PgliteSession } from "./pglite-session.js";
import { observed } from "./statement-observer.js";
import { translateDatabaseError } from "./sql-errors.js";
import { TENANT_ROLE, tenantContextSql } from "./tenant-context.js";
import { registerTenantEngine } from "./with-tenant.js";
const READ_CONTEXT = "select set_config('role', $1, true), set_config('app.tenant_id', $2, true), set_config('transaction_read_only', 'on', true)";
async function translated(work) {
  try {
    return await work;
  } catch (error) {
    throw translateDatabaseError(error);
  }
}
const DEFAULT_SHARED_BUFFERS = "16MB";
async function openPglite(dataDir, { observer, sharedBuffers = DEFAULT_SHARED_BUFFERS } = {}) {
  if (dataDir) mkdirSync(dataDir, { recursive: true });
  const pg = await PGlite.create(dataDir, {
    extensions: { unaccent, pg_trgm, btree_gin },
    startParams: [...PGlite.defaultStartParams, "-c", `shared_buffers=${sharedBuffers}`]
  });
  const session = new PgliteSession(pg);
  let queue = Promise.resolve();
  const exclusive = (fn) => {
    const run = queue.then(fn, fn);
    queue = run.catch(() => void 0);
    return run;
  };
  const transaction = (fn, begin, tenantId) => exclusive(async () => {
    let pending = [protocol.serialize.query(begin)];
    let committed = false;
    const take = () => {
      const before = pending ?? [];
      pending = null;
      return before;
    };
    const opening = () => {
      if (committed) throw new Error("the transaction has been committed; no statement may follow queryAndCommit");
      return take();
    };
    const tx = {
      query: (text, params) => translated(session.query(text, params, opening)),
      exec: (script) => translated(session.simple(script, opening)),
      queryAndCommit: (text, params) => {
        if (committed) return Promise.reject(new Error("the transaction has been committed"));
        committed = true;
        return translated(session.queryThenCommit(text, params ?? [], take));
      }
    };
    try {
      const result = await fn(observed(tx, observer, tenantId));
      if (pending === null && !committed) await translated(session.simple("commit"));
      return result;
    } catch (error) {
      if (pending === null) await session.simple("rollback").catch(() => void 0);
      throw error;
    }
  });
  const tenantRead = (tenantId, fn) => {
    const tenant = tenantId.toLowerCase();
    const query = (text, params) => exclusive(
      () => translated(
        session.statementMessages(READ_CONTEXT, [TENANT_ROLE, tenant], tenant).then((before) => session.query(text, params, () => before))
      )
    );
    const tx = {
      query,
      queryAndCommit: query,
      exec: () => Promise.reject(new Error("exec is not available in a read outside a transaction"))
    };
    return fn(observed(tx, observer, tenantId));
  };
  const top = observed(
    {
      query: (text, params) => exclusive(() => translated(session.query(text, params))),
      exec: (script) => exclusive(() => translated(session.simple(script)))
    },
    observer
  );
  const db = {
    kind: "pglite",
    // One process owns an embedded database: its own dispatch after COMMIT is all there is to hear.
    invalidations: new InvalidationBus(),
    query: top.query,
    exec: top.exec,
    transaction: (fn, options) => transaction(fn, options?.readOnly ? "begin read only" : "begin"),
    close: () => exclusive(() => pg.close())
  };
  registerTenantEngine(db, (tenantId, options, fn) => {
    if (options.readOnly && !options.transaction) return tenantRead(tenantId, fn);
    return transaction(fn, `${options.readOnly ? "begin read only" : "begin"}; ${tenantContextSql(tenantId)}`, tenantId);
  });
  return db;
}
export {
  DEFAULT_SHARED_BUFFERS,
  openPglite
};
//# sourceMappingURL=pglite.js.map
