import { conflict, notFound, toolRef, validationError } from "../../errors.js";
import { findPublishedEntityCached } from "../entities/published-entity.cache.js";
import {
  findChannelOfTenant,
  unpublishChannelRow,
  updateChannelRow,
  upsertPublishedChannel
} from "./channel.repository.js";
import { customToolView } from "./custom-tools.js";
import { listCustomTools } from "./custom-tool.repository.js";
import { derivedTool, verbsOf } from "./derived-tools.js";
import { sanitizeForeignText, TEXT_LIMITS } from "./sanitize.js";
const channelNotFound = (slug) => notFound(`No published channel "${sanitizeForeignText(slug, 63)}"; ${toolRef("search_channels")} lists them`);
const noChannel = () => notFound(`This tenant has no channel; publish one with ${toolRef("publish_channel")}`);
function cleanFields(fields) {
  return {
    ...fields,
    name: sanitizeForeignText(fields.name, TEXT_LIMITS.name),
    description: sanitizeForeignText(fields.description, TEXT_LIMITS.description),
    tags: [...new Set(fields.tags.map((t) => sanitizeForeignText(t, TEXT_LIMITS.tag).toLowerCase()).filter(Boolean))]
  };
}
async function grantedEntities(tx, cache, grant) {
  const found = await Promise.all(Object.keys(grant).map((name) => findPublishedEntityCached(tx, cache, name)));
  const problems = Object.keys(grant).flatMap((name, i) => {
    const entity = found[i];
    if (!entity) return [{ field: `permissions.${name}`, message: "no such entity" }];
    if ("draftOnly" in entity) return [{ field: `permissions.${name}`, message: "entity is not published" }];
    return [];
  });
  if (problems.length) {
    throw validationError(
      `permissions: ${problems.map((p) => `${p.field.slice(12)} (${p.message})`).join(", ")} \u2014 a channel lends published entities only (${toolRef("list_entities")})`,
      problems
    );
  }
  return found;
}
async function publishChannel(db, tx, cache, fields, now) {
  await grantedEntities(tx, cache, fields.permissions);
  const existing = await findChannelOfTenant(db, tx.tenantId);
  if (existing?.published) {
    throw conflict(
      `This tenant already publishes channel "${existing.slug}" (one per tenant); change it with ${toolRef("update_channel")}`
    );
  }
  return upsertPublishedChannel(db, tx.tenantId, cleanFields(fields), now);
}
async function myChannel(db, tenantId) {
  const channel = await findChannelOfTenant(db, tenantId);
  if (!channel) throw noChannel();
  return channel;
}
async function updateChannel(db, tx, cache, patch, now) {
  const current = await myChannel(db, tx.tenantId);
  if (patch.permissions) await grantedEntities(tx, cache, patch.permissions);
  const next = {
    slug: patch.slug ?? current.slug,
    name: patch.name ?? current.name,
    description: patch.description ?? current.description,
    tags: patch.tags ?? current.tags,
    permissions: patch.permissions ?? current.permissions
  };
  return updateChannelRow(db, tx.tenantId, cleanFields(next), now);
}
async function unpublishChannel(db, tenantId, now) {
  const row = await unpublishChannelRow(db, tenantId, now);
  if (!row) throw notFound(`This tenant has no published channel (${toolRef("get_my_channel")})`);
  return row;
}
const usable = (tool, grant) => Object.hasOwn(grant, tool.entity) && (tool.access === "read" || grant[tool.entity] === "readwrite");
async function channelTools(tx, cache, channel) {
  const derived = [];
  for (const [name, permission] of Object.entries(channel.permissions)) {
    const entity = await findPublishedEntityCached(tx, cache, name);
    if (!entity || "draftOnly" in entity) continue;
    for (const verb of verbsOf(permission)) derived.push(publicTool(derivedTool(verb, entity, channel.permissions)));
  }
  const custom = (await listCustomTools(tx)).map(customToolView);
  return [...derived, ...custom];
}
const publicTool = (tool) => ({
  name: tool.name,
  description: tool.description,
  kind: tool.kind,
  entity: tool.entity,
  access: tool.access,
  version: tool.version,
  definitionHash: tool.definitionHash,
  params: tool.params
});
function ownerView(row) {
  const { tenantId: _tenantId, ...view } = row;
  return view;
}
export {
  channelNotFound,
  channelTools,
  cleanFields,
  grantedEntities,
  myChannel,
  ownerView,
  publicTool,
  publishChannel,
  unpublishChannel,
  updateChannel,
  usable
};
//# sourceMappingURL=channel.service.js.map
