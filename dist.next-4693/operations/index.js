import * as aggregates from "./aggregates.js";
import * as apiKeys from "./api-keys.js";
import * as apiSpec from "./api-spec.js";
import * as auth from "./auth.js";
import * as channelAudit from "./channel-audit.js";
import * as channelDiscovery from "./channel-discovery.js";
import * as channelExecution from "./channel-execution.js";
import * as channelTools from "./channel-tools.js";
import * as channels from "./channels.js";
import * as bots from "./bots.js";
import * as entities from "./entities.js";
import * as fields from "./fields.js";
import * as health from "./health.js";
import * as metadata from "./metadata.js";
import * as prebuilds from "./prebuilds.js";
import * as records from "./records.js";
import * as rules from "./rules.js";
import * as sites from "./sites.js";
import * as tenantAuth from "./tenant-auth.js";
import * as tenants from "./tenants.js";
import * as users from "./users.js";
const OPERATIONS = [
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
  sites,
  prebuilds
].flatMap((area) => Object.values(area));
function findOperation(name) {
  return OPERATIONS.find((op) => op.name === name);
}
export {
  OPERATIONS,
  findOperation
};
//# sourceMappingURL=index.js.map
