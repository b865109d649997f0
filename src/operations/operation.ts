import type { z } from 'zod';
import type { TenantPermission } from '../domain/access/permissions.js';
import type { OperationContext, TenantContext } from './context.js';

/** MCP tool profiles: core ⊂ advanced ⊂ all (CONTRACT §8). */
export type Profile = 'core' | 'advanced' | 'all';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** What a REST route hands to its operation. Plain data: the core knows nothing of HTTP. */
export interface RestInput {
  params: Record<string, string>;
  query: Record<string, unknown>;
  body: unknown;
  /** Request headers, lower-cased names (e.g. `x-tenant-id` for tenant-user login). */
  headers: Record<string, string | undefined>;
}

/** One REST route of an operation. Paths use `:param` segments and start with `/api`. */
export interface RestBinding {
  method: HttpMethod;
  path: string;
  /** Success status; 200 unless given. */
  status?: number;
  /** Builds the operation input; default merges query, body and path params (params win). */
  input?: (request: RestInput) => unknown;
}

interface OperationBase<S extends z.ZodType> {
  /** snake_case; also the MCP tool name. */
  name: string;
  /** Short human title (MCP `title`). */
  title: string;
  /** What it does, when to use it and what it returns; shown to people and models. */
  description: string;
  input: S;
  /**
   * `read` operations are read-only (`readOnlyHint` tools). On PostgreSQL they run statement by
   * statement on a read-only session (see db/postgres.ts), so transaction-local settings do not
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
  rest: RestBinding[];
}

/** Runs without a tenant: public (login, health), any caller, or administrators only. */
export interface GlobalOperation<S extends z.ZodType = z.ZodType, O = unknown> extends OperationBase<S> {
  access: 'public' | 'authenticated' | 'admin';
  run(ctx: OperationContext, input: z.output<S>): Promise<O>;
}

/** Runs inside `withTenant` for the caller's tenant, after the permission check. */
export interface TenantOperation<S extends z.ZodType = z.ZodType, O = unknown> extends OperationBase<S> {
  access: { tenant: TenantPermission };
  run(ctx: TenantContext, input: z.output<S>): Promise<O>;
}

export type Operation = GlobalOperation<z.ZodType, unknown> | TenantOperation<z.ZodType, unknown>;

export const isTenantOperation = (op: Operation): op is TenantOperation => typeof op.access === 'object';

/** Identity helpers that keep each operation's input and output types inferred. */
export const defineGlobalOperation = <S extends z.ZodType, O>(op: GlobalOperation<S, O>) =>
  op as unknown as GlobalOperation<z.ZodType, unknown> & { readonly __output?: O };
export const defineTenantOperation = <S extends z.ZodType, O>(op: TenantOperation<S, O>) =>
  op as unknown as TenantOperation<z.ZodType, unknown> & { readonly __output?: O };
