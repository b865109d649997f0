import { z } from 'zod';
import type { Operation, RestBinding } from '../../operations/operation.js';
import { isTenantOperation } from '../../operations/operation.js';
import { HTTP_STATUS } from './errors.js';

type JsonSchema = Record<string, unknown>;

const ERROR_SCHEMA: JsonSchema = {
  type: 'object',
  required: ['success', 'error'],
  properties: {
    success: { const: false },
    error: {
      type: 'object',
      required: ['code', 'message'],
      properties: {
        code: { type: 'string', enum: Object.keys(HTTP_STATUS) },
        message: { type: 'string' },
        details: { type: 'array', items: { type: 'object' } },
      },
    },
  },
};

const pathParams = (path: string) => [...path.matchAll(/:([A-Za-z0-9_]+)/g)].map((m) => m[1]!);

function inputSchema(op: Operation): JsonSchema {
  try {
    return z.toJSONSchema(op.input, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
  } catch {
    return { type: 'object' };
  }
}

function describeBinding(op: Operation, binding: RestBinding) {
  const schema = inputSchema(op);
  const params = pathParams(binding.path);
  const properties = (schema.properties ?? {}) as Record<string, JsonSchema>;
  const required = new Set((schema.required as string[] | undefined) ?? []);
  const parameters: JsonSchema[] = params.map((name) => ({ name, in: 'path', required: true, schema: { type: 'string' } }));
  const operation: JsonSchema = {
    operationId: op.rest.length > 1 ? `${op.name}_${op.rest.indexOf(binding)}` : op.name,
    summary: op.title,
    description: op.description,
    tags: [op.name.split('_').slice(1).join('_') || op.name],
    parameters,
    responses: {
      [String(binding.status ?? 200)]: {
        description: 'Success',
        content: { 'application/json': { schema: { type: 'object', properties: { success: { const: true }, data: {} } } } },
      },
      default: { description: 'Error', content: { 'application/json': { schema: ERROR_SCHEMA } } },
    },
  };
  if (op.access !== 'public') operation.security = [{ bearer: [] }, { apiKey: [] }];
  if (isTenantOperation(op)) {
    parameters.push({ name: 'X-Tenant-ID', in: 'header', required: false, schema: { type: 'string' }, description: 'Tenant slug or id' });
  }
  if (!binding.input) {
    const rest = Object.entries(properties).filter(([name]) => !params.includes(name));
    if (binding.method === 'GET' || binding.method === 'DELETE') {
      for (const [name, s] of rest) parameters.push({ name, in: 'query', required: required.has(name), schema: s });
    } else if (rest.length > 0) {
      operation.requestBody = {
        required: rest.some(([name]) => required.has(name)),
        content: {
          'application/json': {
            schema: { ...schema, properties: Object.fromEntries(rest), required: [...required].filter((r) => !params.includes(r)) },
          },
        },
      };
    }
  } else if (binding.method !== 'GET' && binding.method !== 'DELETE') {
    operation.requestBody = { required: false, content: { 'application/json': { schema: { type: 'object' } } } };
  }
  return operation;
}

/** OpenAPI 3.1 of every REST route, derived from the operation catalogue. */
export function buildOpenApiDocument(operations: readonly Operation[], version: string): JsonSchema {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const op of operations) {
    for (const binding of op.rest) {
      const path = binding.path.replace(/:([A-Za-z0-9_]+)/g, '{$1}');
      (paths[path] ??= {})[binding.method.toLowerCase()] = describeBinding(op, binding);
    }
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Tenantbase API',
      version,
      description: 'Multi-tenant data backend. Responses use { success, data } or { success: false, error }.',
    },
    servers: [{ url: '/' }],
    components: {
      securitySchemes: {
        bearer: { type: 'http', scheme: 'bearer', description: 'Admin token, tenant-user token or API key' },
        apiKey: { type: 'apiKey', in: 'header', name: 'X-API-Key' },
      },
    },
    paths,
  };
}
