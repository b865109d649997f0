import { z } from "zod";
import { listAudit } from "../domain/channels/audit.repository.js";
import { MAX_PAGE_SIZE } from "../domain/records/list-limits.js";
import { bind, defineTenantOperation } from "./core/operation.js";
import { integer, timestamp } from "./core/schemas.js";
const isoTime = z.string().max(40).refine((v) => !Number.isNaN(Date.parse(v)), "must be an ISO 8601 time").describe("ISO 8601");
const auditQuery = z.object({
  tool_name: z.string().trim().min(1).max(100).optional(),
  outcome: z.enum(["success", "refused", "error"]).optional(),
  caller_tenant: z.string().trim().min(1).max(100).optional().describe("caller tenant slug or id"),
  since: isoTime.optional(),
  until: isoTime.optional(),
  page: integer("page").pipe(z.number().min(1, "page starts at 1")).optional(),
  limit: integer("limit").pipe(z.number().min(1, "limit must be at least 1")).transform((n) => Math.min(n, MAX_PAGE_SIZE)).optional()
});
const entry = z.strictObject({
  id: z.string(),
  at: timestamp,
  caller: z.strictObject({
    tenantId: z.string().nullable(),
    tenantSlug: z.string().nullable(),
    kind: z.string(),
    id: z.string().nullable()
  }),
  tool: z.string(),
  toolVersion: z.number().int().nullable(),
  toolHash: z.string().nullable(),
  arguments: z.unknown(),
  argumentsHash: z.string(),
  outcome: z.enum(["success", "refused", "error"]),
  errorCode: z.string().nullable(),
  rowsAffected: z.number().int(),
  durationMs: z.number().int()
});
const listChannelAudit = defineTenantOperation({
  name: "list_channel_audit",
  title: "List channel audit",
  description: `Executions of your channel's tools, newest first, e.g. { outcome: "refused" }: { data: [{ at, caller, tool, toolVersion, toolHash, arguments (redacted), argumentsHash, outcome, errorCode, rowsAffected, durationMs }], total, page, limit, totalPages }.`,
  input: auditQuery,
  output: z.strictObject({
    data: z.array(entry),
    total: z.number().int(),
    page: z.number().int(),
    limit: z.number().int(),
    totalPages: z.number().int()
  }),
  mode: "read",
  profile: "all",
  tool: true,
  access: { tenant: "schema.write" },
  rest: [bind({ method: "GET", path: "/api/my-channel/audit", query: auditQuery })],
  run: async (ctx, input) => {
    const page = input.page ?? 1;
    const limit = input.limit ?? 20;
    const { entries, total } = await listAudit(ctx.tx, {
      tool: input.tool_name,
      outcome: input.outcome,
      callerTenant: input.caller_tenant,
      since: input.since ? new Date(input.since) : void 0,
      until: input.until ? new Date(input.until) : void 0,
      page,
      limit
    });
    return { data: entries, total, page, limit, totalPages: Math.ceil(total / limit) };
  }
});
export {
  listChannelAudit
};
//# sourceMappingURL=channel-audit.js.map
