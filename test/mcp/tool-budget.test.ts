import { countTokens } from 'gpt-tokenizer/encoding/o200k_base';
import { describe, expect, it } from 'vitest';
import { OPERATIONS } from '../../src/operations/index.js';
import type { Profile } from '../../src/operations/core/operation.js';
import { groupedTools, groupOf, TOOL_GROUPS } from '../../src/transports/mcp/grouped.js';
import { buildToolSurface, TOOL_PROFILES, type ToolProfile } from '../../src/transports/mcp/tool-surface.js';
import { listTools, toolOperations } from '../../src/transports/mcp/tools.js';

/**
 * Deterministic size of what a model is given per profile — each tool's name, description and
 * inputSchema, as o200k tokens of their JSON — over whatever the catalogue holds. Budgets: core ≤
 * 2,500, all ≤ 8,000. Output schemas and annotations reach the client too but not, as a rule, the
 * model's context: they are measured and reported beside it.
 */
// grouped holds the 2,500 with the whole catalogue (57 actions) because its variants are slim:
// argument names, types only when not a string, enums and required (src/transports/mcp/grouped.ts).
const BUDGETS: Record<ToolProfile, number> = { core: 2_500, advanced: 8_000, all: 8_000, grouped: 2_500 };
const PROFILES = TOOL_PROFILES;

const measure = (profile: ToolProfile) => {
  const tools = buildToolSurface(OPERATIONS, profile).list(new Set());
  const given = JSON.stringify({ tools: tools.map(({ name, description, inputSchema }) => ({ name, description, inputSchema })) });
  const outputs = JSON.stringify(tools.map((t) => t.outputSchema));
  return { tools: tools.length, bytes: Buffer.byteLength(given), tokens: countTokens(given), outputSchemaTokens: countTokens(outputs) };
};

describe('tools/list budget per profile', () => {
  const figures = Object.fromEntries(PROFILES.map((p) => [p, measure(p)]));
  console.log(`tools/list per profile (o200k tokens): ${JSON.stringify(figures)}`);

  it.each([...PROFILES])('%s stays within its token budget', (profile) => {
    expect(figures[profile]!.tokens).toBeLessThanOrEqual(BUDGETS[profile]);
  });

  it('grouped holds at most 12 tools (search_tools included) and reaches every tool of all exactly once', () => {
    const grouped = groupedTools(OPERATIONS);
    expect(grouped.length + 1).toBeLessThanOrEqual(12);
    const actions = grouped.flatMap((tool) => [...tool.actions.keys()]);
    const every = toolOperations(OPERATIONS, 'all').map((op) => op.name);
    expect([...actions].sort()).toEqual([...every].sort());
    for (const name of every) expect(TOOL_GROUPS.filter((g) => g.matches(name)).length, `${name} has one group`).toBeGreaterThanOrEqual(1);
    for (const name of every) expect(groupOf(name), name).toBeDefined();
  });

  it('a grouped tool is read-only only when every action only reads, and destructive when any action is', () => {
    for (const { definition, actions } of groupedTools(OPERATIONS)) {
      const modes = [...actions.values()].map((op) => op.mode);
      expect(definition.annotations.readOnlyHint, definition.name).toBe(modes.every((m) => m === 'read'));
      expect(definition.annotations.destructiveHint, definition.name).toBe([...actions.values()].some((op) => op.destructive === true));
      expect(definition.inputSchema.required).toEqual(['action']);
      expect(definition.description).toMatch(/e\.g\./);
    }
  });

  it('core holds at most 20 tools, and core ⊂ advanced ⊂ all', () => {
    const names = (p: Profile) => toolOperations(OPERATIONS, p).map((op) => op.name);
    expect(names('core').length).toBeLessThanOrEqual(20);
    expect(names('advanced')).toEqual(expect.arrayContaining(names('core')));
    expect(names('all')).toEqual(expect.arrayContaining(names('advanced')));
    expect(names('all')).toEqual(OPERATIONS.filter((op) => op.tool).map((op) => op.name));
  });

  it('places the tools docs/mcp.md places in their profiles (those present in the catalogue)', () => {
    const core = new Set(toolOperations(OPERATIONS, 'core').map((op) => op.name));
    const advanced = new Set(toolOperations(OPERATIONS, 'advanced').map((op) => op.name));
    const present = new Set(OPERATIONS.map((op) => op.name));
    for (const name of ['list_tenants', 'select_tenant', 'generate_entity', 'list_entities', 'get_entity_schema']) {
      if (present.has(name)) expect(core.has(name), name).toBe(true);
    }
    for (const name of ['delete_entity']) {
      if (present.has(name)) expect([core.has(name), advanced.has(name)], name).toEqual([false, true]);
    }
  });
});

describe('every tool definition', () => {
  const tools = listTools(OPERATIONS, 'all');
  const ops = new Map(OPERATIONS.map((op) => [op.name, op]));

  it.each(tools.map((t) => [t.name, t] as const))('%s is well-formed and annotated truthfully', (name, tool) => {
    const op = ops.get(name)!;
    expect(name).toMatch(/^[a-z][a-z0-9_]*$/);
    expect(tool.title.length).toBeGreaterThan(0);
    expect(tool.description.length).toBeGreaterThanOrEqual(40);
    expect(tool.description, 'a description carries a short example').toMatch(/e\.g\.|example/i);
    expect(tool.inputSchema.type).toBe('object');
    expect(tool.inputSchema).not.toHaveProperty('$schema');
    expect(tool.outputSchema?.type, `${name} publishes an object output schema`).toBe('object');
    expect(JSON.stringify(tool.outputSchema)).not.toContain('$schema');
    const { readOnlyHint, destructiveHint, idempotentHint } = tool.annotations;
    expect(readOnlyHint).toBe(op.mode === 'read');
    if (readOnlyHint) expect([destructiveHint, idempotentHint]).toEqual([false, true]);
    if (/^(delete|remove|revoke|unpublish)_/.test(name)) expect(destructiveHint, `${name} removes data`).toBe(true);
    if (/^(list|get|search|query|export)_/.test(name)) expect(readOnlyHint, `${name} only reads`).toBe(true);
  });
});
