import type { z } from 'zod';
import type { Config } from '../../config.js';
import type { TenantPermission } from '../../domain/access/permissions.js';
import type { OperationContext, TenantContext } from './context.js';
import type { OperationResult } from './result.js';

/** MCP tool profiles: core ⊂ advanced ⊂ all (docs/mcp.md). */
export type Profile = 'core' | 'advanced' | 'all';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

type Out<T> = T extends z.ZodType ? z.output<T> : undefined;
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- a part the binding does not have adds nothing to the input
type Merged<T> = T extends z.ZodType ? z.output<T> : {};

/** The validated parts of a REST request, as the binding's schemas produced them. */
export interface RestParts<P = unknown, Q = unknown, B = unknown, H = unknown> {
  params: P;
  query: Q;
  body: B;
  headers: H;
}

/**
 * A family of query parameters named by a pattern rather than listed (the record list's
 * `filter.<field>[.<op>]`): documented as one exploded object parameter, accepted by `pattern`.
 */
export interface QueryFamily {
  /** Documentation name (e.g. `filter`). */
  readonly name: string;
  readonly pattern: RegExp;
  readonly schema: z.ZodType<string>;
  readonly description: string;
}

/**
 * One REST route of an operation: its inputs described with zod — path `params`, `query`,
 * JSON `body`, `headers` (lower-case names) — and how they become the operation's input (`map`;
 * default `{ ...query, ...body, ...params }`). From this one definition the route validates its
 * request (unknown query parameters are refused) and the OpenAPI document describes it.
 */
export interface RestBinding<In = unknown> {
  readonly method: HttpMethod;
  /** Starts with `/api`; `:name` segments are path parameters, each described in `params`. */
  readonly path: string;
  /** Success status; 200 unless given. */
  readonly status?: number;
  /** What the route does, in REST terms, when the operation's description speaks of tool arguments. */
  readonly description?: string;
  readonly params?: z.ZodObject;
  readonly query?: z.ZodObject;
  readonly queryFamily?: QueryFamily;
  readonly body?: z.ZodType;
  /** Whether the body may be left out (default: required when the body schema requires a value). */
  readonly bodyOptional?: boolean;
  readonly headers?: z.ZodObject;
  /** Where each operation argument comes from in REST terms, for error messages (e.g. tenantSlug → `X-Tenant-ID header`). */
  readonly argumentNames?: Readonly<Record<string, string>>;
  /** Typed by `bind`; stored with its parts erased (the route passes what the schemas produced). */
  readonly map?: (parts: RestParts<never, never, never, never>) => In;
  /** The route's own body limit in bytes, when it takes more than BODY_LIMIT (a site deploy). */
  readonly bodyLimit?: (config: Config) => number;
}

interface BindingSpec<P, Q, B, H, In> {
  method: HttpMethod;
  path: string;
  status?: number;
  description?: string;
  params?: P;
  query?: Q;
  queryFamily?: QueryFamily;
  body?: B;
  bodyOptional?: boolean;
  headers?: H;
  argumentNames?: Readonly<Record<string, string>>;
  map?: (parts: RestParts<Out<P>, Out<Q>, Out<B>, Out<H>>) => In;
  bodyLimit?: (config: Config) => number;
}

/** A REST binding whose `map` sees the types its schemas produce. */
export function bind<
  P extends z.ZodObject | undefined = undefined,
  Q extends z.ZodObject | undefined = undefined,
  B extends z.ZodType | undefined = undefined,
  H extends z.ZodObject | undefined = undefined,
  In = Merged<Q> & Merged<B> & Merged<P>,
>(spec: BindingSpec<P, Q, B, H, In>): RestBinding<In> {
  return spec as unknown as RestBinding<In>;
}

interface OperationBase<S extends z.ZodType, O extends z.ZodType> {
  /** snake_case; also the MCP tool name. */
  name: string;
  /** Short human title (MCP `title`). */
  title: string;
  /** What it does, when to use it and what it returns; shown to people and models. */
  description: string;
  input: S;
  /** The answer's `data` as clients receive it (JSON: timestamps as ISO strings). */
  output: O;
  /**
   * `read` operations are read-only (`readOnlyHint` tools). On PostgreSQL they run statement by
   * statement on a read-only session (docs/ARCHITECTURE.md), so transaction-local settings do not
   * outlive a statement; set `readTransaction` for a read that needs them.
   */
  mode: 'read' | 'write';
  /** A read operation that needs one READ ONLY transaction (e.g. it sets a transaction-local setting). */
  readTransaction?: boolean;
  destructive?: boolean;
  idempotent?: boolean;
  /** Smallest MCP profile that includes the tool. */
  profile: Profile;
  /** False for REST-only operations (browser login/logout, API key management). */
  tool: boolean;
  rest: ReadonlyArray<RestBinding<z.input<S>>>;
}

export type RunResult<O extends z.ZodType> = z.input<O> | OperationResult<z.input<O>>;

/** Runs without a tenant: public (login, health), any caller, or administrators only. */
export interface GlobalOperation<S extends z.ZodType = z.ZodType, O extends z.ZodType = z.ZodType> extends OperationBase<S, O> {
  access: 'public' | 'authenticated' | 'admin';
  run(ctx: OperationContext, input: z.output<S>): Promise<RunResult<O>>;
}

/**
 * Runs inside `withTenant` for the caller's tenant — or, with `tenantFrom`, for the tenant its input
 * names (e.g. create_user's `tenantSlug`) — after `executeOperation` checked the permission.
 */
export interface TenantOperation<S extends z.ZodType = z.ZodType, O extends z.ZodType = z.ZodType, P = unknown> extends OperationBase<
  S,
  O
> {
  access: { tenant: TenantPermission };
  /** The tenant (slug or id) the input names, if any; the selected tenant otherwise. */
  tenantFrom?(input: z.output<S>): string | undefined;
  /**
   * Work that needs no database, done after the access check and before the tenant transaction
   * opens (which holds PGlite's only connection): e.g. decoding, hashing and compressing a site's
   * files. Its result is `run`'s third argument.
   */
  prepare?(ctx: OperationContext, input: z.output<S>): Promise<P>;
  run(ctx: TenantContext, input: z.output<S>, prepared: P): Promise<RunResult<O>>;
}

export type Operation = GlobalOperation | TenantOperation;

export const isTenantOperation = (op: Operation): op is TenantOperation => typeof op.access === 'object';

/** Identity helpers: each operation keeps its own input and output types. */
export const defineGlobalOperation = <S extends z.ZodType, O extends z.ZodType>(op: GlobalOperation<S, O>) => op;
export const defineTenantOperation = <S extends z.ZodType, O extends z.ZodType, P = undefined>(op: TenantOperation<S, O, P>) => op;
