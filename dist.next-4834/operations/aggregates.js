import { z } from "zod";
import { AGGREGATE_OPS } from "../domain/records/aggregate-query.js";
import { aggregateRecords as aggregate } from "../domain/records/aggregate.service.js";
import { DEFAULT_AGGREGATE_GROUPS, MAX_AGGREGATE_GROUPS } from "../domain/records/list-limits.js";
import { FILTER_OPS } from "../domain/records/list-query.js";
import { loadEntity } from "../domain/records/record.service.js";
import { bind, defineTenantOperation } from "./core/operation.js";
import { integer } from "./core/schemas.js";
import {
  allow,
  entityName,
  entityParams,
  filterClauses,
  filterClausesOf,
  filterFamily,
  filterInputs,
  orderDir,
  search
} from "./record-inputs.js";
import { aggregateOutput } from "./schemas/aggregates.js";
const fieldKey = z.string().trim().min(1).max(100);
const op = z.enum(AGGREGATE_OPS);
const groupLimit = integer("limit").pipe(z.number().min(1, "limit must be at least 1")).transform((n) => Math.min(n, MAX_AGGREGATE_GROUPS));
const groupSort = z.enum(["key", "value"]);
const aggregateRecords = defineTenantOperation({
  name: "aggregate_records",
  title: "Aggregate records",
  description: `count|sum|avg|min|max of field (count needs none) over records matching filter/filters/search (as query_records), computed in the database; groupBy a field \u2192 { groups: [{ key, value, count }] } (limit \u2264 ${MAX_AGGREGATE_GROUPS}), else { value, count }. e.g. { entityName: "orders", op: "sum", field: "total", groupBy: "status", filter: "total > 0" }`,
  input: z.object({
    entityName,
    op: op.default("count"),
    field: fieldKey.optional(),
    groupBy: fieldKey.optional(),
    ...filterInputs,
    search: search.optional(),
    orderBy: groupSort.optional().describe("Groups by key (default) or value"),
    orderDir: orderDir.optional(),
    limit: groupLimit.optional()
  }),
  output: aggregateOutput,
  mode: "read",
  profile: "advanced",
  tool: true,
  access: { tenant: "records" },
  rest: [
    bind({
      method: "GET",
      path: "/api/entities/:entityName/records/aggregate",
      description: `Aggregates the records of a published entity in the database: op count (default), sum, avg (number fields), min, max (number, date fields, createdAt, updatedAt) of field; groupBy a field answers { groups: [{ key, value, count }], totalGroups, truncated }, sorted by key (default) or value with order asc|desc, limit groups 1\u2013${MAX_AGGREGATE_GROUPS} (default ${DEFAULT_AGGREGATE_GROUPS}); without groupBy { value, count }. Filters as the record list: filter.<field>=value or filter.<field>.<op>=value (${FILTER_OPS.join(", ")}), search.`,
      params: entityParams,
      query: z.object({
        op: op.optional().describe("count (default), sum, avg, min or max"),
        field: fieldKey.optional().describe("The field aggregated; count without it counts records"),
        groupBy: fieldKey.optional().describe("A field whose values group the records"),
        search: search.optional().describe("Text search across text, textarea, email and select fields"),
        sort: groupSort.optional().describe("Groups by key (default) or value"),
        order: orderDir.optional().describe("asc (default) or desc"),
        limit: groupLimit.optional().describe(`Groups, 1\u2013${MAX_AGGREGATE_GROUPS} (larger values are clamped); default ${DEFAULT_AGGREGATE_GROUPS}`)
      }),
      queryFamily: filterFamily,
      map: ({ params, query }) => ({
        entityName: params.entityName,
        op: query.op,
        field: query.field,
        groupBy: query.groupBy,
        search: query.search,
        orderBy: query.sort,
        orderDir: query.order,
        limit: query.limit,
        filters: filterClauses(query)
      })
    })
  ],
  run: async (ctx, input) => {
    allow(ctx, "read", input.entityName);
    const entity = await loadEntity(ctx.tx, ctx.services.entities, input.entityName);
    return aggregate(ctx.tx, entity, {
      op: input.op,
      field: input.field,
      groupBy: input.groupBy,
      filters: filterClausesOf(input),
      search: input.search,
      limit: input.limit ?? DEFAULT_AGGREGATE_GROUPS,
      sort: input.orderBy ?? "key",
      order: input.orderDir ?? "asc"
    });
  }
});
export {
  aggregateRecords
};
//# sourceMappingURL=aggregates.js.map
