import MiniSearch from "minisearch";
import { z } from "zod";
import { validationError } from "../../errors.js";
import { jsonSchemaOf } from "../../operations/core/schemas.js";
import { renderText } from "../surface-text.js";
import { groupOf } from "./grouped.js";
import { compactSchema, toolDefinition } from "./tools.js";
const SEARCH_TOOLS = "search_tools";
const input = z.object({
  query: z.string().trim().min(1).max(200).describe('Words of what you want to do, e.g. "sum invoice totals by month"'),
  limit: z.number().int().min(1).max(10).default(5).describe("Most tools to answer (1\u201310)")
});
const output = z.object({
  tools: z.array(
    z.object({
      name: z.string(),
      description: z.string(),
      inputSchema: z.record(z.string(), z.unknown()),
      call: z.object({ tool: z.string(), action: z.string().optional() })
    })
  )
});
const searchToolsDefinition = {
  name: SEARCH_TOOLS,
  title: "Search tools",
  description: `Finds tools (or grouped tools' actions) by what they do and answers their full descriptions and input schemas; tools found become callable in this session. e.g. {"query":"aggregate records by field"}`,
  inputSchema: compactSchema(jsonSchemaOf(input, "input")),
  outputSchema: compactSchema(jsonSchemaOf(output, "output")),
  annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true }
};
function createToolSearch(operations, grouped) {
  const tools = operations.filter((op) => op.tool);
  const definitions = new Map(tools.map((op) => [op.name, toolDefinition(op, (text) => renderText(text, "mcp", operations))]));
  const index = new MiniSearch({
    fields: ["name", "title", "description"],
    searchOptions: { boost: { name: 3, title: 2 }, prefix: true, fuzzy: 0.2, combineWith: "OR" }
  });
  index.addAll(tools.map((op) => ({ id: op.name, name: op.name, title: op.title, description: op.description })));
  const byName = new Map(tools.map((op) => [op.name, op]));
  return {
    search(args) {
      const parsed = input.safeParse(args ?? {});
      if (!parsed.success) {
        const issue = parsed.error.issues[0];
        throw validationError(
          `search_tools: "${issue?.path.join(".") || "query"}" ${issue?.message ?? "is invalid"}; e.g. {"query":"create a record"}`
        );
      }
      const { query, limit } = parsed.data;
      const exact = byName.get(query.replace(/\s+/g, "_").toLowerCase());
      const ranked = [...exact ? [exact.name] : [], ...index.search(query).map((hit) => hit.id)];
      const found = [...new Set(ranked)].slice(0, limit).map((name) => byName.get(name));
      return {
        found,
        answer: {
          tools: found.map((op) => {
            const { name, description, inputSchema } = definitions.get(op.name);
            const group = grouped ? groupOf(op.name) : void 0;
            return { name, description, inputSchema, call: group ? { tool: group.name, action: op.name } : { tool: op.name } };
          })
        }
      };
    }
  };
}
export {
  SEARCH_TOOLS,
  createToolSearch,
  searchToolsDefinition
};
//# sourceMappingURL=search-tools.js.map
