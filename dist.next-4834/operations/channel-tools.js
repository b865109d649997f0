import { z } from "zod";
import { withTenant } from "../db/with-tenant.js";
import { myChannel } from "../domain/channels/channel.service.js";
import { defineCustomTool, removeCustomTool } from "../domain/channels/custom-tool.service.js";
import { toolRef } from "../errors.js";
import { plainObject } from "./core/schemas.js";
import { bind, defineGlobalOperation, defineTenantOperation } from "./core/operation.js";
import { ownTenant } from "./channels/own-tenant.js";
import { toolOutput } from "./schemas/channels.js";
const toolName = z.string().trim().regex(/^[a-z][a-z0-9_]{0,62}$/, "tool_name: lowercase letters, digits and _, starting with a letter");
const definition = {
  description: z.string().trim().min(1).max(1e3),
  params: plainObject("params must be a JSON Schema object").describe(
    "JSON Schema subset: type, properties, required, enum, min/max, maxLength, items"
  ),
  action: plainObject("action must be an object").describe(
    "{ type: query|create|update|aggregate, entity, \u2026 }; values: literals or { param }"
  )
};
const defineInput = z.object({ tool_name: toolName, ...definition });
function definitionOp(kind) {
  return async (ctx, input) => {
    const { tenant } = ownTenant(ctx, kind === "new" ? "define_channel_tool" : "update_channel_tool", "schema.write");
    const channel = await myChannel(ctx.db, tenant.id);
    const now = ctx.services.clock.now();
    return withTenant(
      ctx.db,
      tenant.id,
      { readOnly: false, transaction: true },
      (tx) => defineCustomTool(tx, ctx.services.entities, channel, kind, { name: input.tool_name, ...input }, now)
    );
  };
}
const defineChannelTool = defineGlobalOperation({
  name: "define_channel_tool",
  title: "Define channel tool",
  description: 'Adds a custom tool, e.g. { tool_name: "open_orders", description: "Open orders", params: { type: "object", properties: { c: { type: "string" } } }, action: { type: "query", entity: "orders", filters: [{ field: "customer", op: "eq", value: { param: "c" } }] } }.',
  input: defineInput,
  output: toolOutput,
  mode: "write",
  profile: "all",
  tool: true,
  access: "authenticated",
  rest: [bind({ method: "POST", path: "/api/my-channel/tools", status: 201, body: defineInput })],
  run: definitionOp("new")
});
const toolParams = z.object({ tool_name: z.string().trim().min(1).max(100) });
const updateBody = z.object(definition);
const updateChannelTool = defineGlobalOperation({
  name: "update_channel_tool",
  title: "Update channel tool",
  description: `Replaces a custom tool (arguments as ${toolRef("define_channel_tool")}), e.g. { tool_name: "open_orders", description, params, action }; version +1, new definitionHash.`,
  input: defineInput.extend(toolParams.shape),
  output: toolOutput,
  mode: "write",
  idempotent: true,
  profile: "all",
  tool: true,
  access: "authenticated",
  rest: [
    bind({
      method: "PUT",
      path: "/api/my-channel/tools/:tool_name",
      params: toolParams,
      body: updateBody,
      map: ({ params, body }) => ({ ...body, tool_name: params.tool_name })
    })
  ],
  run: definitionOp("existing")
});
const removeChannelTool = defineTenantOperation({
  name: "remove_channel_tool",
  title: "Remove channel tool",
  description: 'Removes a custom tool from your channel, e.g. { tool_name: "open_orders" }; answers { tool_name, removed: true }.',
  input: toolParams,
  output: z.strictObject({ tool_name: z.string(), removed: z.literal(true) }),
  mode: "write",
  destructive: true,
  idempotent: false,
  profile: "all",
  tool: true,
  access: { tenant: "schema.write" },
  rest: [bind({ method: "DELETE", path: "/api/my-channel/tools/:tool_name", params: toolParams })],
  run: (ctx, input) => removeCustomTool(ctx.tx, input.tool_name)
});
export {
  defineChannelTool,
  removeChannelTool,
  updateChannelTool
};
//# sourceMappingURL=channel-tools.js.map
