import type { operations } from '@tenantbase/client';

/** The `data` of an operation's successful answer, as the generated client types it. */
export type Answer<Op extends keyof operations, Status extends number = 200> =
  operations[Op]['responses'] extends Record<Status, { content: { 'application/json': { data: infer D } } }> ? D : never;

/** An operation's JSON request body, as the generated client types it. */
export type Body<Op extends keyof operations> = operations[Op] extends {
  requestBody: { content: { 'application/json': infer B } };
}
  ? B
  : never;
