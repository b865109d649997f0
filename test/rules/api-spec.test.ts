import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRulesFixture, type RulesFixture } from './fixture.js';

/** The tenant's OpenAPI document marks the fields published business rules compute as readOnly. */
describe('computed fields in the tenant REST API spec', () => {
  let f: RulesFixture;
  beforeAll(async () => {
    f = await createRulesFixture();
  });
  afterAll(async () => {
    await f.t.close();
  });

  it('marks a computed field readOnly once its rule is published, and only then', async () => {
    const rule = await f.createRule('invoice_lines', {
      name: 'line amount',
      triggerType: 'before_save',
      ruleDsl: { compute: { amount: { type: 'formula', expression: 'qty * price' } } },
    });
    const spec = async () => {
      const res = await f.t.get('/api/rest-api-spec', f.as);
      expect(res.status).toBe(200);
      return res.body.data.components.schemas.InvoiceLinesData.properties as Record<string, { readOnly?: boolean }>;
    };
    expect((await spec()).amount!.readOnly).toBeUndefined();
    const published = await f.t.post(`/api/rules/${rule.id}/publish`, {}, f.as);
    expect(published.status, JSON.stringify(published.body)).toBe(200);
    const properties = await spec();
    expect(properties.amount!.readOnly).toBe(true);
    expect(properties.qty!.readOnly).toBeUndefined();
  });
});
