import postgres from "postgres";
import { INVALIDATION_CHANNEL, InvalidationBus } from "./invalidation.js";
import { Lanes, prepared } from "./postgres-lanes.js";
import { translateDatabaseError } from "./sql-errors.js";
import { observed } from "./statement-observer.js";
import { TENANT_ROLE, tenantContextSql } from "./tenant-context.js";
import { registerTenantEngine } from "./with-tenant.js";
function adapt(sql) {
  return {
    async query(text, params) {
      try {
        return await prepared(sql, text, params);
      } catch (error) {
        throw translateDatabaseError(error);
      }
    },
    async exec(script) {
      try {
        await sql.unsafe(script);
      } catch (error) {
        throw translateDatabaseError(error);
      }
    }
  };
}
const ignore = () => void 0;
async function transactOn(pool, begin, options, fn) {
  let conn;
  let connecting;
  let started;
  let committed = false;
  const connection = () => connecting ??= pool.reserve().then((reserved) => {
    conn = reserved;
    started = reserved.unsafe(begin).execute();
    started.catch(ignore);
    return adapt(reserved);
  });
  const open = () => {
    if (committed) throw new Error("the transaction has been committed; no statement may follow queryAndCommit");
  };
  const tx = {
    query: async (text, params) => (open(), (await connection()).query(text, params)),
    exec: async (script) => (open(), (await connection()).exec(script)),
    queryAndCommit: async (text, params) => {
      open();
      committed = true;
      if (!connecting && options.lanes) return options.lanes.transactOne(begin, text, params);
      const inner = await connection();
      const rows = inner.query(text, params);
      const commit = conn.unsafe("commit").execute();
      commit.catch(ignore);
      const result = await rows;
      await commit.catch((error) => Promise.reject(translateDatabaseError(error)));
      return result;
    }
  };
  try {
    if (!options.pipelined) {
      await connection();
      await started;
    }
    const result = await fn(tx);
    if (connecting) await connecting;
    await started;
    if (!committed && conn) await conn.unsafe("commit");
    return result;
  } catch (error) {
    await connecting?.catch(ignore);
    if (conn) await conn.unsafe("rollback").catch(ignore);
    throw translateDatabaseError(error);
  } finally {
    conn?.release();
  }
}
async function openPostgres(url, options) {
  const { observer } = options;
  const common = {
    onnotice: () => void 0,
    // Like PGlite: a string bound to a json/jsonb parameter is JSON text, not a value to encode
    // again (postgres.js would store '"{…}"', a JSON string). Other values are encoded.
    types: {
      json: {
        to: 114,
        from: [114, 3802],
        serialize: (value) => typeof value === "string" ? value : JSON.stringify(value),
        parse: (text) => JSON.parse(text)
      }
    }
  };
  const sql = postgres(url, { ...common, max: Math.max(2, Math.ceil(options.max / 4)), connection: { application_name: "tenantbase" } });
  const tenantClient = (max, readOnly) => postgres(url, {
    ...common,
    max,
    connection: {
      role: TENANT_ROLE,
      ...readOnly ? { application_name: "tenantbase-read", default_transaction_read_only: true } : { application_name: "tenantbase-write" }
    }
  });
  const writeSql = tenantClient(Math.max(2, Math.ceil(options.max / 2)), false);
  const writeLanes = new Lanes(Math.max(2, Math.ceil(options.max / 4)), () => tenantClient(1, false));
  const readLanes = new Lanes(options.max, () => tenantClient(1, true));
  const [server] = await sql`select exists (select 1 from pg_extension where extname = 'citus') as citus`;
  const citus = server?.citus === true;
  const readsInTransaction = citus || options.tenantContext === "transaction";
  const invalidations = new InvalidationBus();
  const listener = options.listenUrl ? postgres(options.listenUrl, { ...common, max: 1 }) : sql;
  await listener.listen(
    INVALIDATION_CHANNEL,
    (payload) => invalidations.receive(payload),
    () => invalidations.dispatch(null)
  );
  const top = observed(adapt(sql), observer);
  const db = {
    kind: "postgres",
    invalidations,
    query: top.query,
    exec: top.exec,
    /** An owner transaction on a reserved connection, BEGIN awaited before `fn` runs. */
    async transaction(fn, txOptions) {
      return transactOn(sql, txOptions?.readOnly ? "begin read only" : "begin", { pipelined: false }, (tx) => fn(observed(tx, observer)));
    },
    close: async () => {
      await Promise.all([
        sql.end({ timeout: 5 }),
        readLanes.end({ timeout: 5 }),
        writeLanes.end({ timeout: 5 }),
        writeSql.end({ timeout: 5 }),
        listener === sql ? void 0 : listener.end({ timeout: 5 })
      ]);
    }
  };
  registerTenantEngine(db, async (tenantId, txOptions, fn) => {
    if (txOptions.readOnly && !txOptions.transaction) {
      const begin2 = readsInTransaction ? `begin read only; ${tenantContextSql(tenantId, { citus })}` : void 0;
      const query = (text, params) => begin2 ? readLanes.transactOne(begin2, text, params) : readLanes.read(tenantId, text, params);
      const tx = {
        query,
        queryAndCommit: query,
        exec: () => Promise.reject(new Error("exec is not available in a read outside a transaction"))
      };
      return fn(observed(tx, observer, tenantId));
    }
    const begin = `${txOptions.readOnly ? "begin read only" : "begin"}; ${tenantContextSql(tenantId, { citus })}`;
    return transactOn(writeSql, begin, { pipelined: true, lanes: writeLanes }, (tx) => fn(observed(tx, observer, tenantId)));
  });
  return db;
}
export {
  openPostgres
};
//# sourceMappingURL=postgres.js.map
