import { forbidden, notFound, toolRef } from "../../errors.js";
import { channelMay } from "../access/permissions.js";
import { findPublishedEntityCached } from "../entities/published-entity.cache.js";
import { findCustomTool } from "./custom-tool.repository.js";
import { actionProblems, bound, customToolView } from "./custom-tools.js";
import { derivedTool, parseDerivedName, ungrantedRelationTargets, verbsOf } from "./derived-tools.js";
import { validateArguments } from "./tool-schema.js";
const OPERATION = {
  list: "query_records",
  get: "get_record",
  create: "create_record",
  update: "update_record"
};
const ACTION = { list: "read", get: "read", create: "create", update: "update" };
const toolNotFound = (channel, name) => notFound(`Channel "${channel.slug}" has no tool "${name.slice(0, 100)}"; ${toolRef("get_channel_tools")} lists them`);
const refuse = (message) => forbidden(`The channel does not permit this: ${message}`);
async function planExecution(tx, cache, channel, toolName, args, found = () => void 0) {
  const grant = channel.permissions;
  const derived = parseDerivedName(toolName);
  if (derived) {
    const permission = Object.hasOwn(grant, derived.entity) ? grant[derived.entity] : void 0;
    const entity2 = permission && verbsOf(permission).includes(derived.verb) ? await findPublishedEntityCached(tx, cache, derived.entity) : null;
    if (!entity2 || "draftOnly" in entity2) throw toolNotFound(channel, toolName);
    const tool2 = derivedTool(derived.verb, entity2, grant);
    found(tool2);
    const valid2 = validateArguments(tool2.schema, args);
    if (!channelMay(grant, entity2.name, ACTION[derived.verb])) throw refuse(`${ACTION[derived.verb]} on ${entity2.name}`);
    if (valid2.resolve === true) {
      const outside = ungrantedRelationTargets(entity2, grant);
      if (outside.length) throw refuse(`resolve reaches ${[...new Set(outside)].join(", ")}, outside the channel`);
    }
    const input = {
      ...valid2,
      entityName: entity2.name,
      ...derived.verb === "list" || derived.verb === "get" ? { resolve: valid2.resolve === true } : {}
    };
    return { tool: tool2, plan: { operation: OPERATION[derived.verb], input } };
  }
  const row = await findCustomTool(tx, toolName);
  if (!row) throw toolNotFound(channel, toolName);
  const tool = customToolView(row);
  found(tool);
  const params = row.params;
  const valid = validateArguments(params, args);
  const action = row.action;
  const published = Object.hasOwn(grant, action.entity) ? await findPublishedEntityCached(tx, cache, action.entity) : null;
  const entity = published && !("draftOnly" in published) ? published : null;
  const problems = actionProblems(action, params, entity, grant);
  if (problems.length) throw refuse(problems.join("; "));
  return { tool, plan: customPlan(action, entity, valid) };
}
function customPlan(action, entity, args) {
  const text = (v) => Array.isArray(v) ? v.map(String).join(",") : String(v);
  const values = (data) => Object.fromEntries(
    Object.entries(data).flatMap(([k, b]) => {
      const v = bound(b, args);
      return v === void 0 ? [] : [[k, v]];
    })
  );
  const clauses = (list) => list.flatMap((c) => {
    const v = bound(c.value, args);
    return v === void 0 ? [] : [{ field: c.field, op: c.op, value: text(v) }];
  });
  switch (action.type) {
    case "query": {
      const search = action.search === void 0 ? void 0 : bound(action.search, args);
      return {
        operation: "query_records",
        input: {
          entityName: entity.name,
          filters: clauses(action.filters),
          ...typeof search === "string" && search ? { search } : {},
          ...action.orderBy ? { orderBy: action.orderBy } : {},
          ...action.orderDir ? { orderDir: action.orderDir } : {},
          ...action.limit ? { limit: action.limit } : {},
          resolve: false
        }
      };
    }
    case "create":
      return { operation: "create_record", input: { entityName: entity.name, data: values(action.data) } };
    case "update":
      return {
        operation: "update_record",
        input: { entityName: entity.name, id: String(bound(action.id, args) ?? ""), data: values(action.data) }
      };
    case "aggregate":
      return {
        operation: "aggregate_records",
        input: {
          entityName: entity.name,
          op: action.function,
          ...action.field ? { field: action.field } : {},
          ...action.groupBy ? { groupBy: action.groupBy } : {},
          filters: clauses(action.filters)
        }
      };
  }
}
export {
  planExecution
};
//# sourceMappingURL=execution-plan.js.map
