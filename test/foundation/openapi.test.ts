import { Validator } from '@seriousme/openapi-schema-validator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OPERATIONS } from '../../src/operations/index.js';
import { createTestApp, type TestApp } from '../helpers/app.js';

describe('GET /api/openapi.json', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('is a valid OpenAPI 3.1 document', async () => {
    const res = await t.get('/api/openapi.json');
    expect(res.status).toBe(200);
    expect(res.body.openapi).toBe('3.1.0');
    const result = await new Validator().validate(res.body);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
  });

  it('documents every REST route of the catalogue', async () => {
    const { paths } = (await t.get('/api/openapi.json')).body as { paths: Record<string, Record<string, unknown>> };
    for (const op of OPERATIONS) {
      for (const binding of op.rest) {
        const path = binding.path.replace(/:([A-Za-z0-9_]+)/g, '{$1}');
        expect(paths[path]?.[binding.method.toLowerCase()], `${binding.method} ${path}`).toBeDefined();
      }
    }
  });
});
