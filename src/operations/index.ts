import * as aggregates from './aggregates.js';
import * as apiKeys from './api-keys.js';
import * as apiSpec from './api-spec.js';
import * as auth from './auth.js';
import * as channelAudit from './channel-audit.js';
import * as channelDiscovery from './channel-discovery.js';
import * as channelExecution from './channel-execution.js';
import * as channelTools from './channel-tools.js';
import * as channels from './channels.js';
import * as bots from './bots.js';
import * as entities from './entities.js';
import * as fields from './fields.js';
import * as health from './health.js';
import * as metadata from './metadata.js';
import * as prebuilds from './prebuilds.js';
import type { Operation } from './core/operation.js';
import * as records from './records.js';
import * as ruleGeneration from './rule-generation.js';
import * as rules from './rules.js';
import * as sites from './sites.js';
import * as tenantAuth from './tenant-auth.js';
import * as tenants from './tenants.js';
import * as users from './users.js';

/**
 * The catalogue: every use case of the service, once. REST routes, MCP tools, the OpenAPI
 * document and the generated client all derive from this list. Add an area's module here.
 */
export const OPERATIONS: readonly Operation[] = [
  health,
  auth,
  tenants,
  apiKeys,
  entities,
  fields,
  metadata,
  records,
  tenantAuth,
  users,
  apiSpec,
  aggregates,
  channels,
  channelTools,
  channelDiscovery,
  channelExecution,
  channelAudit,
  bots,
  rules,
  ruleGeneration,
  sites,
  prebuilds,
].flatMap((area) => Object.values(area) as Operation[]);

export function findOperation(name: string): Operation | undefined {
  return OPERATIONS.find((op) => op.name === name);
}
