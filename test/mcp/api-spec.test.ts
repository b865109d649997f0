import SwaggerParser from '@apidevtools/swagger-parser';
import { Validator } from '@seriousme/openapi-schema-validator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { seedPublishedEntity } from '../helpers/seed-entity.js';

describe('get_rest_api_spec (GET /api/rest-api-spec)', () => {
  let t: TestApp;
  let tenant: { id: string; slug: string; apiKey: string };
  beforeAll(async () => {
    t = await createTestApp();
    tenant = await t.createTenant('Spec Shop');
    await seedPublishedEntity(t, tenant.id, 'clientes', [
      { fieldKey: 'nombre', fieldType: 'text', isRequired: true },
      { fieldKey: 'email', fieldType: 'email' },
      { fieldKey: 'nivel', fieldType: 'select', config: { options: ['oro', { value: 'plata', label: 'Plata' }] } },
      { fieldKey: 'ubicacion', fieldType: 'location' },
    ]);
    await seedPublishedEntity(t, tenant.id, 'pedidos', [
      { fieldKey: 'total', fieldType: 'number', isRequired: true },
      { fieldKey: 'cliente', fieldType: 'relation', config: { relatedEntity: 'clientes' } },
      { fieldKey: 'pagado', fieldType: 'boolean' },
    ]);
  });
  afterAll(async () => {
    await t.close();
  });

  it('documents the record paths of every published entity', async () => {
    const res = await t.get('/api/rest-api-spec', { apiKey: tenant.apiKey });
    expect(res.status).toBe(200);
    const doc = res.body.data;
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.info.description).toContain('X-Tenant-ID: spec-shop');
    expect(Object.keys(doc.paths).sort()).toEqual([
      '/api/entities/clientes/records',
      '/api/entities/clientes/records/{id}',
      '/api/entities/pedidos/records',
      '/api/entities/pedidos/records/{id}',
    ]);
    const list = doc.paths['/api/entities/pedidos/records'].get;
    const params = list.parameters.map((p: { name: string }) => p.name);
    expect(params).toEqual(
      expect.arrayContaining(['page', 'limit', 'sort', 'order', 'search', 'resolve', 'filter.total', 'filter.cliente', 'filter.createdAt']),
    );
    expect(list.parameters.find((p: { name: string }) => p.name === 'limit').schema.maximum).toBe(100);
    expect(Object.keys(doc.paths['/api/entities/pedidos/records/{id}'])).toEqual(['parameters', 'get', 'put', 'patch', 'delete']);
    expect(doc.paths['/api/entities/clientes/records'].post.responses['201']).toBeDefined();
  });

  it('is valid OpenAPI 3.1 under two validators', async () => {
    const doc = (await t.get('/api/rest-api-spec', { apiKey: tenant.apiKey })).body.data;
    const result = await new Validator().validate(doc);
    expect(result.errors ?? []).toEqual([]);
    await expect(SwaggerParser.validate(structuredClone(doc))).resolves.toBeDefined();
  });

  it('types each field and its record', async () => {
    const doc = (await t.get('/api/rest-api-spec', { apiKey: tenant.apiKey })).body.data;
    const { schemas } = doc.components;
    expect(schemas.ClientesData).toMatchObject({
      type: 'object',
      required: ['nombre'],
      additionalProperties: false,
      properties: {
        nombre: { type: 'string' },
        email: { type: 'string', format: 'email' },
        nivel: { type: 'string', enum: ['oro', 'plata'] },
        ubicacion: { type: 'object', required: ['lat', 'lng'] },
      },
    });
    expect(schemas.PedidosData.properties).toMatchObject({
      total: { type: 'number' },
      cliente: { type: 'string', format: 'uuid', description: expect.stringContaining('clientes') },
      pagado: { type: 'boolean' },
    });
    expect(schemas.PedidosPatch.required).toBeUndefined();
    expect(schemas.PedidosRecord.properties.data).toEqual({ $ref: '#/components/schemas/PedidosData' });
    expect(schemas.PedidosRecord.required).toEqual(['id', 'entityId', 'name', 'data', 'createdAt', 'updatedAt']);
    // Every $ref points at a schema the document defines.
    const refs = [...JSON.stringify(doc).matchAll(/"\$ref":"#\/components\/schemas\/(\w+)"/g)].map((m) => m[1]!);
    expect(refs.filter((r) => !schemas[r])).toEqual([]);
  });

  it('answers an empty document for a tenant without published entities', async () => {
    const other = await t.createTenant('Empty Co');
    const doc = (await t.get('/api/rest-api-spec', { apiKey: other.apiKey })).body.data;
    expect(doc.paths).toEqual({});
    expect(doc.info.title).toBe('Empty Co record API');
  });
});
