import { z } from "zod";
import { canOnRecords } from "../domain/access/permissions.js";
import { parseFilterExpression } from "../domain/records/filter-expression.js";
import { MAX_SEARCH_LENGTH } from "../domain/records/list-limits.js";
import { FILTER_OPS } from "../domain/records/list-query.js";
import { forbidden } from "../errors.js";
const entityName = z.string().trim().min(1).max(63).describe("Entity name (see list_entities)");
const search = z.string().max(MAX_SEARCH_LENGTH, `search must be at most ${MAX_SEARCH_LENGTH} characters`);
const orderDir = z.preprocess((v) => typeof v === "string" ? v.toLowerCase() : v, z.enum(["asc", "desc"]));
const entityParams = z.object({ entityName });
const filterInputs = {
  filter: z.union([z.string().max(1e3), z.record(z.string(), z.union([z.string(), z.number(), z.boolean()]))]).optional().describe("Expression string, or { field: value } equalities"),
  filters: z.array(z.object({ field: z.string().min(1).max(100), op: z.enum(FILTER_OPS), value: z.string().max(2e3) })).max(50).optional().describe("[{ field, op, value }]")
};
function filterClausesOf(input) {
  const clauses = [...input.filters ?? []];
  if (typeof input.filter === "string") clauses.push(...parseFilterExpression(input.filter));
  else if (input.filter) {
    for (const [field, value] of Object.entries(input.filter)) clauses.push({ field, op: "eq", value: String(value) });
  }
  return clauses;
}
const FILTER_PARAMETER = new RegExp(`^filter\\.[A-Za-z][A-Za-z0-9_]*(\\.(${FILTER_OPS.join("|")}))?$`);
const filterFamily = {
  name: "filter",
  pattern: FILTER_PARAMETER,
  schema: z.string().max(2e3),
  description: `filter.<field>=value or filter.<field>.<op>=value with op one of ${FILTER_OPS.join(", ")}`
};
function filterClauses(query) {
  return Object.entries(query).filter(([name]) => FILTER_PARAMETER.test(name)).map(([name, value]) => {
    const [, field, op] = name.split(".");
    return { field, op: op ?? "eq", value: String(value) };
  });
}
function allow(ctx, action, entity) {
  if (!canOnRecords(ctx.principal, action, entity)) {
    throw forbidden(`Your role does not allow "${action}" on records of ${entity}`);
  }
}
export {
  FILTER_PARAMETER,
  allow,
  entityName,
  entityParams,
  filterClauses,
  filterClausesOf,
  filterFamily,
  filterInputs,
  orderDir,
  search
};
//# sourceMappingURL=record-inputs.js.map
