import * as apiKeys from './api-keys.js';
import * as apiSpec from './api-spec.js';
import * as auth from './auth.js';
import * as health from './health.js';
import type { Operation } from './operation.js';
import * as tenants from './tenants.js';

/**
 * The catalogue: every use case of the service, once. REST routes, MCP tools, the OpenAPI
 * document and the generated client all derive from this list. Add an area's module here.
 */
export const OPERATIONS: readonly Operation[] = [health, auth, tenants, apiKeys, apiSpec].flatMap(
  (area) => Object.values(area) as Operation[],
);

export function findOperation(name: string): Operation | undefined {
  return OPERATIONS.find((op) => op.name === name);
}
