import type { z } from 'zod';
import type { Operation, RestBinding } from '../../operations/core/operation.js';
import { isTenantOperation } from '../../operations/core/operation.js';
import { jsonSchemaOf, type JsonSchema } from '../../operations/core/schemas.js';
import { renderText } from '../surface-text.js';
import { HTTP_STATUS } from './errors.js';
import { OAUTH_TOKEN_OPENAPI, OAUTH_TOKEN_PATH } from './oauth-token.js';
import { headerName } from './rest-input.js';

const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });

const COMPONENTS = {
  Error: {
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
          details: {
            type: 'array',
            items: { type: 'object', properties: { field: { type: 'string' }, message: { type: 'string' } }, required: ['message'] },
          },
        },
      },
    },
  },
  Warning: {
    type: 'object',
    required: ['ruleId', 'id', 'message', 'severity'],
    properties: {
      ruleId: { type: 'string' },
      id: { type: 'string' },
      message: { type: 'string' },
      severity: { type: 'string', enum: ['warning', 'info'] },
    },
  },
};

const ERROR_RESPONSE = { description: 'Error', content: { 'application/json': { schema: ref('Error') } } };
/** Every route answers client and server errors in the error envelope. */
const ERROR_RESPONSES = {
  '4XX': { ...ERROR_RESPONSE, description: 'Refused (see error.code)' },
  '5XX': { ...ERROR_RESPONSE, description: 'Internal error' },
};

/** The properties of an object schema, each with whether it is required. */
function propertiesOf(schema: z.ZodObject | undefined): Array<[name: string, schema: JsonSchema, required: boolean]> {
  if (!schema) return [];
  const json = jsonSchemaOf(schema, 'input');
  const required = new Set((json.required as string[] | undefined) ?? []);
  return Object.entries((json.properties ?? {}) as Record<string, JsonSchema>).map(([name, s]) => [name, s, required.has(name)]);
}

const withoutDescription = ({ description, ...schema }: JsonSchema) => ({ schema, description: description as string | undefined });

function parameters(op: Operation, binding: RestBinding): JsonSchema[] {
  const out: JsonSchema[] = [];
  const add = (name: string, location: string, s: JsonSchema, required: boolean) => {
    const { schema, description } = withoutDescription(s);
    out.push({ name, in: location, required, schema, ...(description ? { description } : {}) });
  };
  for (const [name, s] of propertiesOf(binding.params)) add(name, 'path', s, true);
  for (const [name, s, required] of propertiesOf(binding.query)) add(name, 'query', s, required);
  if (binding.queryFamily) {
    const family = binding.queryFamily;
    out.push({
      name: family.name,
      in: 'query',
      required: false,
      style: 'form',
      explode: true,
      description: family.description,
      schema: { type: 'object', patternProperties: { [family.pattern.source]: { type: 'string' } }, additionalProperties: false },
    });
  }
  const headers = propertiesOf(binding.headers);
  for (const [name, s, required] of headers) add(headerName(name), 'header', s, required);
  if (isTenantOperation(op) && !headers.some(([name]) => name === 'x-tenant-id')) {
    out.push({ name: 'X-Tenant-ID', in: 'header', required: false, schema: { type: 'string' }, description: 'Tenant slug or id' });
  }
  return out;
}

function describeBinding(op: Operation, binding: RestBinding, operationId: string, operations: readonly Operation[]) {
  const data = jsonSchemaOf(op.output, 'output');
  const operation: JsonSchema = {
    operationId,
    summary: op.title,
    description: renderText(binding.description ?? op.description, 'rest', operations),
    tags: [op.name.split('_').slice(1).join('_') || op.name],
    parameters: parameters(op, binding),
    responses: {
      [String(binding.status ?? 200)]: {
        description: 'Success',
        content: {
          'application/json': {
            schema: {
              type: 'object',
              required: ['success', 'data'],
              properties: { success: { const: true }, data, warnings: { type: 'array', items: ref('Warning') } },
            },
          },
        },
      },
      ...ERROR_RESPONSES,
    },
    security: op.access === 'public' ? [] : [{ bearer: [] }, { apiKey: [] }],
  };
  if (binding.body) {
    const schema = jsonSchemaOf(binding.body, 'input');
    operation.requestBody = { required: binding.bodyOptional !== true, content: { 'application/json': { schema } } };
  }
  return operation;
}

