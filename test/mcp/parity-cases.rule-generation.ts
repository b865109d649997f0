import type { ParityCase, ParityEnv, ParityTenant } from './parity-harness.js';

/** Parity cases of generate_business_rule: the same request over REST and MCP stores the same rule, or is refused alike. */

async function invoices(env: ParityEnv, tn: ParityTenant) {
  const fields = ['qty', 'price', 'total'].map((k) => ({ name: k, fieldKey: k, fieldType: 'number' }));
  const res = await env.t.post(
    '/api/entities',
    { definition: { entity: { name: 'parity_invoices' }, fields }, auto_publish: true, version_message: 'v1' },
    { apiKey: tn.apiKey },
  );
  if (res.status !== 201) throw new Error(`arrange parity_invoices failed: ${JSON.stringify(res.body)}`);
}

const path = '/api/entities/parity_invoices/rules/generate';

export const RULE_GENERATION_PARITY_CASES: Record<string, ParityCase[]> = {
  generate_business_rule: [
    {
      as: 'tenant',
      sides: 'twin',
      title: 'a formula sentence',
      arrange: invoices,
      args: () => ({ entityName: 'parity_invoices', description: 'total = qty * price' }),
      rest: () => ({ method: 'POST', path, body: { description: 'total = qty * price' } }),
    },
    {
      as: 'tenant',
      sides: 'twin',
      title: 'a sentence it cannot read',
      refused: true,
      arrange: invoices,
      args: () => ({ entityName: 'parity_invoices', description: 'make it nice' }),
      rest: () => ({ method: 'POST', path, body: { description: 'make it nice' } }),
    },
  ],
};
