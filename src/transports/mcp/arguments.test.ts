import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineGlobalOperation, type Operation } from '../../operations/core/operation.js';
import { normalizeToolArguments } from './arguments.js';
import { toolAnnotations, toolDefinition } from './tools.js';

const op = (input: z.ZodType, extra: Partial<Operation> = {}): Operation =>
  ({
    ...defineGlobalOperation({
      name: 'sample_tool',
      title: 'Sample',
      description: 'A sample operation used to test the MCP argument rules.',
      input,
      output: z.unknown(),
      mode: 'write',
      profile: 'core',
      tool: true,
      access: 'authenticated',
      rest: [],
      run: async (_ctx, i) => i,
    }),
    ...extra,
  }) as Operation;

describe('normalizeToolArguments (docs/mcp.md aliases)', () => {
  const records = op(
    z.object({ entityName: z.string(), id: z.string().optional(), page: z.number().optional(), limit: z.number().default(20) }),
  );

  it('renames aliases to the keys the schema has', () => {
    expect(normalizeToolArguments(records, { entityName: 'e', recordId: 'r1' })).toEqual({ entityName: 'e', id: 'r1' });
    const publish = op(z.object({ entityName: z.string(), version_message: z.string().optional(), auto_publish: z.boolean().optional() }));
    expect(normalizeToolArguments(publish, { entityName: 'e', message: 'm', publish: true })).toEqual({
      entityName: 'e',
      version_message: 'm',
      auto_publish: true,
    });
    const rule = op(
      z.object({ sampleData: z.record(z.string(), z.unknown()), publish: z.boolean().optional(), field: z.object({}).optional() }),
    );
    expect(normalizeToolArguments(rule, { testData: { a: 1 }, auto_publish: true, fieldData: {} })).toEqual({
      sampleData: { a: 1 },
      publish: true,
      field: {},
    });
    expect(normalizeToolArguments(rule, { testContext: { b: 2 } })).toEqual({ sampleData: { b: 2 } });
  });

  it('never overrides an argument given under its own name, nor renames a key the schema has', () => {
    expect(normalizeToolArguments(records, { entityName: 'e', id: 'own', recordId: 'alias' })).toEqual({ entityName: 'e', id: 'own' });
    const own = op(z.object({ message: z.string(), version_message: z.string().optional() }));
    expect(normalizeToolArguments(own, { message: 'kept' })).toEqual({ message: 'kept' });
  });

  it('turns offset (with limit, or the default limit) into page', () => {
    expect(normalizeToolArguments(records, { entityName: 'e', offset: 40, limit: 20 })).toEqual({ entityName: 'e', page: 3, limit: 20 });
    expect(normalizeToolArguments(records, { entityName: 'e', offset: 0 })).toEqual({ entityName: 'e', page: 1, limit: 20 });
    expect(normalizeToolArguments(records, { entityName: 'e', offset: 10, limit: 5, page: 7 })).toEqual({
      entityName: 'e',
      page: 7,
      limit: 5,
    });
  });

  it('accepts metadata as an object or a JSON string', () => {
    const importOp = op(z.object({ metadata: z.record(z.string(), z.unknown()).optional() }));
    expect(normalizeToolArguments(importOp, { metadata: '{"entities":[]}' })).toEqual({ metadata: { entities: [] } });
    expect(normalizeToolArguments(importOp, { metadata: { entities: [] } })).toEqual({ metadata: { entities: [] } });
    expect(normalizeToolArguments(importOp, { metadata: 'not json' })).toEqual({ metadata: 'not json' });
    const textOp = op(z.object({ metadata: z.string() }));
    expect(normalizeToolArguments(textOp, { metadata: '{"a":1}' })).toEqual({ metadata: '{"a":1}' });
  });

  it('drops arguments the tool does not know, unless its schema is open', () => {
    expect(normalizeToolArguments(records, { entityName: 'e', entityId: 'x', foo: 1 })).toEqual({ entityName: 'e' });
    const open = op(z.looseObject({ a: z.string() }));
    expect(normalizeToolArguments(open, { a: 'x', extra: 1 })).toEqual({ a: 'x', extra: 1 });
    expect(normalizeToolArguments(records, undefined)).toEqual({});
    expect(normalizeToolArguments(records, ['not', 'an', 'object'])).toEqual({});
  });
});

describe('tool definitions', () => {
  it('states every annotation, never marking a write read-only', () => {
    const input = z.object({});
    expect(toolAnnotations(op(input, { mode: 'read' }))).toEqual({ readOnlyHint: true, destructiveHint: false, idempotentHint: true });
    expect(toolAnnotations(op(input))).toEqual({ readOnlyHint: false, destructiveHint: false, idempotentHint: false });
    expect(toolAnnotations(op(input, { destructive: true, idempotent: true }))).toEqual({
      readOnlyHint: false,
      destructiveHint: true,
      idempotentHint: true,
    });
  });

  it('advertises the input schema a client sends (defaults optional) without $schema', () => {
    const def = toolDefinition(op(z.object({ name: z.string().describe('Entity name'), limit: z.number().int().max(100).default(20) })));
    expect(def.inputSchema).toEqual({
      type: 'object',
      properties: { name: { type: 'string', description: 'Entity name' }, limit: { type: 'integer', maximum: 100, default: 20 } },
      required: ['name'],
    });
  });

  it('leaves out schema noise but keeps every property, whatever its name', () => {
    const def = toolDefinition(
      op(
        z.object({
          page: z.number().int(),
          metadata: z.record(z.string(), z.unknown()),
          keyed: z.record(z.string().regex(/^[a-z]+$/), z.string()),
          open: z.looseObject({ a: z.string() }),
          nested: z.object({ properties: z.string(), minimum: z.number().int().min(1) }),
        }),
      ),
    );
    expect(def.inputSchema.properties).toEqual({
      page: { type: 'integer' },
      metadata: { type: 'object' },
      keyed: { type: 'object', propertyNames: { type: 'string', pattern: '^[a-z]+$' }, additionalProperties: { type: 'string' } },
      open: { type: 'object', properties: { a: { type: 'string' } }, required: ['a'] },
      nested: {
        type: 'object',
        properties: { properties: { type: 'string' }, minimum: { type: 'integer', minimum: 1 } },
        required: ['properties', 'minimum'],
      },
    });
  });
});
