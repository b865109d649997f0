import { z } from "zod";
import { withTenant } from "../db/with-tenant.js";
import {
  channelTools,
  myChannel,
  ownerView,
  publishChannel,
  unpublishChannel,
  updateChannel,
  usable
} from "../domain/channels/channel.service.js";
import { IDENTIFIER_PATTERN } from "../domain/entities/field-types.js";
import { toolRef } from "../errors.js";
import { bind, defineGlobalOperation, defineTenantOperation } from "./core/operation.js";
import { ownTenant } from "./channels/own-tenant.js";
import { channelOutput, channelSlug, toolOutput } from "./schemas/channels.js";
const grant = z.record(z.string().regex(IDENTIFIER_PATTERN, "entity names are lowercase identifiers"), z.enum(["read", "readwrite"])).refine((p) => Object.keys(p).length <= 50, "at most 50 entities").describe('{ <entity>: "read" | "readwrite" }');
const fields = {
  slug: channelSlug,
  name: z.string().trim().min(1).max(200),
  description: z.string().max(2e3),
  tags: z.array(z.string().trim().min(1).max(30)).max(10),
  permissions: grant
};
const publishInput = z.object({ ...fields, description: fields.description.default(""), tags: fields.tags.default([]) });
const publishChannelOp = defineGlobalOperation({
  name: "publish_channel",
  title: "Publish channel",
  description: 'Lends entities of your tenant as tools, e.g. { slug: "acme-catalog", name: "Acme catalog", permissions: { products: "read" } }. One per tenant; readwrite adds create/update tools.',
  input: publishInput,
  output: channelOutput,
  mode: "write",
  profile: "all",
  tool: true,
  access: "authenticated",
  rest: [bind({ method: "POST", path: "/api/my-channel", status: 201, body: publishInput })],
  run: async (ctx, input) => {
    const { tenant } = ownTenant(ctx, "publish_channel", "schema.write");
    const now = ctx.services.clock.now();
    return withTenant(
      ctx.db,
      tenant.id,
      { readOnly: true, transaction: false },
      (tx) => publishChannel(ctx.db, tx, ctx.services.entities, input, now)
    ).then(ownerView);
  }
});
const updateInput = z.object({
  slug: fields.slug.optional(),
  name: fields.name.optional(),
  description: fields.description.optional(),
  tags: fields.tags.optional()
});
const updateChannelOp = defineGlobalOperation({
  name: "update_channel",
  title: "Update channel",
  description: `Changes your channel's slug, name, description or tags, e.g. { description: "Prices updated daily" }. Grants: ${toolRef("set_channel_permissions")}.`,
  input: updateInput,
  output: channelOutput,
  mode: "write",
  idempotent: true,
  profile: "all",
  tool: true,
  access: "authenticated",
  rest: [bind({ method: "PATCH", path: "/api/my-channel", body: updateInput })],
  run: async (ctx, input) => {
    const { tenant } = ownTenant(ctx, "update_channel", "schema.write");
    const now = ctx.services.clock.now();
    return withTenant(
      ctx.db,
      tenant.id,
      { readOnly: true, transaction: false },
      (tx) => updateChannel(ctx.db, tx, ctx.services.entities, input, now)
    ).then(ownerView);
  }
});
const permissionsInput = z.object({ permissions: grant });
const setChannelPermissions = defineGlobalOperation({
  name: "set_channel_permissions",
  title: "Set channel permissions",
  description: 'Replaces what your channel lends, e.g. { permissions: { products: "read", orders: "readwrite" } }. Takes effect at once.',
  input: permissionsInput,
  output: channelOutput,
  mode: "write",
  idempotent: true,
  profile: "all",
  tool: true,
  access: "authenticated",
  rest: [bind({ method: "PUT", path: "/api/my-channel/permissions", body: permissionsInput })],
  run: async (ctx, input) => {
    const { tenant } = ownTenant(ctx, "set_channel_permissions", "schema.write");
    const now = ctx.services.clock.now();
    return withTenant(
      ctx.db,
      tenant.id,
      { readOnly: true, transaction: false },
      (tx) => updateChannel(ctx.db, tx, ctx.services.entities, { permissions: input.permissions }, now)
    ).then(ownerView);
  }
});
const unpublishChannelOp = defineGlobalOperation({
  name: "unpublish_channel",
  title: "Unpublish channel",
  description: `Hides your channel at once and frees its slug, e.g. {} (no arguments); grants and custom tools stay for a later ${toolRef("publish_channel")}.`,
  input: z.object({}),
  output: channelOutput,
  mode: "write",
  destructive: true,
  idempotent: false,
  profile: "all",
  tool: true,
  access: "authenticated",
  rest: [bind({ method: "DELETE", path: "/api/my-channel" })],
  run: async (ctx) => {
    const { tenant } = ownTenant(ctx, "unpublish_channel", "schema.write");
    return ownerView(await unpublishChannel(ctx.db, tenant.id, ctx.services.clock.now()));
  }
});
const getMyChannel = defineTenantOperation({
  name: "get_my_channel",
  title: "Get my channel",
  description: "Your channel (published or not) and every tool, e.g. {} (no arguments); usable is false for a custom tool its grant no longer allows.",
  input: z.object({}),
  output: channelOutput.extend({ tools: z.array(toolOutput.extend({ usable: z.boolean() })) }),
  mode: "read",
  profile: "all",
  tool: true,
  access: { tenant: "schema.read" },
  rest: [bind({ method: "GET", path: "/api/my-channel" })],
  run: async (ctx) => {
    const channel = await myChannel(ctx.db, ctx.tenant.id);
    const tools = await channelTools(ctx.tx, ctx.services.entities, channel);
    return { ...ownerView(channel), tools: tools.map((t) => ({ ...t, usable: usable(t, channel.permissions) })) };
  }
});
export {
  getMyChannel,
  publishChannelOp,
  setChannelPermissions,
  unpublishChannelOp,
  updateChannelOp
};
//# sourceMappingURL=channels.js.map
