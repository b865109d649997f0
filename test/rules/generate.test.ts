import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { userWithToken } from '../users/users.helpers.js';

/** generate_business_rule over REST without a language model: from DSL, and from sentences with the built-in parser. */
describe('generate_business_rule (built-in parser)', () => {
  let t: TestApp;
  let as: { apiKey: string };
  let tenant: Awaited<ReturnType<TestApp['createTenant']>>;
  const generate = (body: Record<string, unknown>, entity = 'facturas') => t.post(`/api/entities/${entity}/rules/generate`, body, as);
  const rules = async () => (await t.get('/api/entities/facturas/rules', as)).body.data as Array<{ id: string }>;

  beforeAll(async () => {
    t = await createTestApp();
    tenant = await t.createTenant('Generate Co');
    as = { apiKey: tenant.apiKey };
    const fields = [
      { name: 'Cantidad', fieldKey: 'cantidad', fieldType: 'number' },
      { name: 'Precio unitario', fieldKey: 'precio', fieldType: 'number' },
      { name: 'Total', fieldKey: 'total', fieldType: 'number' },
      { name: 'Email', fieldKey: 'email', fieldType: 'email' },
      { name: 'Estado', fieldKey: 'estado', fieldType: 'text' },
      { name: 'Fecha de pago', fieldKey: 'fecha_pago', fieldType: 'date' },
    ];
    const res = await t.post(
      '/api/entities',
      { definition: { entity: { name: 'facturas' }, fields }, auto_publish: true, version_message: 'v1' },
      as,
    );
    expect(res.status).toBe(201);
  });
  afterAll(async () => {
    await t.close();
  });

  it('turns a formula sentence into a stored draft rule, saying what it understood', async () => {
    const res = await generate({ description: 'el total es la cantidad por el precio unitario' });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.data).toMatchObject({
      source: 'phrases',
      understood: ['compute total = cantidad * precio'],
      rule: {
        entityName: 'facturas',
        status: 'draft',
        name: 'el total es la cantidad por el precio unitario',
        triggerType: 'field_change',
        triggerFields: ['cantidad', 'precio'],
        ruleDsl: { compute: { total: { type: 'formula', expression: 'cantidad * precio' } } },
      },
    });
    const stored = await t.get(`/api/rules/${res.body.data.rule.id}`, as);
    expect(stored.body.data).toEqual(res.body.data.rule);
  });

  it('publishes at once with publish or auto_publish, and takes prompt for description', async () => {
    const published = await generate({ prompt: 'precio must be greater than 0', auto_publish: true });
    expect(published.status, JSON.stringify(published.body)).toBe(201);
    expect(published.body.data.rule).toMatchObject({
      status: 'published',
      triggerType: 'before_save',
      ruleDsl: {
        validate: [
          { id: 'precio_gt_0', condition: 'precio = null or precio > 0', message: 'Precio must be greater than 0', severity: 'error' },
        ],
      },
    });
    const named = await generate({
      description: 'el email en minúsculas; fecha de pago is required when estado is pagada',
      name: 'Facturas: limpieza',
      publish: true,
    });
    expect(named.status, JSON.stringify(named.body)).toBe(201);
    expect(named.body.data.rule).toMatchObject({
      name: 'Facturas: limpieza',
      status: 'published',
      ruleDsl: {
        transform: { email: { type: 'lowercase' } },
        validate: [{ id: 'fecha_pago_required_when', condition: "not (estado = 'pagada') or len(trim(fecha_pago)) > 0" }],
      },
    });
  });

  it('validates and stores a rule given as dsl, in the second shape, the first, or as JSON text', async () => {
    const second = { type: 'compute', triggers: ['cantidad'], compute: { total: 'cantidad * 2' } };
    const a = await generate({ dsl: second });
    expect(a.status, JSON.stringify(a.body)).toBe(201);
    expect(a.body.data).toMatchObject({
      source: 'dsl',
      rule: {
        triggerType: 'field_change',
        triggerFields: ['cantidad'],
        ruleDsl: { compute: { total: { type: 'formula', expression: 'cantidad * 2' } } },
      },
    });
    expect(a.body.data).not.toHaveProperty('understood');
    const first = { triggerType: 'before_save', ruleDsl: { transform: { estado: { type: 'trim' } } } };
    const b = await generate({ dsl: JSON.stringify(first), name: 'trim estado' });
    expect(b.status, JSON.stringify(b.body)).toBe(201);
    expect(b.body.data.rule).toMatchObject({ name: 'trim estado', ruleDsl: { transform: { estado: { type: 'trim' } } } });
  });

  const refusals: Array<[string, Record<string, unknown>, number, string, RegExp]> = [
    [
      'an unreadable sentence, showing the DSL',
      { description: 'make invoices nicer' },
      400,
      'VALIDATION_ERROR',
      /Could not turn "make invoices nicer" into a rule: none of the phrasings .* Nothing was stored\. Write the rule in the DSL instead \(dsl\), e\.g\. \{"type":"compute"/,
    ],
    [
      'an unknown field in a sentence',
      { description: 'precioo must be greater than 0' },
      400,
      'VALIDATION_ERROR',
      /"precioo" is not a field of facturas \(fields: cantidad, precio, total/,
    ],
    [
      'a bad expression in dsl, with its position',
      { dsl: { type: 'compute', compute: { total: 'cantidad * preci' } } },
      400,
      'VALIDATION_ERROR',
      /at position 12: unknown field 'preci'/,
    ],
    ['dsl that is not JSON', { dsl: '{ type: compute' }, 400, 'VALIDATION_ERROR', /dsl: not valid JSON/],
    ['dsl that is not a rule', { dsl: '[1, 2]' }, 400, 'VALIDATION_ERROR', /dsl: must be a rule object/],
    ['neither description nor dsl', {}, 400, 'VALIDATION_ERROR', /either description \(alias prompt\).*or dsl/],
    [
      'both description and dsl',
      { description: 'total = cantidad * 2', dsl: { type: 'compute', compute: { total: 'cantidad' } } },
      400,
      'VALIDATION_ERROR',
      /either description/,
    ],
    ['an empty description', { description: '   ' }, 400, 'VALIDATION_ERROR', /description/],
  ];

  it.each(refusals)('refuses %s, storing nothing', async (_title, body, status, code, message) => {
    const before = await rules();
    const res = await generate(body);
    expect(res.status).toBe(status);
    expect(res.body).toMatchObject({ success: false, error: { code } });
    expect(res.body.error.message).toMatch(message);
    expect(await rules()).toEqual(before);
  });

  it('shows an example rule with the entity’s own fields when it cannot read a sentence', async () => {
    const res = await generate({ description: 'el total es bonito' });
    expect(res.status).toBe(400);
    expect(res.body.error.details[0]).toMatchObject({
      field: 'description',
      clause: 'el total es bonito',
      dsl: { type: 'compute', triggers: ['cantidad', 'precio'], compute: { total: { type: 'formula', expression: 'cantidad * precio' } } },
    });
  });

  it('needs the schema.write right of create_business_rule: a member is refused, storing nothing', async () => {
    const member = await userWithToken(t, tenant, 'member@generate.test', 'member');
    const before = await rules();
    const res = await t.post(
      '/api/entities/facturas/rules/generate',
      { description: 'total = cantidad * 3' },
      { token: member.token, tenant: tenant.slug },
    );
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject({ success: false, error: { code: 'FORBIDDEN' } });
    expect(await rules()).toEqual(before);
  });

  it('answers 404 for an unknown entity, storing nothing', async () => {
    const res = await generate({ description: 'total = cantidad * 2' }, 'no_such_entity');
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({ success: false, error: { code: 'NOT_FOUND' } });
  });
});