/** `POST /api/tools/{name}`: what the stdio MCP server calls. */
function toolsRoute(operations: readonly Operation[]) {
  return {
    post: {
      operationId: 'call_tool',
      summary: 'Run an MCP tool',
      description:
        'Runs one MCP tool with its arguments as the JSON body (what the stdio MCP server uses). Answers the tool result in the envelope, with `effects` (e.g. the tenant a select_tenant call chose).',
      tags: ['tools'],
      security: [{ bearer: [] }, { apiKey: [] }],
      parameters: [
        {
          name: 'name',
          in: 'path',
          required: true,
          schema: { type: 'string', enum: operations.filter((op) => op.tool).map((op) => op.name) },
        },
        { name: 'X-Tenant-ID', in: 'header', required: false, schema: { type: 'string' }, description: 'Tenant slug or id' },
      ],
      requestBody: { required: false, content: { 'application/json': { schema: { type: 'object', description: 'The tool arguments' } } } },
      responses: {
        200: {
          description: 'Success',
          content: {
            'application/json': {
              schema: {
                type: 'object',
                required: ['success', 'data'],
                properties: {
                  success: { const: true },
                  data: { description: "The tool's result (see the tool's output schema)" },
                  warnings: { type: 'array', items: ref('Warning') },
                  effects: { type: 'array', items: { type: 'object', properties: { kind: { type: 'string' } }, required: ['kind'] } },
                },
              },
            },
          },
        },
        ...ERROR_RESPONSES,
      },
    },
  };
}

/** OpenAPI 3.1 of every REST route, derived from the operation catalogue. */
export function buildOpenApiDocument(operations: readonly Operation[], version: string): JsonSchema {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const op of operations) {
    op.rest.forEach((binding, i) => {
      const path = binding.path.replace(/:([A-Za-z0-9_]+)/g, '{$1}');
      const id = op.rest.length > 1 ? `${op.name}_${i}` : op.name;
      (paths[path] ??= {})[binding.method.toLowerCase()] = describeBinding(op, binding, id, operations);
    });
  }
  paths['/api/tools/{name}'] = toolsRoute(operations);
  paths[OAUTH_TOKEN_PATH] = OAUTH_TOKEN_OPENAPI;
  paths['/api/openapi.json'] = {
    get: {
      operationId: 'openapi',
      summary: 'This document',
      description: 'The OpenAPI 3.1 description of every route.',
      tags: ['api'],
      security: [],
      responses: {
        200: {
          description: 'The OpenAPI document',
          content: {
            'application/json': {
              schema: {
                type: 'object',
                required: ['openapi', 'info', 'paths'],
                properties: { openapi: { type: 'string' }, info: { type: 'object' }, paths: { type: 'object' } },
              },
            },
          },
        },
        ...ERROR_RESPONSES,
      },
    },
  };
  return {
    openapi: '3.1.0',
    info: {
      title: 'Tenantbase API',
      version,
      description: 'Multi-tenant data backend. Responses use { success, data } or { success: false, error }.',
      license: { name: 'MIT', identifier: 'MIT' },
    },
    servers: [{ url: '/' }],
    security: [{ bearer: [] }, { apiKey: [] }],
    components: {
      securitySchemes: {
        bearer: { type: 'http', scheme: 'bearer', description: 'Admin token, tenant-user token or API key' },
        apiKey: { type: 'apiKey', in: 'header', name: 'X-API-Key' },
        basic: { type: 'http', scheme: 'basic', description: 'A bot id (or name) and secret, at the OAuth token endpoint' },
      },
      schemas: COMPONENTS,
    },
    paths,
  };
}
