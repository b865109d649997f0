import type { TenantTx } from '../../db/with-tenant.js';
import { forbidden, notFound, toolRef } from '../../errors.js';
import type { RecordAction } from '../access/principal.js';
import { channelMay } from '../access/permissions.js';
import type { PublishedEntity } from '../entities/entity.types.js';
import { findPublishedEntityCached, type PublishedEntityCache } from '../entities/published-entity.cache.js';
import type { FilterClause } from '../records/list-query.js';
import type { ChannelRow, ChannelTool } from './channel.types.js';
import { findCustomTool } from './custom-tool.repository.js';
import { actionProblems, bound, customToolView, type ToolAction } from './custom-tools.js';
import { derivedTool, parseDerivedName, ungrantedRelationTargets, verbsOf, type DerivedVerb } from './derived-tools.js';
import { validateArguments, type ParamSchema } from './tool-schema.js';

/** The record operation a tool runs, and its input. */
export interface ExecutionPlan {
  operation: RecordOperation;
  input: Record<string, unknown>;
}

export type RecordOperation = 'query_records' | 'get_record' | 'create_record' | 'update_record' | 'aggregate_records';

export interface PlannedExecution {
  tool: ChannelTool;
  plan: ExecutionPlan;
}

const OPERATION: Record<DerivedVerb, RecordOperation> = {
  list: 'query_records',
  get: 'get_record',
  create: 'create_record',
  update: 'update_record',
};
const ACTION: Record<DerivedVerb, RecordAction> = { list: 'read', get: 'read', create: 'create', update: 'update' };

const toolNotFound = (channel: ChannelRow, name: string) =>
  notFound(`Channel "${channel.slug}" has no tool "${name.slice(0, 100)}"; ${toolRef('get_channel_tools')} lists them`);

const refuse = (message: string) => forbidden(`The channel does not permit this: ${message}`);

/**
 * Checks an execution in the documented order — (the channel is published: the caller checked) →
 * the tool exists → the arguments are valid against its schema → the entity permission — and
 * answers what to run. Nothing here writes; the record operation then runs its own checks.
 */
export async function planExecution(
  tx: TenantTx,
  cache: PublishedEntityCache,
  channel: ChannelRow,
  toolName: string,
  args: unknown,
  /** Told the tool as soon as it is known, so a refusal after that can still name its version and hash. */
  found: (tool: ChannelTool) => void = () => undefined,
): Promise<PlannedExecution> {
  const grant = channel.permissions;
  const derived = parseDerivedName(toolName);
  if (derived) {
    const permission = Object.hasOwn(grant, derived.entity) ? grant[derived.entity] : undefined;
    const entity =
      permission && verbsOf(permission).includes(derived.verb) ? await findPublishedEntityCached(tx, cache, derived.entity) : null;
    if (!entity || 'draftOnly' in entity) throw toolNotFound(channel, toolName);
    const tool = derivedTool(derived.verb, entity, grant);
    found(tool);
    const valid = validateArguments(tool.schema, args);
    if (!channelMay(grant, entity.name, ACTION[derived.verb])) throw refuse(`${ACTION[derived.verb]} on ${entity.name}`);
    if (valid.resolve === true) {
      const outside = ungrantedRelationTargets(entity, grant);
      if (outside.length) throw refuse(`resolve reaches ${[...new Set(outside)].join(', ')}, outside the channel`);
    }
    // Relations are expanded only when asked for (query_records would by default), and asked for only within the grant.
    const input = {
      ...valid,
      entityName: entity.name,
      ...(derived.verb === 'list' || derived.verb === 'get' ? { resolve: valid.resolve === true } : {}),
    };
    return { tool, plan: { operation: OPERATION[derived.verb], input } };
  }
  const row = await findCustomTool(tx, toolName);
  if (!row) throw toolNotFound(channel, toolName);
  const tool = customToolView(row);
  found(tool);
  const params = row.params as unknown as ParamSchema;
  const valid = validateArguments(params, args);
  const action = row.action as ToolAction;
  const published = Object.hasOwn(grant, action.entity) ? await findPublishedEntityCached(tx, cache, action.entity) : null;
  const entity = published && !('draftOnly' in published) ? published : null;
  const problems = actionProblems(action, params, entity, grant);
  if (problems.length) throw refuse(problems.join('; '));
  return { tool, plan: customPlan(action, entity!, valid) };
}

/** Binds the arguments into the action; a filter or field whose argument was not given is left out. */
function customPlan(action: ToolAction, entity: PublishedEntity, args: Record<string, unknown>): ExecutionPlan {
  const text = (v: unknown) => (Array.isArray(v) ? v.map(String).join(',') : String(v));
  const values = (data: Record<string, unknown>) =>
    Object.fromEntries(
      Object.entries(data).flatMap(([k, b]) => {
        const v = bound(b as never, args);
        return v === undefined ? [] : [[k, v]];
      }),
    );
  const clauses = (list: Array<{ field: string; op: FilterClause['op']; value: unknown }>): FilterClause[] =>
    list.flatMap((c) => {
      const v = bound(c.value as never, args);
      return v === undefined ? [] : [{ field: c.field, op: c.op, value: text(v) }];
    });
  switch (action.type) {
    case 'query': {
      const search = action.search === undefined ? undefined : bound(action.search, args);
      return {
        operation: 'query_records',
        input: {
          entityName: entity.name,
          filters: clauses(action.filters),
          ...(typeof search === 'string' && search ? { search } : {}),
          ...(action.orderBy ? { orderBy: action.orderBy } : {}),
          ...(action.orderDir ? { orderDir: action.orderDir } : {}),
          ...(action.limit ? { limit: action.limit } : {}),
          resolve: false,
        },
      };
    }
    case 'create':
      return { operation: 'create_record', input: { entityName: entity.name, data: values(action.data) } };
    case 'update':
      return {
        operation: 'update_record',
        input: { entityName: entity.name, id: String(bound(action.id, args) ?? ''), data: values(action.data) },
      };
    case 'aggregate':
      return {
        operation: 'aggregate_records',
        input: {
          entityName: entity.name,
          op: action.function,
          ...(action.field ? { field: action.field } : {}),
          ...(action.groupBy ? { groupBy: action.groupBy } : {}),
          filters: clauses(action.filters),
        },
      };
  }
}
