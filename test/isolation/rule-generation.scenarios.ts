import { expect } from 'vitest';
import type { TestApp } from '../helpers/app.js';
import type { IsolationScenarios, TenantHandle } from './scenario.js';

async function entityIn(t: TestApp, tenant: TenantHandle, name: string) {
  const fields = [
    { name: 'Qty', fieldKey: 'qty', fieldType: 'number' },
    { name: 'Total', fieldKey: 'total', fieldType: 'number' },
  ];
  const res = await t.post(
    '/api/entities',
    { definition: { entity: { name }, fields }, auto_publish: true, version_message: 'v1' },
    { apiKey: tenant.apiKey },
  );
  expect(res.status).toBe(201);
}

/** generate_business_rule: B can neither reach A's entities (by sentence or by dsl) nor change A's rules. */
export const RULE_GENERATION_SCENARIOS: IsolationScenarios = {
  async generate_business_rule({ t, a, b }) {
    const suffix = Math.random().toString(36).slice(2, 8);
    const ofA = `iso_gen_a_${suffix}`;
    await entityIn(t, a, ofA);
    const generate = (entity: string, body: object, who: TenantHandle) =>
      t.post(`/api/entities/${entity}/rules/generate`, body, { apiKey: who.apiKey });
    expect((await generate(ofA, { description: 'total = qty * 2' }, a)).status).toBe(201);

    // A's entity, named by B, answers as an entity that exists nowhere.
    const foreign = await generate(ofA, { description: 'total = qty * 3' }, b);
    const missing = await generate(`iso_gen_none_${suffix}`, { description: 'total = qty * 3' }, b);
    expect(foreign.status).toBe(404);
    expect(foreign.body.error.message.replace(ofA, 'X')).toBe(missing.body.error.message.replace(`iso_gen_none_${suffix}`, 'X'));

    // B's own entity may not look A's entity up through a generated dsl.
    const ofB = `iso_gen_b_${suffix}`;
    await entityIn(t, b, ofB);
    const lookup = await generate(
      ofB,
      {
        dsl: {
          type: 'compute',
          compute: { total: { type: 'lookup', entity: ofA, matchField: 'id', matchValue: 'qty', resultField: 'total' } },
        },
      },
      b,
    );
    expect(lookup.status).toBe(400);
    expect(lookup.body.error.message).toMatch(new RegExp(`unknown entity "${ofA}"`));

    const rulesOfA = (await t.get(`/api/entities/${ofA}/rules`, { apiKey: a.apiKey })).body.data;
    expect(rulesOfA).toHaveLength(1);
    expect(rulesOfA[0].ruleDsl.compute.total.expression).toBe('qty * 2');
  },
};
