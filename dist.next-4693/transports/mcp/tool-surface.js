import { notFound, validationError } from "../../errors.js";
import { normalizeToolArguments } from "./arguments.js";
import { groupedTools, SUBACTION } from "./grouped.js";
import { createToolSearch, SEARCH_TOOLS, searchToolsDefinition } from "./search-tools.js";
import { listTools, toolOperations } from "./tools.js";
const TOOL_PROFILES = ["core", "advanced", "all", "grouped"];
const isObject = (v) => typeof v === "object" && v !== null && !Array.isArray(v);
function buildToolSurface(operations, profile) {
  return profile === "grouped" ? groupedSurface(operations) : nestedSurface(operations, profile);
}
function nestedSurface(operations, profile) {
  const listed = [...listTools(operations, profile), searchToolsDefinition];
  const inProfile = new Set(toolOperations(operations, profile).map((op) => op.name));
  const everyTool = new Map(toolOperations(operations, "all").map((op) => [op.name, op]));
  const allDefinitions = new Map(listTools(operations, "all").map((tool) => [tool.name, tool]));
  return {
    profile,
    size: listed.length,
    loadsFoundTools: true,
    search: createToolSearch(operations, false),
    list(loaded) {
      const extra = [...loaded].filter((name) => !inProfile.has(name)).flatMap((name) => allDefinitions.get(name) ?? []);
      return extra.length ? [...listed, ...extra] : listed;
    },
    resolve(name, args, loaded) {
      if (name === SEARCH_TOOLS) return { kind: "search", args };
      const op = everyTool.get(name);
      if (!op || !(inProfile.has(name) || loaded.has(name))) {
        throw notFound(
          op ? `Tool "${name}" is not in this session's tools/list (profile ${profile}); search_tools {"query":"${name}"} loads it` : `Unknown tool "${name}"; tools/list shows the available tools and search_tools finds others`
        );
      }
      return { kind: "operation", op, args: normalizeToolArguments(op, args) };
    }
  };
}
function groupedSurface(operations) {
  const tools = groupedTools(operations);
  const listed = [...tools.map((t) => t.definition), searchToolsDefinition];
  const byName = new Map(tools.map((t) => [t.definition.name, t]));
  return {
    profile: "grouped",
    size: listed.length,
    loadsFoundTools: false,
    search: createToolSearch(operations, true),
    list: () => listed,
    resolve(name, args) {
      if (name === SEARCH_TOOLS) return { kind: "search", args };
      const tool = byName.get(name);
      if (!tool) throw notFound(`Unknown tool "${name}"; tools/list shows the available tools and search_tools finds actions`);
      const action = isObject(args) ? args.action : void 0;
      const op = typeof action === "string" ? tool.actions.get(action) : void 0;
      if (!op) {
        const choices = [...tool.actions.keys()].join(", ");
        throw validationError(
          action === void 0 ? `${name}: "action" is required, one of ${choices}` : `${name}: "action" must be one of ${choices}; search_tools finds the tool of another action`
        );
      }
      const { action: _action, [SUBACTION]: subaction, ...rest } = args;
      return { kind: "operation", op, args: normalizeToolArguments(op, subaction === void 0 ? rest : { ...rest, action: subaction }) };
    }
  };
}
export {
  TOOL_PROFILES,
  buildToolSurface
};
//# sourceMappingURL=tool-surface.js.map
