import { afterEach, describe, expect, it } from 'vitest';
import { compileExpression } from '../../src/domain/rules/dsl/index.js';
import { createChatClient, LlmUnavailableError } from '../../src/domain/rules/generate/llm-client.js';
import { ruleFromLlm } from '../../src/domain/rules/generate/llm-rule.js';
import { AppError } from '../../src/errors.js';
import { startFakeLlm, type FakeLlm, type FakeReply } from '../helpers/fake-llm.js';

const FIELDS = [
  { fieldKey: 'cantidad', name: 'Cantidad', fieldType: 'number' },
  { fieldKey: 'precio', name: 'Precio', fieldType: 'number' },
  { fieldKey: 'total', name: 'Total', fieldType: 'number' },
];
const KEYS = FIELDS.map((f) => f.fieldKey);

/** The expression parser as the check: every formula and condition must compile against the fields. */
async function check(rule: unknown) {
  const r = rule as { ruleDsl?: { compute?: Record<string, { expression?: string }>; validate?: Array<{ condition: string }> } };
  for (const [field, spec] of Object.entries(r.ruleDsl?.compute ?? {})) {
    compileExpression(spec.expression ?? '', { fields: KEYS, field: `ruleDsl.compute.${field}.expression` });
  }
  (r.ruleDsl?.validate ?? []).forEach((v, i) => compileExpression(v.condition, { fields: KEYS, field: `ruleDsl.validate.${i}.condition` }));
  return rule;
}

const rule = (expression: string) =>
  JSON.stringify({
    name: 'Total',
    triggerType: 'before_save',
    triggerFields: [],
    ruleDsl: { compute: { total: { type: 'formula', expression } } },
  });

describe('rules from a language model (a local OpenAI-compatible server)', () => {
  let llm: FakeLlm | undefined;
  afterEach(async () => {
    await llm?.close();
    llm = undefined;
  });
  const ask = async (replies: FakeReply[], apiKey?: string) => {
    llm = await startFakeLlm(replies);
    const chat = createChatClient({ url: llm.url, apiKey, model: 'fake-model', timeoutMs: 5_000 });
    return ruleFromLlm({ chat, entityName: 'facturas', fields: FIELDS, description: 'el total es cantidad por precio', check });
  };

  it('asks once for a rule constrained to the DSL schema, and answers it when the parser takes it', async () => {
    const answer = await ask([rule('cantidad * precio')], 'sk-test');
    expect(answer.attempts).toBe(1);
    expect(answer.result).toMatchObject({ ruleDsl: { compute: { total: { expression: 'cantidad * precio' } } } });
    const sent = llm!.requests[0]!;
    expect(sent.path).toBe('/v1/chat/completions');
    expect(sent.authorization).toBe('Bearer sk-test');
    expect(sent.body).toMatchObject({ model: 'fake-model', temperature: 0, response_format: { type: 'json_schema' } });
    expect(sent.body.response_format.json_schema.schema.properties).toHaveProperty('ruleDsl');
    expect(sent.body.messages[0].content).toMatch(/Entity "facturas" fields:\n- cantidad \(number\): Cantidad/);
    expect(sent.body.messages[1]).toEqual({ role: 'user', content: 'el total es cantidad por precio' });
  });

  it("retries once with the parser's error and position, and answers the corrected rule", async () => {
    const answer = await ask([rule('cantidad * precio_unitario'), rule('cantidad * precio')]);
    expect(answer.attempts).toBe(2);
    expect(answer.result).toMatchObject({ ruleDsl: { compute: { total: { expression: 'cantidad * precio' } } } });
    const retry = llm!.requests[1]!.body.messages;
    expect(retry).toHaveLength(4);
    expect(retry[2]).toEqual({ role: 'assistant', content: rule('cantidad * precio_unitario') });
    expect(retry[3].content).toMatch(
      /^That rule was refused: ruleDsl.compute.total.expression at position 12: unknown field 'precio_unitario'/,
    );
    expect(retry[3].content).toMatch(/- ruleDsl.compute.total.expression at position 12: unknown field/);
  });

  it('retries an answer that is not JSON (fenced JSON is read)', async () => {
    const answer = await ask(['Sure! Here it is', '```json\n' + rule('cantidad * precio') + '\n```']);
    expect(answer.attempts).toBe(2);
    expect(llm!.requests[1]!.body.messages[3].content).toMatch(/the answer is not JSON/);
  });

  it('refuses after a second refusal, with the parser details, asking no third time', async () => {
    const error = await ask([rule('cantidad *'), rule('precio +')]).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).code).toBe('VALIDATION_ERROR');
    expect((error as AppError).message).toMatch(
      /refused twice; nothing was stored\. Last refusal: ruleDsl.compute.total.expression at position 9/,
    );
    expect((error as AppError).details?.[0]).toMatchObject({ field: 'ruleDsl.compute.total.expression', position: 9 });
    expect(llm!.requests).toHaveLength(2);
  });

  it('reports an endpoint that fails or answers no text as unavailable', async () => {
    await expect(ask([{ status: 503, body: { error: 'busy' } }])).rejects.toThrow(LlmUnavailableError);
    await llm!.close();
    llm = undefined;
    await expect(ask([{ status: 200, body: { choices: [] } }])).rejects.toThrow(/answered no text/);
  });
});
