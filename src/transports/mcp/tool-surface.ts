import { notFound, validationError } from '../../errors.js';
import type { Operation, Profile } from '../../operations/core/operation.js';
import { normalizeToolArguments } from './arguments.js';
import { groupedTools, SUBACTION } from './grouped.js';
import { createToolSearch, SEARCH_TOOLS, searchToolsDefinition, type ToolSearch } from './search-tools.js';
import { listTools, toolOperations, type ToolDefinition } from './tools.js';

/** `MCP_TOOL_PROFILE`: the nested profiles of the catalogue, or one tool per area (`grouped`). */
export const TOOL_PROFILES = ['core', 'advanced', 'all', 'grouped'] as const;
export type ToolProfile = (typeof TOOL_PROFILES)[number];

/** What one call asks for, once resolved: the operation and its normalized arguments. */
export type ResolvedCall = { kind: 'search'; args: unknown } | { kind: 'operation'; op: Operation; args: Record<string, unknown> };

/**
 * The tools an MCP server offers under a profile, and how a call by tool name (and, for grouped
 * tools, `action`) reaches an operation. A session's own state — the tools `search_tools` loaded
 * into it — is passed in, so one surface serves every session of a server.
 */
export interface ToolSurface {
  readonly profile: ToolProfile;
  /** `tools/list` for a session that loaded `loaded` (names of operations). */
  list(loaded: ReadonlySet<string>): ToolDefinition[];
  /** The number of tools a new session lists. */
  readonly size: number;
  resolve(name: string, args: unknown, loaded: ReadonlySet<string>): ResolvedCall;
  readonly search: ToolSearch;
  /** Whether `search_tools` answers load tools into the session (the nested profiles). */
  readonly loadsFoundTools: boolean;
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

export function buildToolSurface(operations: readonly Operation[], profile: ToolProfile): ToolSurface {
  return profile === 'grouped' ? groupedSurface(operations) : nestedSurface(operations, profile);
}

function nestedSurface(operations: readonly Operation[], profile: Profile): ToolSurface {
  const listed = [...listTools(operations, profile), searchToolsDefinition];
  const inProfile = new Set(toolOperations(operations, profile).map((op) => op.name));
  const everyTool = new Map(toolOperations(operations, 'all').map((op) => [op.name, op]));
  const allDefinitions = new Map(listTools(operations, 'all').map((tool) => [tool.name, tool]));
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
      if (name === SEARCH_TOOLS) return { kind: 'search', args };
      const op = everyTool.get(name);
      if (!op || !(inProfile.has(name) || loaded.has(name))) {
        throw notFound(
          op
            ? `Tool "${name}" is not in this session's tools/list (profile ${profile}); search_tools {"query":"${name}"} loads it`
            : `Unknown tool "${name}"; tools/list shows the available tools and search_tools finds others`,
        );
      }
      return { kind: 'operation', op, args: normalizeToolArguments(op, args) };
    },
  };
}

function groupedSurface(operations: readonly Operation[]): ToolSurface {
  const tools = groupedTools(operations);
  const listed = [...tools.map((t) => t.definition), searchToolsDefinition];
  const byName = new Map(tools.map((t) => [t.definition.name, t]));
  return {
    profile: 'grouped',
    size: listed.length,
    loadsFoundTools: false,
    search: createToolSearch(operations, true),
    list: () => listed,
    resolve(name, args) {
      if (name === SEARCH_TOOLS) return { kind: 'search', args };
      const tool = byName.get(name);
      if (!tool) throw notFound(`Unknown tool "${name}"; tools/list shows the available tools and search_tools finds actions`);
      const action = isObject(args) ? args.action : undefined;
      const op = typeof action === 'string' ? tool.actions.get(action) : undefined;
      if (!op) {
        const choices = [...tool.actions.keys()].join(', ');
        throw validationError(
          action === undefined
            ? `${name}: "action" is required, one of ${choices}`
            : `${name}: "action" must be one of ${choices}; search_tools finds the tool of another action`,
        );
      }
      const { action: _action, [SUBACTION]: subaction, ...rest } = args as Record<string, unknown>;
      return { kind: 'operation', op, args: normalizeToolArguments(op, subaction === undefined ? rest : { ...rest, action: subaction }) };
    },
  };
}
