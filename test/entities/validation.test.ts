import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { createEntity, snapshot, type Auth } from './helpers.js';

const ALL_TYPES = [
  'text',
  'textarea',
  'email',
  'url',
  'phone',
  'number',
  'integer',
  'boolean',
  'date',
  'datetime',
  'select',
  'relation',
  'file',
  'location',
  'json',
];

/** Bad definitions: each answers its code with a message naming the field and what is valid, and writes nothing. */
describe('entity definition validation', () => {
  let t: TestApp;
  let auth: Auth;
  beforeAll(async () => {
    t = await createTestApp();
    auth = { apiKey: (await t.createTenant('Validation')).apiKey };
    await createEntity(t, auth, 'customers', { publish: true });
  });
  afterAll(async () => {
    await t.close();
  });

  const refused = async (definition: unknown, code: string, status: number, pattern: RegExp, field?: string) => {
    const before = await snapshot(t, auth);
    const res = await t.post('/api/entities', { definition }, auth);
    expect(res.status, JSON.stringify(res.body)).toBe(status);
    expect(res.body.error.code).toBe(code);
    const said = [res.body.error.message, ...(res.body.error.details ?? []).map((d: { message: string }) => d.message)].join('\n');
    expect(said).toMatch(pattern);
    if (field) expect(res.body.error.details.map((d: { field: string }) => d.field)).toContain(field);
    expect(await snapshot(t, auth)).toEqual(before);
  };
  const withField = (field: unknown) => ({ entity: { name: 'things' }, fields: [{ fieldKey: 'title', fieldType: 'text' }, field] });

  it('refuses invalid entity names', async () => {
    for (const name of ['Orders', '1orders', 'order-items', '', 'a'.repeat(64), 'órdenes']) {
      await refused(
        { entity: { name }, fields: [] },
        'VALIDATION_ERROR',
        400,
        /entity name .* is invalid: use lowercase snake_case/,
        'definition.entity.name',
      );
    }
  });

  it('refuses invalid and reserved field keys', async () => {
    await refused(
      withField({ fieldKey: 'First Name', fieldType: 'text' }),
      'VALIDATION_ERROR',
      400,
      /fieldKey "First Name" is invalid/,
      'definition.fields.1.fieldKey',
    );
    await refused(withField({ fieldKey: 'id', fieldType: 'text' }), 'VALIDATION_ERROR', 400, /reserved/, 'definition.fields.1.fieldKey');
  });

  it('refuses duplicate field keys', async () => {
    await refused(
      withField({ fieldKey: 'title', fieldType: 'textarea' }),
      'VALIDATION_ERROR',
      400,
      /"title" appears twice/,
      'definition.fields.1.fieldKey',
    );
  });

  it('refuses unknown types and lists the valid ones', async () => {
    const before = await snapshot(t, auth);
    const res = await t.post('/api/entities', { definition: withField({ fieldKey: 'size', fieldType: 'decimal' }) }, auth);
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('VALIDATION_ERROR');
    expect(res.body.error.details[0].field).toBe('definition.fields.1.fieldType');
    for (const type of ALL_TYPES) expect(res.body.error.message).toContain(type);
    expect(await snapshot(t, auth)).toEqual(before);
    // The `type` alias goes through the same check.
    await refused(
      withField({ fieldKey: 'size', type: 'decimal' }),
      'VALIDATION_ERROR',
      400,
      /Field "size": unknown fieldType "decimal"; valid types: text, textarea/,
    );
  });

  it('refuses badly formed config, naming the field and what it accepts', async () => {
    await refused(
      withField({ fieldKey: 'status', fieldType: 'select' }),
      'VALIDATION_ERROR',
      400,
      /Field "status" \(select\)/,
      'definition.fields.1.config.options',
    );
    await refused(
      withField({ fieldKey: 'status', fieldType: 'select', config: { options: [] } }),
      'VALIDATION_ERROR',
      400,
      /at least one option/,
    );
    await refused(
      withField({ fieldKey: 'status', fieldType: 'select', config: { options: ['a', 'a'] } }),
      'VALIDATION_ERROR',
      400,
      /"a" appears twice/,
    );
    await refused(
      withField({ fieldKey: 'status', fieldType: 'select', config: { optoins: ['a'] } }),
      'VALIDATION_ERROR',
      400,
      /optoins.*config accepts: options/,
    );
    await refused(
      withField({ fieldKey: 'place', fieldType: 'location', config: { defaultZoom: 21 } }),
      'VALIDATION_ERROR',
      400,
      /defaultZoom must be 1 to 20/,
      'definition.fields.1.config.defaultZoom',
    );
    await refused(
      withField({ fieldKey: 'place', fieldType: 'location', config: { displayFormat: 'globe' } }),
      'VALIDATION_ERROR',
      400,
      /"map", "text" or "both"/,
    );
    await refused(
      withField({ fieldKey: 'place', fieldType: 'location', config: { defaultCenter: { lat: 95, lng: 0 } } }),
      'VALIDATION_ERROR',
      400,
      /place/,
      'definition.fields.1.config.defaultCenter.lat',
    );
    await refused(withField({ fieldKey: 'done', fieldType: 'boolean', config: { x: 1 } }), 'VALIDATION_ERROR', 400, /takes no config/);
    await refused(
      withField({ fieldKey: 'qty', fieldType: 'number', config: { min: 5, max: 1 } }),
      'VALIDATION_ERROR',
      400,
      /min must not be greater than max/,
    );
    await refused(withField({ fieldKey: 'data', fieldType: 'json', isUnique: true }), 'VALIDATION_ERROR', 400, /cannot be unique/);
    await refused(
      withField({ fieldKey: 'flag', fieldType: 'text', isRequired: 'yes' }),
      'VALIDATION_ERROR',
      400,
      /fields.1.isRequired.*boolean/,
    );
  });

  it('refuses a relation without a target, or to an entity the tenant does not have', async () => {
    await refused(withField({ fieldKey: 'owner', fieldType: 'relation' }), 'VALIDATION_ERROR', 400, /needs config.relatedEntity/);
    await refused(
      withField({ fieldKey: 'owner', fieldType: 'relation', config: { relatedEntity: 'ghosts' } }),
      'VALIDATION_ERROR',
      400,
      /related entity "ghosts" does not exist in this tenant; existing entities: customers, things/,
      'definition.fields.1.config.relatedEntity',
    );
  });

  it('refuses an entity displayField that is not one of its fields', async () => {
    await refused(
      { entity: { name: 'things', config: { displayField: 'nope' } }, fields: [{ fieldKey: 'title', fieldType: 'text' }] },
      'VALIDATION_ERROR',
      400,
      /displayField "nope" is not a field/,
    );
  });

  it('accepts every field type with its config, normalizing relation and location config', async () => {
    const fields = [
      { name: 'Title', fieldType: 'text', config: { maxLength: 80 } },
      ...ALL_TYPES.filter((x) => x !== 'text').map((type) => ({ name: `F ${type}`, fieldKey: `f_${type}`, fieldType: type })),
    ];
    const select = fields.find((f) => f.fieldType === 'select')!;
    (select as any).config = { options: ['new', { value: 'done', label: 'Done' }] };
    (fields.find((f) => f.fieldType === 'relation') as any).config = { entity: 'customers', displayField: 'title' };
    const res = await t.post(
      '/api/entities',
      {
        definition: { entity: { name: 'everything', config: { displayField: 'title' } }, fields },
        auto_publish: true,
        message: 'all types',
      },
      auth,
    );
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.data.fieldsProcessed).toBe(ALL_TYPES.length);
    const schema = (await t.get('/api/entities/everything', auth)).body.data;
    expect(schema.message).toBe('all types');
    expect(schema.fieldTypes).toEqual(ALL_TYPES);
    expect(schema.config).toEqual({ displayField: 'title' });
    const byKey = Object.fromEntries(schema.fields.map((f: any) => [f.fieldKey, f]));
    expect(byKey.title).toMatchObject({ name: 'Title', type: 'text', required: false, isSystem: false, config: { maxLength: 80 } });
    expect(byKey.f_relation.config).toEqual({ relatedEntity: 'customers', displayField: 'title' });
    expect(byKey.f_location.config).toEqual({ displayFormat: 'both', defaultZoom: 13 });
    expect(byKey.f_select.config).toEqual({ options: ['new', { value: 'done', label: 'Done' }] });
    for (const key of ['f_location', 'f_file', 'f_select', 'f_relation']) {
      expect(byKey[key].structureHint).toEqual({
        format: expect.any(String),
        description: expect.any(String),
        configOptions: expect.any(Object),
      });
    }
    expect(byKey.f_text).toBeUndefined();
    expect(byKey.f_number.structureHint).toBeUndefined();
    expect(schema.fields.filter((f: any) => f.isSystem).map((f: any) => f.fieldKey)).toEqual(['id', 'createdAt', 'updatedAt']);
  });

  it('accepts a self-relation and makes a missing fieldKey from the name', async () => {
    const res = await t.post(
      '/api/entities',
      {
        definition: {
          entity: { name: 'employees' },
          fields: [
            { name: 'Full Name', type: 'text', required: true },
            { name: 'Manager', fieldType: 'relation', config: { relatedEntity: 'employees' } },
          ],
        },
      },
      auth,
    );
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.data.entity.fields).toEqual([
      { name: 'Full Name', fieldKey: 'full_name', type: 'text', required: true },
      { name: 'Manager', fieldKey: 'manager', type: 'relation', required: false },
    ]);
  });
});
