import { z } from "zod";
import { withTenant } from "../db/with-tenant.js";
import { argumentsHash, redactArguments } from "../domain/channels/arguments.js";
import { appendAudit } from "../domain/channels/audit.repository.js";
import { callerOf } from "../domain/channels/caller.js";
import { findChannelBySlug } from "../domain/channels/channel.repository.js";
import { channelNotFound } from "../domain/channels/channel.service.js";
import { planExecution } from "../domain/channels/execution-plan.js";
import { rateLimited } from "../domain/rate-limit/rate-limiter.js";
import { resolveTenant } from "../domain/tenants/tenant.service.js";
import { AppError } from "../errors.js";
import { executeOperation } from "./core/execute.js";
import { bind, defineGlobalOperation } from "./core/operation.js";
import { withEffects } from "./core/result.js";
import { plainObject } from "./core/schemas.js";
import { aggregateRecords } from "./aggregates.js";
import { createRecord, getRecord, queryRecords, updateRecord } from "./records.js";
import { channelSlug } from "./schemas/channels.js";
const RECORD_OPERATIONS = {
  query_records: queryRecords,
  get_record: getRecord,
  create_record: createRecord,
  update_record: updateRecord,
  aggregate_records: aggregateRecords
};
const MINUTE = 6e4;
const toolName = z.string().trim().min(1).max(100);
const executeInput = z.object({
  channel_slug: channelSlug,
  tool_name: toolName,
  params: plainObject("params must be an object of the tool's arguments").default({})
});
const executeChannelTool = defineGlobalOperation({
  name: "execute_channel_tool",
  title: "Execute channel tool",
  description: 'Runs a tool of a published channel with its arguments, e.g. { channel_slug: "acme-catalog", tool_name: "list_products", params: { limit: 5 } }: { result, meta: { executionTimeMs, version, definitionHash } }.',
  input: executeInput,
  output: z.strictObject({
    result: z.unknown(),
    meta: z.strictObject({ tool: z.string(), version: z.number().int(), definitionHash: z.string(), executionTimeMs: z.number() })
  }),
  mode: "write",
  profile: "all",
  tool: true,
  access: "authenticated",
  rest: [
    bind({
      method: "POST",
      path: "/api/channels/:channel_slug/tools/:tool_name/execute",
      description: "Runs the tool with the body as its arguments (an object; empty for none): { result, meta }.",
      params: z.object({ channel_slug: channelSlug, tool_name: toolName }),
      body: plainObject("the body must be an object of the tool's arguments"),
      bodyOptional: true,
      map: ({ params, body }) => ({ ...params, params: body ?? {} })
    })
  ],
  run: (ctx, input) => execute(ctx, input)
});
async function execute(ctx, input) {
  const started = performance.now();
  const caller = callerOf(ctx.principal, ctx.tenant);
  const channel = await findChannelBySlug(ctx.db, input.channel_slug);
  if (!channel) throw channelNotFound(input.channel_slug);
  let tool = null;
  let rowsAffected = 0;
  const audit = (outcome, errorCode) => withTenant(
    ctx.db,
    channel.tenantId,
    { readOnly: false, transaction: true },
    (tx) => appendAudit(tx, {
      at: ctx.services.clock.now(),
      caller,
      tool: input.tool_name,
      toolVersion: tool?.version ?? null,
      toolHash: tool?.definitionHash ?? null,
      arguments: redactArguments(input.params),
      argumentsHash: argumentsHash(input.params),
      outcome,
      errorCode,
      rowsAffected,
      durationMs: Math.round(performance.now() - started)
    })
  );
  try {
    if (!channel.published) throw channelNotFound(input.channel_slug);
    await checkRateLimits(ctx, caller, channel);
    const owner = await resolveTenant(ctx.db, ctx.services.tenants, channel.tenantId);
    const planned = await withTenant(
      ctx.db,
      owner.id,
      { readOnly: true, transaction: false },
      (tx) => planExecution(tx, ctx.services.entities, channel, input.tool_name, input.params, (known) => tool = known)
    );
    const principal = { kind: "channel", channelId: channel.id, tenantId: owner.id, grant: channel.permissions, caller };
    const outcome = await run(planned.plan, { ...ctx, principal, tenant: owner });
    rowsAffected = outcome.rowsAffected;
    const executionTimeMs = Math.round((performance.now() - started) * 100) / 100;
    await audit("success", null);
    const used = planned.tool;
    return withEffects(
      { result: outcome.data, meta: { tool: used.name, version: used.version, definitionHash: used.definitionHash, executionTimeMs } },
      { warnings: outcome.warnings }
    );
  } catch (error) {
    const code = error instanceof AppError ? error.code : "INTERNAL_ERROR";
    await audit(code === "INTERNAL_ERROR" ? "error" : "refused", code).catch(() => void 0);
    throw error;
  }
}
async function checkRateLimits(ctx, caller, channel) {
  const limits = ctx.config.channelRateLimits;
  const perCaller = await ctx.services.rateLimiter.consume(`channel:caller:${caller.kind}:${caller.id}`, {
    limit: limits.perCaller,
    windowMs: MINUTE
  });
  if (!perCaller.allowed) throw rateLimited(perCaller, `Too many channel tool executions by this caller (${limits.perCaller} a minute)`);
  const perChannel = await ctx.services.rateLimiter.consume(`channel:${channel.id}`, { limit: limits.perChannel, windowMs: MINUTE });
  if (!perChannel.allowed) throw rateLimited(perChannel, `Too many executions of this channel's tools (${limits.perChannel} a minute)`);
}
async function run(plan, ctx) {
  const result = await executeOperation(RECORD_OPERATIONS[plan.operation], ctx, plan.input);
  return { data: result.data, warnings: result.warnings, rowsAffected: rowsOf(plan.operation, result.data) };
}
function rowsOf(operation, data) {
  const answer = data;
  switch (operation) {
    case "query_records":
      return answer.data?.length ?? 0;
    case "aggregate_records":
      return answer.groups ? answer.groups.reduce((n, g) => n + g.count, 0) : answer.count ?? 0;
    case "get_record":
    case "create_record":
    case "update_record":
      return 1;
  }
}
export {
  executeChannelTool
};
//# sourceMappingURL=channel-execution.js.map
