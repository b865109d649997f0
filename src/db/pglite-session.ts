import { parse, protocol, type PGlite } from '@electric-sql/pglite';
import { LRUCache } from 'lru-cache';
import type { Row } from './database.js';

const { serialize } = protocol;
const SYNC = serialize.sync();
const DESCRIBE_PORTAL = serialize.describe({ type: 'P' });
const EXECUTE = serialize.execute({});
const COMMIT = serialize.query('commit');

/** Named prepared statements kept per session; the least recently used beyond this are closed. */
const MAX_STATEMENTS = 500;
/** Memoised message sets (see `statementMessages`); the least recently used beyond this are dropped. */
const MAX_MEMO = 10_000;

type Before = () => readonly Uint8Array[];
const none: Before = () => [];

interface Statement {
  name: string;
  /** Parameter type OIDs, as the server inferred them: they choose each value's text encoding. */
  types: number[];
}

/**
 * PGlite's single connection, spoken to in the wire protocol through its public `execProtocol`.
 * Its `query()` makes six calls into the engine per statement (parse, describe, bind, describe,
 * execute, sync) and parses and plans the text every time; here a statement is parsed once into a
 * named prepared statement, and each later run is one call carrying Bind, Describe, Execute and
 * Sync — with, in front, whatever simple-protocol or extended messages the caller must send first
 * (BEGIN and the tenant context), so they cost no call of their own.
 *
 * Values are encoded and rows decoded with PGlite's own serializers and parsers, exactly as its
 * `query()` does. Calls never overlap (see `call`); callers keep other work out of a transaction.
 */
export class PgliteSession {
  /** Close messages of evicted statements, sent in front of the next call. */
  private closing: Uint8Array[] = [];
  /** Prepared statements by text (lru-cache): an evicted one is closed in the engine with the next call. */
  private readonly statements = new LRUCache<string, Statement>({
    max: MAX_STATEMENTS,
    dispose: (evicted, _text, reason) => {
      if (reason === 'evict') this.closing.push(serialize.close({ type: 'S', name: evicted.name }));
    },
  });
  private counter = 0;
  private readonly memo = new LRUCache<string, Uint8Array[]>({ max: MAX_MEMO });
  private readonly parsing = new Map<string, Promise<Statement>>();
  private tail: Promise<unknown> = Promise.resolve();

  constructor(private readonly pg: PGlite) {}

  /**
   * Rows of the statement. `before()` is asked for messages to run first, in the same call and the
   * same Sync, at the moment the call is made (after any prepare call of its own).
   */
  query<T extends Row>(text: string, params: readonly unknown[] = [], before: Before = none): Promise<T[]> {
    return this.run<T>(text, params, before, false);
  }

  /**
   * Like `query`, with COMMIT in the same call behind the statement. After a failed statement the
   * server answers COMMIT with ROLLBACK, and the statement's error is thrown.
   */
  queryThenCommit<T extends Row>(text: string, params: readonly unknown[], before: Before): Promise<T[]> {
    return this.run<T>(text, params, before, true);
  }

  /**
   * Bind + Describe + Execute of `text` (prepared if need be), for a caller that sends them itself.
   * With a `memo` key, the messages built for (statement, key) are reused: for a statement run very
   * often with few distinct values (the tenant context).
   */
  async statementMessages(text: string, params: readonly unknown[], memo?: string): Promise<Uint8Array[]> {
    const statement = await this.prepare(text);
    if (memo === undefined) return this.bindAndExecute(statement, params);
    const key = `${statement.name}\u0000${memo}`;
    let messages = this.memo.get(key);
    if (!messages) {
      this.memo.set(key, (messages = this.bindAndExecute(statement, params)));
    }
    return messages;
  }

  /** A script of simple-protocol statements (no parameters), after the `before()` messages. */
  async simple(script: string, before: Before = none): Promise<void> {
    await this.call(() => [...before(), serialize.query(script)]);
  }

  private async run<T extends Row>(text: string, params: readonly unknown[], before: Before, commit: boolean): Promise<T[]> {
    const statement = await this.prepare(text);
    const messages = await this.call(() => [...before(), ...this.bindAndExecute(statement, params), SYNC, ...(commit ? [COMMIT] : [])]);
    const results = parse.parseResults(messages, this.pg.parsers);
    if (!commit) return (results.at(-1)?.rows ?? []) as T[];
    const [last, committed] = results.slice(-2);
    if (committed?.command !== 'COMMIT') throw new Error(`COMMIT answered ${committed?.command ?? 'nothing'}`);
    return (last?.rows ?? []) as T[];
  }

  private bindAndExecute(statement: Statement, params: readonly unknown[]): Uint8Array[] {
    const values = params.map((value, i) => {
      if (value === null || value === undefined) return null;
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
  private prepare(text: string): Promise<Statement> {
    const known = this.statements.get(text);
    if (known) return Promise.resolve(known);
    let parsing = this.parsing.get(text);
    if (!parsing) {
      const name = `tb_${(++this.counter).toString(36)}`;
      parsing = this.call(() => [serialize.parse({ name, text }), serialize.describe({ type: 'S', name }), SYNC])
        .then((messages) => {
          const statement = { name, types: parse.parseDescribeStatementResults(messages) };
          this.statements.set(text, statement);
          return statement;
        })
        .finally(() => this.parsing.delete(text));
      this.parsing.set(text, parsing);
    }
    return parsing;
  }

  /**
   * One call into the engine, after the calls before it have finished: PGlite collects a call's
   * messages in one slot, so calls must not overlap (statements of one transaction may be issued
   * together). Throws the first error the server reported (DatabaseError).
   */
  private call(parts: () => readonly Uint8Array[]) {
    const run = this.tail.then(async () => {
      // Closes go first, ended by their own Sync (outside a transaction block it only ends theirs).
      const message = concat(this.closing.length ? [...this.closing, SYNC, ...parts()] : parts());
      this.closing = [];
      return (await this.pg.execProtocol(message, { syncToFs: false })).messages;
    });
    this.tail = run.catch(() => undefined);
    return run;
  }
}

function concat(parts: readonly Uint8Array[]): Uint8Array {
  if (parts.length === 1) return parts[0]!;
  return Buffer.concat(parts);
}
