import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRulesFixture, type RulesFixture } from './fixture.js';

const prototypes = () =>
  [Object.prototype, Function.prototype, Array.prototype, String.prototype].map((p) => Object.getOwnPropertyNames(p).sort().join());

/** Escape attempts through the public API: refused when the rule is created, or inert in a save. */
describe('escape attempts in rules', () => {
  let f: RulesFixture;
  let before: string[];
  beforeAll(async () => {
    f = await createRulesFixture();
    before = prototypes();
  });
  afterAll(async () => {
    await f.t.close();
  });

  it.each([
    ["constructor.constructor('return process')()", /not supported|member/i],
    ['code.constructor', /not supported|member|use len/i],
    ['__proto__', /unknown field '__proto__'/],
    ['this', /unknown field 'this'/],
    ['globalThis', /unknown field 'globalThis'/],
    ['process', /unknown field 'process'/],
    ["code['constructor']", /not supported|index/i],
    ['eval("1")', /unknown function 'eval'/],
    ['Function("return 1")()', /unknown function 'function'|unknown function 'Function'/i],
    ['code.toString()', /method calls are not supported/],
  ])('%s is refused at creation', async (expression, message) => {
    const counts = await f.counts();
    const res = await f.t.post('/api/entities/invoices/rules', { ruleDsl: { compute: { label: expression } } }, f.as);
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('VALIDATION_ERROR');
    expect(res.body.error.message).toMatch(message);
    expect(await f.counts()).toEqual(counts);
  });

  it('field values named like prototype keys are plain data in a save', async () => {
    await f.createRule('invoices', {
      publish: true,
      ruleDsl: {
        compute: { label: "concat(code, '|', email) + len(status)" },
        validate: [{ id: 'v', condition: "code != '__proto__' or true", message: 'never' }],
      },
    });
    const res = await f.t.post(
      '/api/entities/invoices/records',
      { code: '__proto__', email: 'constructor@x.io', status: 'toString' },
      f.as,
    );
    expect(res.status).toBe(201);
    expect(res.body.data.data.label).toBe('__proto__|constructor@x.io8');
    const body = '{"code":"x","__proto__":{"polluted":true}}';
    const polluted = await f.t.post('/api/entities/invoices/records', body, { ...f.as, headers: { 'content-type': 'application/json' } });
    expect(polluted.status).toBe(400);
    expect(({} as any).polluted).toBeUndefined();
    expect(prototypes()).toEqual(before);
  });
});
