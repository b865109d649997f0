import { parse, protocol } from "@electric-sql/pglite";
const { serialize } = protocol;
const SYNC = serialize.sync();
const DESCRIBE_PORTAL = serialize.describe({ type: "P" });
const EXECUTE = serialize.execute({});
const COMMIT = serialize.query("commit");
const MAX_STATEMENTS = 500;
const MAX_MEMO = 1e4;
const none = () => [];
class PgliteSession {
  constructor(pg) {
    this.pg = pg;
  }
  pg;
  statements = /* @__PURE__ */ new Map();
  /** Close messages of evicted statements, sent in front of the next call. */
  closing = [];
  counter = 0;
  memo = /* @__PURE__ */ new Map();
  parsing = /* @__PURE__ */ new Map();
  tail = Promise.resolve();
  /**
   * Rows of the statement. `before()` is asked for messages to run first, in the same call and the
   * same Sync, at the moment the call is made (after any prepare call of its own).
   */
  query(text, params = [], before = none) {
    return this.run(text, params, before, false);
  }
  /**
   * Like `query`, with COMMIT in the same call behind the statement. After a failed statement the
   * server answers COMMIT with ROLLBACK, and the statement's error is thrown.
   */
  queryThenCommit(text, params, before) {
    return this.run(text, params, before, true);
  }
  /**
   * Bind + Describe + Execute of `text` (prepared if need be), for a caller that sends them itself.
   * With a `memo` key, the messages built for (statement, key) are reused: for a statement run very
   * often with few distinct values (the tenant context).
   */
  async statementMessages(text, params, memo) {
    const statement = await this.prepare(text);
    if (memo === void 0) return this.bindAndExecute(statement, params);
    const key = `${statement.name}\0${memo}`;
    let messages = this.memo.get(key);
    if (!messages) {
      if (this.memo.size >= MAX_MEMO) this.memo.clear();
      this.memo.set(key, messages = this.bindAndExecute(statement, params));
    }
    return messages;
  }
  /** A script of simple-protocol statements (no parameters), after the `before()` messages. */
  async simple(script, before = none) {
    await this.call(() => [...before(), serialize.query(script)]);
  }
  async run(text, params, before, commit) {
    const statement = await this.prepare(text);
    const messages = await this.call(() => [...before(), ...this.bindAndExecute(statement, params), SYNC, ...commit ? [COMMIT] : []]);
    const results = parse.parseResults(messages, this.pg.parsers);
    if (!commit) return results.at(-1)?.rows ?? [];
    const [last, committed] = results.slice(-2);
    if (committed?.command !== "COMMIT") throw new Error(`COMMIT answered ${committed?.command ?? "nothing"}`);
    return last?.rows ?? [];
  }
  bindAndExecute(statement, params) {
    const values = params.map((value, i) => {
      if (value === null || value === void 0) return null;
      const encode = this.pg.serializers[statement.types[i] ?? 0];
      return encode ? encode(value) : String(value);
    });
    return [serialize.bind({ statement: statement.name, values }), DESCRIBE_PORTAL, EXECUTE];
  }
  /**
   * The named statement of `text`, parsed on first use. Concurrent first uses share one Parse.
   * An evicted statement is the least recently used one; its Close goes out with the next call,
   * which cannot be a call of a statement that was just prepared (those were used more recently).
   */
  prepare(text) {
    const known = this.statements.get(text);
    if (known) {
      this.statements.delete(text);
      this.statements.set(text, known);
      return Promise.resolve(known);
    }
    let parsing = this.parsing.get(text);
    if (!parsing) {
      const name = `tb_${(++this.counter).toString(36)}`;
      parsing = this.call(() => [serialize.parse({ name, text }), serialize.describe({ type: "S", name }), SYNC]).then((messages) => {
        const statement = { name, types: parse.parseDescribeStatementResults(messages) };
        this.statements.set(text, statement);
        if (this.statements.size > MAX_STATEMENTS) {
          const [oldest, evicted] = this.statements.entries().next().value;
          this.statements.delete(oldest);
          this.closing.push(serialize.close({ type: "S", name: evicted.name }));
        }
        return statement;
      }).finally(() => this.parsing.delete(text));
      this.parsing.set(text, parsing);
    }
    return parsing;
  }
  /**
   * One call into the engine, after the calls before it have finished: PGlite collects a call's
   * messages in one slot, so calls must not overlap (statements of one transaction may be issued
   * together). Throws the first error the server reported (DatabaseError).
   */
  call(parts) {
    const run = this.tail.then(async () => {
      const message = concat(this.closing.length ? [...this.closing, SYNC, ...parts()] : parts());
      this.closing = [];
      return (await this.pg.execProtocol(message, { syncToFs: false })).messages;
    });
    this.tail = run.catch(() => void 0);
    return run;
  }
}
function concat(parts) {
  if (parts.length === 1) return parts[0];
  return Buffer.concat(parts);
}
export {
  PgliteSession
};
//# sourceMappingURL=pglite-session.js.map
