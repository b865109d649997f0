import { z } from 'zod';
import { withTenant } from '../db/with-tenant.js';
import type { ChannelCaller, ChannelPrincipal } from '../domain/access/principal.js';
import { argumentsHash, redactArguments } from '../domain/channels/arguments.js';
import { appendAudit, type AuditOutcome } from '../domain/channels/audit.repository.js';
import { callerOf } from '../domain/channels/caller.js';
import { findChannelBySlug } from '../domain/channels/channel.repository.js';
import { channelNotFound } from '../domain/channels/channel.service.js';
import type { ChannelRow, ChannelTool } from '../domain/channels/channel.types.js';
import { planExecution, type ExecutionPlan } from '../domain/channels/execution-plan.js';
import { rateLimited } from '../domain/rate-limit/rate-limiter.js';
import { resolveTenant } from '../domain/tenants/tenant.service.js';
import { AppError } from '../errors.js';
import type { OperationContext } from './core/context.js';
import { executeOperation } from './core/execute.js';
import { bind, defineGlobalOperation } from './core/operation.js';
import { withEffects, type Warning } from './core/result.js';
import { plainObject } from './core/schemas.js';
import { aggregateRecords } from './aggregates.js';
import { createRecord, getRecord, queryRecords, updateRecord } from './records.js';
import { channelSlug } from './schemas/channels.js';

/**
 * `execute_channel_tool` (docs/channels.md "Execution"): the tool runs inside the OWNER's tenant as
 * a `channel` principal whose rights are the channel's grant, through the same record operations
 * every other caller uses. Every execution — refused ones too, once the owner is known — is
 * appended to the owner's audit log.
 */
const RECORD_OPERATIONS = {
  query_records: queryRecords,
  get_record: getRecord,
  create_record: createRecord,
  update_record: updateRecord,
  aggregate_records: aggregateRecords,
};
const MINUTE = 60_000;

const toolName = z.string().trim().min(1).max(100);
const executeInput = z.object({
  channel_slug: channelSlug,
  tool_name: toolName,
  params: plainObject("params must be an object of the tool's arguments").default({}),
});

export const executeChannelTool = defineGlobalOperation({
  name: 'execute_channel_tool',
  title: 'Execute channel tool',
  description:
    'Runs a tool of a published channel with its arguments, e.g. { channel_slug: "acme-catalog", tool_name: "list_products", params: { limit: 5 } }: { result, meta: { executionTimeMs, version, definitionHash } }.',
  input: executeInput,
  output: z.strictObject({
    result: z.unknown(),
    meta: z.strictObject({ tool: z.string(), version: z.number().int(), definitionHash: z.string(), executionTimeMs: z.number() }),
  }),
  mode: 'write',
  profile: 'all',
  tool: true,
  access: 'authenticated',
  rest: [
    bind({
      method: 'POST',
      path: '/api/channels/:channel_slug/tools/:tool_name/execute',
      description: 'Runs the tool with the body as its arguments (an object; empty for none): { result, meta }.',
      params: z.object({ channel_slug: channelSlug, tool_name: toolName }),
      body: plainObject("the body must be an object of the tool's arguments"),
      bodyOptional: true,
      map: ({ params, body }) => ({ ...params, params: body ?? {} }),
    }),
  ],
  run: (ctx, input) => execute(ctx, input),
});

async function execute(ctx: OperationContext, input: z.output<typeof executeInput>) {
  const started = performance.now();
  const caller = callerOf(ctx.principal!, ctx.tenant);
  const channel = await findChannelBySlug(ctx.db, input.channel_slug);
  if (!channel) throw channelNotFound(input.channel_slug);
  let tool: ChannelTool | null = null;
  let rowsAffected = 0;
  const audit = (outcome: AuditOutcome, errorCode: string | null) =>
    withTenant(ctx.db, channel.tenantId, { readOnly: false, transaction: true }, (tx) =>
      appendAudit(tx, {
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
        durationMs: Math.round(performance.now() - started),
      }),
    );
  try {
    if (!channel.published) throw channelNotFound(input.channel_slug);
    await checkRateLimits(ctx, caller, channel);
    const owner = await resolveTenant(ctx.db, ctx.services.tenants, channel.tenantId);
    const planned = await withTenant(ctx.db, owner.id, { readOnly: true, transaction: false }, (tx) =>
      planExecution(tx, ctx.services.entities, channel, input.tool_name, input.params, (known) => (tool = known)),
    );
    const principal: ChannelPrincipal = { kind: 'channel', channelId: channel.id, tenantId: owner.id, grant: channel.permissions, caller };
    const outcome = await run(planned.plan, { ...ctx, principal, tenant: owner });
    rowsAffected = outcome.rowsAffected;
    const executionTimeMs = Math.round((performance.now() - started) * 100) / 100;
    await audit('success', null);
    const used = planned.tool;
    return withEffects(
      { result: outcome.data, meta: { tool: used.name, version: used.version, definitionHash: used.definitionHash, executionTimeMs } },
      { warnings: outcome.warnings },
    );
  } catch (error) {
    const code = error instanceof AppError ? error.code : 'INTERNAL_ERROR';
    await audit(code === 'INTERNAL_ERROR' ? 'error' : 'refused', code).catch(() => undefined);
    throw error;
  }
}

/** Per caller (whoever it is, across channels) and per channel, in fixed one-minute windows. */
async function checkRateLimits(ctx: OperationContext, caller: ChannelCaller, channel: ChannelRow): Promise<void> {
  const limits = ctx.config.channelRateLimits;
  const perCaller = await ctx.services.rateLimiter.consume(`channel:caller:${caller.kind}:${caller.id}`, {
    limit: limits.perCaller,
    windowMs: MINUTE,
  });
  if (!perCaller.allowed) throw rateLimited(perCaller, `Too many channel tool executions by this caller (${limits.perCaller} a minute)`);
  const perChannel = await ctx.services.rateLimiter.consume(`channel:${channel.id}`, { limit: limits.perChannel, windowMs: MINUTE });
  if (!perChannel.allowed) throw rateLimited(perChannel, `Too many executions of this channel's tools (${limits.perChannel} a minute)`);
}

async function run(
  plan: ExecutionPlan,
  ctx: OperationContext & { principal: ChannelPrincipal },
): Promise<{ data: unknown; warnings: readonly Warning[]; rowsAffected: number }> {
  const result = await executeOperation(RECORD_OPERATIONS[plan.operation], ctx, plan.input);
  return { data: result.data, warnings: result.warnings, rowsAffected: rowsOf(plan.operation, result.data) };
}

/** Records returned by a read, counted by an aggregate, written by a write. */
function rowsOf(operation: ExecutionPlan['operation'], data: unknown): number {
  const answer = data as { data?: unknown[]; count?: number; groups?: Array<{ count: number }> };
  switch (operation) {
    case 'query_records':
      return answer.data?.length ?? 0;
    case 'aggregate_records':
      return answer.groups ? answer.groups.reduce((n, g) => n + g.count, 0) : (answer.count ?? 0);
    case 'get_record':
    case 'create_record':
    case 'update_record':
      return 1;
  }
}
