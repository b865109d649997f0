import type { Operation } from '../../src/operations/core/operation.js';
import { toolInputSchema } from '../../src/transports/mcp/tools.js';

/**
 * What an agent needs from a failing tool (docs/mcp.md "Answers and errors"): the message names
 * the tool or argument to fix, or the tool to call next — and whatever it names exists.
 */

const TOOL_LIKE = /\b[a-z]+(?:_[a-z]+)+\b/g;

/** Argument names of a tool, nested ones included as `a.b` and as `b`. */
function argumentNames(op: Operation): Set<string> {
  const names = new Set<string>();
  const walk = (schema: unknown, prefix: string) => {
    if (typeof schema !== 'object' || schema === null) return;
    const s = schema as { properties?: Record<string, unknown>; items?: unknown; anyOf?: unknown[] };
    for (const [key, value] of Object.entries(s.properties ?? {})) {
      names.add(key);
      names.add(prefix + key);
      walk(value, `${prefix}${key}.`);
    }
    if (s.items) walk(s.items, prefix);
    for (const v of s.anyOf ?? []) walk(v, prefix);
  };
  walk(toolInputSchema(op), '');
  return names;
}

/**
 * Problems with a failing tool's message; empty when it guides the agent. `sent` are the keys and
 * string values of the arguments sent: a message naming the one at fault points at its argument.
 */
export function guidanceProblems(
  message: string,
  op: Operation,
  operations: readonly Operation[],
  extra: readonly string[] = [],
): string[] {
  const tools = new Set([...operations.filter((o) => o.tool).map((o) => o.name), 'search_tools']);
  const args = argumentNames(op);
  const problems: string[] = [];
  const named = (word: string) => tools.has(word) || args.has(word) || extra.includes(word);
  for (const word of message.match(TOOL_LIKE) ?? []) {
    const looksLikeTool =
      /^(list|get|create|update|delete|select|query|publish|generate|manage|search|test|export|import|register|identify|revoke|deploy|rollback|execute|define|remove|set|unpublish|aggregate|change|whoami|reset|tenant|admin)_/.test(
        word,
      );
    if (looksLikeTool && !named(word)) problems.push(`names "${word}", which is neither a tool nor an argument of ${op.name}`);
  }
  const words = new Set(message.split(/[^A-Za-z0-9_.]+/).filter(Boolean));
  // A path such as `permissions.walk_items` names its first segment's argument.
  const mentionsSomething = [...words].some((w) => named(w) || named(w.replace(/\.$/, '')) || named(w.split('.')[0]!));
  if (!mentionsSomething) problems.push(`names no tool and no argument of ${op.name}: "${message}"`);
  return problems;
}
