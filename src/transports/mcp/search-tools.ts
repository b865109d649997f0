import MiniSearch from 'minisearch';
import { z } from 'zod';
import { validationError } from '../../errors.js';
import type { Operation } from '../../operations/core/operation.js';
import { jsonSchemaOf } from '../../operations/core/schemas.js';
import { renderText } from '../surface-text.js';
import { groupOf } from './grouped.js';
import { compactSchema, toolDefinition, type JsonObjectSchema, type ToolDefinition } from './tools.js';

/**
 * `search_tools`: a tool of the MCP surface itself (not a catalogue operation — it searches the
 * catalogue), listed in every profile. It answers the tools of the whole catalogue that match a
 * query, each with its full description and input schema, so an agent can start from a small
 * list and load what it needs (docs/mcp.md "Tool search"). In the `core` and `advanced` profiles
 * the tools it answers are loaded into the session: listed from then on and callable. In the
 * `grouped` profile every operation is already an action; the answer says which tool runs it.
 */
export const SEARCH_TOOLS = 'search_tools';

const input = z.object({
  query: z.string().trim().min(1).max(200).describe('Words of what you want to do, e.g. "sum invoice totals by month"'),
  limit: z.number().int().min(1).max(10).default(5).describe('Most tools to answer (1–10)'),
});

const output = z.object({
  tools: z.array(
    z.object({
      name: z.string(),
      description: z.string(),
      inputSchema: z.record(z.string(), z.unknown()),
      call: z.object({ tool: z.string(), action: z.string().optional() }),
    }),
  ),
});

export type SearchToolsAnswer = z.infer<typeof output>;

export const searchToolsDefinition: ToolDefinition = {
  name: SEARCH_TOOLS,
  title: 'Search tools',
  description:
    'Finds tools (or grouped tools\' actions: their untyped arguments are strings) by what they do and answers their full descriptions and input schemas; tools found become callable in this session. e.g. {"query":"aggregate records by field"}',
  inputSchema: compactSchema(jsonSchemaOf(input, 'input')) as JsonObjectSchema,
  outputSchema: compactSchema(jsonSchemaOf(output, 'output')) as JsonObjectSchema,
  annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true },
};

export interface ToolSearch {
  /** The matching tools, best first, or a VALIDATION_ERROR naming the argument. */
  search(args: unknown): { answer: SearchToolsAnswer; found: Operation[] };
}

/**
 * An index over every tool of the catalogue (`tool: true`, whatever the profile), built once per
 * server. `grouped` says how a found tool is called: as an action of its group's tool.
 */
export function createToolSearch(operations: readonly Operation[], grouped: boolean): ToolSearch {
  const tools = operations.filter((op) => op.tool);
  const definitions = new Map(tools.map((op) => [op.name, toolDefinition(op, (text) => renderText(text, 'mcp', operations))]));
  const index = new MiniSearch<{ id: string; name: string; title: string; description: string }>({
    fields: ['name', 'title', 'description'],
    searchOptions: { boost: { name: 3, title: 2 }, prefix: true, fuzzy: 0.2, combineWith: 'OR' },
  });
  index.addAll(tools.map((op) => ({ id: op.name, name: op.name, title: op.title, description: op.description })));
  const byName = new Map(tools.map((op) => [op.name, op]));

  return {
    search(args) {
      const parsed = input.safeParse(args ?? {});
      if (!parsed.success) {
        const issue = parsed.error.issues[0];
        throw validationError(
          `search_tools: "${issue?.path.join('.') || 'query'}" ${issue?.message ?? 'is invalid'}; e.g. {"query":"create a record"}`,
        );
      }
      const { query, limit } = parsed.data;
      const exact = byName.get(query.replace(/\s+/g, '_').toLowerCase());
      const ranked = [...(exact ? [exact.name] : []), ...index.search(query).map((hit) => hit.id as string)];
      const found = [...new Set(ranked)].slice(0, limit).map((name) => byName.get(name)!);
      return {
        found,
        answer: {
          tools: found.map((op) => {
            const { name, description, inputSchema } = definitions.get(op.name)!;
            const group = grouped ? groupOf(op.name) : undefined;
            return { name, description, inputSchema, call: group ? { tool: group.name, action: op.name } : { tool: op.name } };
          }),
        },
      };
    },
  };
}
