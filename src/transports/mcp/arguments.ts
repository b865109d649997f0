import type { Operation } from '../../operations/core/operation.js';
import { toolInputSchema } from './tools.js';

/**
 * What real MCP clients send, made into what the operation's schema expects (docs/mcp.md):
 * aliases are renamed, `offset` becomes `page`, a JSON-string `metadata` is parsed, and
 * arguments the tool does not know are dropped. Each rule applies only where the operation's
 * schema has the target key and lacks the alias, so the advertised schemas stay clean.
 */

const ALIASES: ReadonlyArray<readonly [alias: string, target: string]> = [
  ['recordId', 'id'],
  ['message', 'version_message'],
  ['testData', 'sampleData'],
  ['testContext', 'sampleData'],
  ['auto_publish', 'publish'],
  ['publish', 'auto_publish'],
  ['fieldData', 'field'],
];

const isPlainObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

function defaultLimit(schema: Record<string, unknown> | undefined): number {
  const value = schema?.default;
  return typeof value === 'number' && value > 0 ? value : 20;
}

function allowsObject(schema: Record<string, unknown> | undefined): boolean {
  if (!schema) return false;
  if (schema.type === 'object') return true;
  const variants = (schema.anyOf ?? schema.oneOf) as Array<Record<string, unknown>> | undefined;
  return Array.isArray(variants) && variants.some((v) => v.type === 'object');
}

export function normalizeToolArguments(op: Operation, raw: unknown): Record<string, unknown> {
  const args: Record<string, unknown> = isPlainObject(raw) ? { ...raw } : {};
  const schema = toolInputSchema(op);
  const properties = schema.properties ?? {};
  const has = (key: string) => Object.hasOwn(properties, key);

  for (const [alias, target] of ALIASES) {
    if (args[alias] !== undefined && !has(alias) && has(target) && args[target] === undefined) {
      args[target] = args[alias];
      delete args[alias];
    }
  }

  if (args.offset !== undefined && !has('offset') && has('page') && args.page === undefined) {
    const offset = Number(args.offset);
    const limit = args.limit === undefined ? defaultLimit(properties.limit) : Number(args.limit);
    if (Number.isInteger(offset) && offset >= 0 && Number.isInteger(limit) && limit > 0) {
      args.page = Math.floor(offset / limit) + 1;
      if (args.limit === undefined && has('limit')) args.limit = limit;
    }
    delete args.offset;
  }

  if (typeof args.metadata === 'string' && allowsObject(properties.metadata)) {
    try {
      args.metadata = JSON.parse(args.metadata);
    } catch {
      // Left as the string: validation then says what `metadata` must be.
    }
  }

  const additional = schema.additionalProperties;
  const open = additional !== undefined && additional !== false;
  if (!open) {
    for (const key of Object.keys(args)) if (!has(key)) delete args[key];
  }
  return args;
}
