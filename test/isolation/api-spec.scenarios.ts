import { expect } from 'vitest';
import { seedPublishedEntity } from '../helpers/seed-entity.js';
import type { IsolationScenarios } from './scenario.js';

export const API_SPEC_SCENARIOS: IsolationScenarios = {
  get_rest_api_spec: async ({ t, a, b }) => {
    await seedPublishedEntity(t, a.id, 'secret_orders', [{ fieldKey: 'amount', fieldType: 'number' }]);
    const own = await t.get('/api/rest-api-spec', { apiKey: a.apiKey });
    expect(Object.keys(own.body.data.paths)).toContain('/api/entities/secret_orders/records');

    const other = await t.get('/api/rest-api-spec', { apiKey: b.apiKey });
    expect(other.status).toBe(200);
    expect(JSON.stringify(other.body.data)).not.toContain('secret_orders');
    const named = await t.get('/api/rest-api-spec', { apiKey: b.apiKey, tenant: a.slug });
    expect(named.status).toBe(401);
    const adminOfB = await t.get('/api/rest-api-spec', { token: b.token });
    expect(JSON.stringify(adminOfB.body.data)).not.toContain('secret_orders');
  },
  generate_api_client: async ({ t, a, b }) => {
    await seedPublishedEntity(t, a.id, 'private_invoices', [{ fieldKey: 'amount', fieldType: 'number' }]);
    await seedPublishedEntity(t, b.id, 'b_notes', [{ fieldKey: 'text', fieldType: 'text' }]);
    expect((await t.get('/api/rest-api-client', { apiKey: a.apiKey })).body.data.code).toContain('private_invoices');
    for (const creds of [{ apiKey: b.apiKey }, { token: b.token }]) {
      const other = await t.get('/api/rest-api-client', creds);
      expect(other.status).toBe(200);
      expect(other.body.data.code).toContain('b_notes');
      expect(other.body.data.code).not.toContain('private_invoices');
    }
    expect((await t.get('/api/rest-api-client', { apiKey: b.apiKey, tenant: a.slug })).status).toBe(401);
  },
};
