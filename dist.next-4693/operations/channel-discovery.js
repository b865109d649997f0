import { z } from "zod";
import { withTenant } from "../db/with-tenant.js";
import { findChannelBySlug, searchPublishedChannels } from "../domain/channels/channel.repository.js";
import { channelNotFound, channelTools, usable } from "../domain/channels/channel.service.js";
import { FOREIGN_TEXT_NOTICE, sanitizeForeignText, TEXT_LIMITS } from "../domain/channels/sanitize.js";
import { bind, defineGlobalOperation } from "./core/operation.js";
import { channelSlug, permissionsOutput, toolOutput } from "./schemas/channels.js";
const SEARCH_LIMIT = 20;
const slugParams = z.object({ channel_slug: channelSlug });
const tagList = z.preprocess(
  (v) => typeof v === "string" ? v.split(",").map((t) => t.trim()).filter(Boolean) : v,
  z.array(z.string().trim().toLowerCase().min(1).max(30)).max(10)
);
const searchInput = z.object({ query: z.string().trim().max(100).optional(), tags: tagList.optional() });
const searchChannels = defineGlobalOperation({
  name: "search_channels",
  title: "Search channels",
  description: 'Finds published channels by text and tags (all must match), e.g. { query: "catalog", tags: ["retail"] }: up to 20 { slug, name, summary, tags }.',
  input: searchInput,
  output: z.strictObject({
    notice: z.string(),
    channels: z.array(z.strictObject({ slug: z.string(), name: z.string(), summary: z.string(), tags: z.array(z.string()) }))
  }),
  mode: "read",
  profile: "all",
  tool: true,
  access: "authenticated",
  rest: [
    bind({ method: "GET", path: "/api/channels", query: searchInput.extend({ tags: tagList.optional().describe("comma-separated") }) })
  ],
  run: async (ctx, input) => {
    const rows = await searchPublishedChannels(ctx.db, { query: input.query, tags: input.tags, limit: SEARCH_LIMIT });
    return {
      notice: FOREIGN_TEXT_NOTICE,
      channels: rows.map((c) => ({
        slug: c.slug,
        name: sanitizeForeignText(c.name, TEXT_LIMITS.searchName),
        summary: sanitizeForeignText(c.description, TEXT_LIMITS.searchDescription),
        tags: c.tags.slice(0, 2).map((t) => sanitizeForeignText(t, 16))
      }))
    };
  }
});
async function publishedChannel(db, slug) {
  const channel = await findChannelBySlug(db, slug);
  if (!channel?.published) throw channelNotFound(slug);
  return channel;
}
async function consumerTools(db, services, channel) {
  const tools = await withTenant(
    db,
    channel.tenantId,
    { readOnly: true, transaction: false },
    (tx) => channelTools(tx, services.entities, channel)
  );
  return tools.filter((t) => usable(t, channel.permissions));
}
const getChannelInfo = defineGlobalOperation({
  name: "get_channel_info",
  title: "Get channel info",
  description: 'A published channel: { slug, name, description, tags, permissions, toolCount }, e.g. { channel_slug: "acme-catalog" }.',
  input: slugParams,
  output: z.strictObject({
    notice: z.string(),
    slug: z.string(),
    name: z.string(),
    description: z.string(),
    tags: z.array(z.string()),
    permissions: permissionsOutput,
    toolCount: z.number().int()
  }),
  mode: "read",
  profile: "all",
  tool: true,
  access: "authenticated",
  rest: [bind({ method: "GET", path: "/api/channels/:channel_slug", params: slugParams })],
  run: async (ctx, input) => {
    const channel = await publishedChannel(ctx.db, input.channel_slug);
    const tools = await consumerTools(ctx.db, ctx.services, channel);
    return {
      notice: FOREIGN_TEXT_NOTICE,
      slug: channel.slug,
      name: sanitizeForeignText(channel.name, TEXT_LIMITS.name),
      description: sanitizeForeignText(channel.description, TEXT_LIMITS.description),
      tags: channel.tags.map((t) => sanitizeForeignText(t, TEXT_LIMITS.tag)),
      permissions: channel.permissions,
      toolCount: tools.length
    };
  }
});
const getChannelTools = defineGlobalOperation({
  name: "get_channel_tools",
  title: "Get channel tools",
  description: 'Tools of a published channel, e.g. { channel_slug: "acme-catalog" }: each { name, description, kind, entity, access, version, definitionHash, params (JSON Schema) }; pin definitionHash to notice changes.',
  input: slugParams,
  output: z.strictObject({ notice: z.string(), channel: z.string(), tools: z.array(toolOutput) }),
  mode: "read",
  profile: "all",
  tool: true,
  access: "authenticated",
  rest: [bind({ method: "GET", path: "/api/channels/:channel_slug/tools", params: slugParams })],
  run: async (ctx, input) => {
    const channel = await publishedChannel(ctx.db, input.channel_slug);
    return { notice: FOREIGN_TEXT_NOTICE, channel: channel.slug, tools: await consumerTools(ctx.db, ctx.services, channel) };
  }
});
export {
  getChannelInfo,
  getChannelTools,
  searchChannels
};
//# sourceMappingURL=channel-discovery.js.map
