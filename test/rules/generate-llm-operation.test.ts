import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeLlm, type FakeLlm } from '../helpers/fake-llm.js';
import { callTool, connectHttp, ok, startMcpService, type McpTestService } from '../mcp/helpers.js';

const rule = (expression: string) =>
  JSON.stringify({
    name: 'Total de la factura',
    triggerType: 'field_change',
    triggerFields: ['cantidad', 'precio'],
    ruleDsl: { compute: { total: { type: 'formula', expression } } },
  });

/**
 * generate_business_rule with LLM_URL set, against a local OpenAI-compatible server: through the
 * MCP SDK client and REST, the retry with the parser's refusal, and the fallback when it is down.
 */
describe('generate_business_rule with a language model', () => {
  let llm: FakeLlm;
  let s: McpTestService;
  let client: Client;
  let as: { apiKey: string };
  const listRules = async () => (await s.t.get('/api/entities/facturas/rules', as)).body.data as unknown[];

  beforeAll(async () => {
    // Each test queues the model's answers; with none queued the endpoint answers 500 (it is "down").
    llm = await startFakeLlm();
    s = await startMcpService({ LLM_URL: llm.url, LLM_API_KEY: 'sk-fake', LLM_MODEL: 'fake-model' });
    const tenant = await s.t.createTenant('Llm Co');
    as = { apiKey: tenant.apiKey };
    const fields = ['cantidad', 'precio', 'total'].map((k) => ({ name: k, fieldKey: k, fieldType: 'number' }));
    expect(
      (
        await s.t.post(
          '/api/entities',
          { definition: { entity: { name: 'facturas' }, fields }, auto_publish: true, version_message: 'v1' },
          as,
        )
      ).status,
    ).toBe(201);
    client = await connectHttp('streamable', s.mcpBase, tenant.apiKey);
  });
  afterAll(async () => {
    await client.close();
    await s.close();
    await llm.close();
  });

  it('stores the rule the model answers after one retry with the refusal', async () => {
    llm.queue.push(rule('cantidad * precio_unitario'), rule('cantidad * precio'));
    const answer = await ok(client, 'generate_business_rule', {
      entityName: 'facturas',
      description: 'el total es cantidad por precio',
      auto_publish: true,
    });
    expect(answer).toMatchObject({
      source: 'llm',
      attempts: 2,
      rule: {
        name: 'Total de la factura',
        status: 'published',
        ruleDsl: { compute: { total: { type: 'formula', expression: 'cantidad * precio' } } },
      },
    });
    const retry = llm.requests.at(-1)!;
    expect(retry.authorization).toBe('Bearer sk-fake');
    expect(retry.body.model).toBe('fake-model');
    expect(retry.body.messages.at(-1).content).toMatch(/refused: .*at position 12: unknown field 'precio_unitario'/);
  });

  it('refuses after two refused answers, storing nothing', async () => {
    const before = await listRules();
    llm.queue.push(rule('cantidad *'), rule('cantidad * precioo'));
    const answer = await callTool(client, 'generate_business_rule', { entityName: 'facturas', description: 'total' });
    expect(answer.isError).toBe(true);
    expect(answer.json).toMatchObject({ code: 'VALIDATION_ERROR' });
    expect(answer.json.message).toMatch(/refused twice; nothing was stored\. Last refusal: .*unknown field 'precioo'/);
    expect(await listRules()).toEqual(before);
  });

  it('falls back to the built-in parser when the endpoint fails, and says so', async () => {
    const res = await s.t.post('/api/entities/facturas/rules/generate', { description: 'precio must be greater than 0' }, as);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.data).toMatchObject({
      source: 'phrases',
      note: 'the language model endpoint answered HTTP 500; the built-in parser read the description instead',
      rule: { status: 'draft', ruleDsl: { validate: [{ condition: 'precio = null or precio > 0' }] } },
    });
  });

  it('does not call the model for a rule given as dsl', async () => {
    const calls = llm.requests.length;
    const res = await s.t.post(
      '/api/entities/facturas/rules/generate',
      { dsl: { triggerType: 'before_save', ruleDsl: { transform: { total: { type: 'round', decimals: 2 } } } } },
      as,
    );
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.data.source).toBe('dsl');
    expect(llm.requests.length).toBe(calls);
  });
});
