import SwaggerParser from '@apidevtools/swagger-parser';
import { createConfig, lintFromString } from '@redocly/openapi-core';
import { Validator } from '@seriousme/openapi-schema-validator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OPERATIONS } from '../../src/operations/index.js';
import { createTestApp, type TestApp } from '../helpers/app.js';

type Doc = { paths: Record<string, Record<string, { parameters?: Parameter[]; requestBody?: unknown; security?: unknown[] }>> };
type Parameter = { name: string; in: string; required?: boolean; schema?: Record<string, unknown> };

/** A value a parameter's schema accepts, as query text. */
function sample(schema: Record<string, unknown> = {}): string {
  if (Array.isArray(schema.enum)) return String(schema.enum[0]);
  if (schema.type === 'boolean') return 'true';
  if (schema.type === 'integer' || schema.type === 'number') return '1';
  const variants = (schema.anyOf ?? schema.oneOf) as Array<Record<string, unknown>> | undefined;
  if (variants?.[0]) return sample(variants[0]);
  return 'x';
}

describe('GET /api/openapi.json', () => {
  let t: TestApp;
  let doc: Doc;
  beforeAll(async () => {
    t = await createTestApp();
    doc = (await t.get('/api/openapi.json')).body as Doc;
  });
  afterAll(async () => {
    await t.close();
  });

  it('is a valid OpenAPI 3.1 document (two validators)', async () => {
    expect((doc as unknown as { openapi: string }).openapi).toBe('3.1.0');
    const result = await new Validator().validate(doc);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    await expect(SwaggerParser.validate(structuredClone(doc) as never)).resolves.toBeDefined();
  });

  it("passes the Redocly linter's recommended rules with no problem at all", async () => {
    const config = await createConfig({ extends: ['recommended'] });
    const problems = await lintFromString({ source: JSON.stringify(doc), absoluteRef: 'openapi.json', config });
    expect(problems.map((p) => `${p.severity} ${p.ruleId}: ${p.message} at ${p.location[0]?.pointer}`)).toEqual([]);
  });

  it('documents the OAuth token endpoint, a transport route outside the catalogue, in its own shapes', () => {
    const token = doc.paths['/api/oauth/token']?.post as Record<string, any> | undefined;
    expect(token?.requestBody?.content).toHaveProperty('application/x-www-form-urlencoded');
    expect(token?.responses['200'].content['application/json'].schema.required).toEqual(['access_token', 'token_type', 'expires_in']);
    expect(token?.responses['401'].content['application/json'].schema.required).toEqual(['error']);
  });

  it('documents every REST route of the catalogue, with every response body', () => {
    for (const op of OPERATIONS) {
      for (const binding of op.rest) {
        const path = binding.path.replace(/:([A-Za-z0-9_]+)/g, '{$1}');
        const described = doc.paths[path]?.[binding.method.toLowerCase()] as Record<string, any> | undefined;
        expect(described, `${binding.method} ${path}`).toBeDefined();
        const data = described!.responses[String(binding.status ?? 200)].content['application/json'].schema.properties.data;
        // The shape is known: never an empty or bare object schema.
        expect(data, `${op.name} response`).not.toEqual({});
        expect(data, `${op.name} response`).not.toEqual({ type: 'object' });
        if (op.access === 'public') expect(described!.security, `${op.name} is public`).toEqual([]);
      }
    }
  });

  it("documents each route's path parameters exactly as its path names them", () => {
    for (const op of OPERATIONS) {
      for (const binding of op.rest) {
        const path = binding.path.replace(/:([A-Za-z0-9_]+)/g, '{$1}');
        const inPath = [...binding.path.matchAll(/:([A-Za-z0-9_]+)/g)].map((m) => m[1]).sort();
        const documented = (doc.paths[path]![binding.method.toLowerCase()]!.parameters ?? [])
          .filter((p) => p.in === 'path')
          .map((p) => p.name)
          .sort();
        expect(documented, `${binding.method} ${path}`).toEqual(inPath);
      }
    }
  });

  // Every route: each documented query parameter is accepted (never "unknown"), and an undocumented one is refused.
  const routes = OPERATIONS.flatMap((op) => op.rest.map((b) => [`${b.method} ${b.path}`, op.name, b] as const));
  it.each(routes)('%s (%s) accepts exactly the query parameters it documents', async (_route, _name, binding) => {
    const path = binding.path.replace(/:([A-Za-z0-9_]+)/g, '{$1}');
    const concrete = binding.path.replace(/:([A-Za-z0-9_]+)/g, '00000000-0000-4000-8000-000000000000');
    const parameters = doc.paths[path]![binding.method.toLowerCase()]!.parameters ?? [];
    for (const p of parameters.filter((x) => x.in === 'query')) {
      const name = p.name === 'filter' ? 'filter.id' : p.name;
      const value = p.name === 'filter' ? '00000000-0000-4000-8000-000000000000' : sample(p.schema);
      const res = await t.request(binding.method, `${concrete}?${encodeURIComponent(name)}=${encodeURIComponent(value)}`);
      expect(JSON.stringify(res.body), `${name} is documented`).not.toMatch(/Unknown query parameter/);
    }
    const undocumented = await t.request(binding.method, `${concrete}?zz_undocumented=1`);
    expect(undocumented.status, 'an undocumented parameter').toBe(400);
    expect(undocumented.body.error.message).toMatch(/Unknown query parameter "zz_undocumented"/);
  });

  it('refuses a body on routes that document none, and documents one wherever a body is read', async () => {
    for (const op of OPERATIONS) {
      for (const binding of op.rest) {
        const path = binding.path.replace(/:([A-Za-z0-9_]+)/g, '{$1}');
        const described = doc.paths[path]![binding.method.toLowerCase()]!;
        expect(Boolean(described.requestBody), `${binding.method} ${path}`).toBe(Boolean(binding.body));
        if (binding.body || binding.method === 'GET') continue;
        const concrete = binding.path.replace(/:([A-Za-z0-9_]+)/g, '00000000-0000-4000-8000-000000000000');
        const res = await t.request(binding.method, concrete, { unexpected: true });
        expect(res.status, `${binding.method} ${path}`).toBe(400);
        expect(res.body.error.message).toMatch(/takes no request body/);
      }
    }
  });
});
