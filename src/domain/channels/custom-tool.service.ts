import type { TenantTx } from '../../db/with-tenant.js';
import { notFound, toolRef, validationError } from '../../errors.js';
import { findPublishedEntityCached, type PublishedEntityCache } from '../entities/published-entity.cache.js';
import type { ChannelRow, ChannelTool } from './channel.types.js';
import { deleteCustomTool, insertCustomTool, updateCustomTool } from './custom-tool.repository.js';
import { actionProblems, checkToolName, customToolView, parseAction } from './custom-tools.js';
import { sanitizeForeignText, TEXT_LIMITS } from './sanitize.js';
import { checkParamSchema } from './tool-schema.js';

export type ToolKind = 'new' | 'existing';

const missingTool = (name: string) => notFound(`Your channel has no custom tool "${name}" (${toolRef('get_my_channel')} lists them)`);

/**
 * Defines (`new`) or replaces (`existing`) a custom tool, after checking its schema, its action
 * and that the action stays inside the channel's grant. Nothing is stored when a check fails.
 */
export async function defineCustomTool(
  tx: TenantTx,
  cache: PublishedEntityCache,
  channel: ChannelRow,
  kind: ToolKind,
  input: { name: string; description: string; params: unknown; action: unknown },
  now: Date,
): Promise<ChannelTool> {
  checkToolName(input.name);
  const params = checkParamSchema(input.params);
  const action = parseAction(input.action);
  const found = Object.hasOwn(channel.permissions, action.entity) ? await findPublishedEntityCached(tx, cache, action.entity) : null;
  const problems = actionProblems(action, params, found && !('draftOnly' in found) ? found : null, channel.permissions);
  if (problems.length) {
    throw validationError(
      `Invalid action — ${problems[0]}${problems.length > 1 ? ` (and ${problems.length - 1} more)` : ''}`,
      problems.map((message) => ({ field: 'action', message })),
    );
  }
  const fields = {
    name: input.name,
    description: sanitizeForeignText(input.description, TEXT_LIMITS.toolDescription),
    params: params as unknown as Record<string, unknown>,
    action: action as Record<string, unknown>,
  };
  if (kind === 'new') return customToolView(await insertCustomTool(tx, fields, now));
  const row = await updateCustomTool(tx, fields, now);
  if (!row) throw missingTool(input.name);
  return customToolView(row);
}

export async function removeCustomTool(tx: TenantTx, name: string) {
  if (!(await deleteCustomTool(tx, name))) throw missingTool(name);
  return { tool_name: name, removed: true as const };
}
