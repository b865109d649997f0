import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { expect } from 'vitest';
import { groupOf, SUBACTION } from '../../src/transports/mcp/grouped.js';
import type { ToolProfile } from '../../src/transports/mcp/tool-surface.js';
import { callTool, type ToolAnswer } from './helpers.js';

/**
 * An agent as a model would drive the server in each profile: it calls an operation by name; in
 * `grouped` it calls the operation's group tool with `action` (an operation's own `action`
 * argument as `subaction`); in `core`/`advanced`, a tool not in tools/list is first found with
 * search_tools, which loads it into the session.
 */
export class Agent {
  private listed: Set<string> | null = null;

  constructor(
    readonly client: Client,
    readonly profile: ToolProfile,
  ) {}

  async call(name: string, args: Record<string, unknown> = {}): Promise<ToolAnswer> {
    if (this.profile === 'grouped') {
      const group = groupOf(name);
      if (!group) throw new Error(`no group for ${name}`);
      const { action, ...rest } = args;
      return callTool(this.client, group.name, { action: name, ...rest, ...(action === undefined ? {} : { [SUBACTION]: action }) });
    }
    this.listed ??= new Set((await this.client.listTools()).tools.map((t) => t.name));
    if (!this.listed.has(name)) {
      const found = await callTool(this.client, 'search_tools', { query: name.replace(/_/g, ' '), limit: 10 });
      expect(found.isError, JSON.stringify(found.json)).toBe(false);
      expect(
        found.json.tools.map((t: { name: string }) => t.name),
        `search_tools finds ${name}`,
      ).toContain(name);
      this.listed = new Set((await this.client.listTools()).tools.map((t) => t.name));
      expect(this.listed.has(name), `${name} is listed once found`).toBe(true);
    }
    return callTool(this.client, name, args);
  }

  /** Calls an operation that must succeed and answers its result. */
  async ok(name: string, args: Record<string, unknown> = {}): Promise<any> {
    const answer = await this.call(name, args);
    if (answer.isError) throw new Error(`${name} failed in profile ${this.profile}: ${JSON.stringify(answer.json)}`);
    return answer.json;
  }
}
