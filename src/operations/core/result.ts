import type { TenantRef } from '../../domain/access/principal.js';

/** A non-blocking finding of a save (a business rule with severity `warning` or `info`). */
export interface Warning {
  readonly ruleId: string;
  readonly id: string;
  readonly message: string;
  readonly severity: 'warning' | 'info';
}

/**
 * What an operation's result asks of the transport besides answering its data. Each transport
 * renders the effects it has a meaning for and ignores the others.
 */
export type Effect =
  /** An admin token now stands for this caller: REST keeps it in the admin cookie. */
  | { readonly kind: 'admin_session_started'; readonly token: string; readonly maxAgeSeconds: number }
  /** The admin token of the call ended: REST clears the admin cookie. */
  | { readonly kind: 'admin_session_ended' }
  /** Later calls of this MCP session act in this tenant. */
  | { readonly kind: 'tenant_selected'; readonly tenant: TenantRef };

const RESULT = Symbol('operation result');

/** An operation's answer: its data, and what else the transports must render. */
export interface OperationResult<T = unknown> {
  readonly data: T;
  readonly warnings: readonly Warning[];
  readonly effects: readonly Effect[];
  readonly [RESULT]: true;
}

/** A result that carries warnings or effects beside its data. */
export function withEffects<T>(data: T, extra: { warnings?: readonly Warning[]; effects?: readonly Effect[] }): OperationResult<T> {
  return { data, warnings: extra.warnings ?? [], effects: extra.effects ?? [], [RESULT]: true };
}

export const isOperationResult = (value: unknown): value is OperationResult =>
  typeof value === 'object' && value !== null && (value as { [RESULT]?: unknown })[RESULT] === true;

/** Any `run` answer as a result: plain data gets no warnings and no effects. */
export const asOperationResult = (value: unknown): OperationResult => (isOperationResult(value) ? value : withEffects(value, {}));
