import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { RULE_HOOKS, SAVE_PIPELINE, type SaveHook } from '../../src/domain/records/save-pipeline.js';
import { AppError } from '../../src/errors.js';
import { createRecordsFixture, type RecordsFixture } from './fixture.js';

/** The extension points the business-rules feature fills: order, effect, and rollback. */
describe('save pipeline', () => {
  let f: RecordsFixture;
  const registered: Array<[SaveHook[], SaveHook]> = [];
  const add = (list: SaveHook[], hook: SaveHook) => {
    list.push(hook);
    registered.push([list, hook]);
  };
  beforeAll(async () => {
    f = await createRecordsFixture();
  });
  afterEach(() => {
    for (const [list, hook] of registered.splice(0)) list.splice(list.indexOf(hook), 1);
  });
  afterAll(async () => {
    await f.t.close();
  });

  it('runs its steps in the documented order', () => {
    expect(SAVE_PIPELINE.map((s) => s.name)).toEqual([
      'merge',
      'transform',
      'compute',
      'transformComputed',
      'validateSchema',
      'validateRules',
      'write',
      'afterSave',
    ]);
  });

  it('gives hooks the merged values; compute output is schema-validated; rule errors reject', async () => {
    const seen: string[] = [];
    add(RULE_HOOKS.transform, async (s) => {
      seen.push(`transform:${s.mode}`);
      if (typeof s.values.full_name === 'string') s.values.full_name = s.values.full_name.trim();
    });
    add(RULE_HOOKS.compute, async (s) => {
      seen.push('compute');
      s.values.visits = String(Number(s.values.score ?? 0) * 2);
    });
    add(RULE_HOOKS.validateRules, async (s) => {
      seen.push('validateRules');
      if (s.values.full_name === 'Forbidden') throw new AppError('BUSINESS_RULE_ERROR', 'name not allowed');
    });
    add(RULE_HOOKS.afterSave, async (s) => {
      seen.push(`afterSave:${s.saved?.id ? 'saved' : 'none'}`);
    });
    const res = await f.t.post(f.base('customers'), { full_name: '  Hooked  ', score: 4 }, f.as);
    expect(res.status).toBe(201);
    expect(res.body.data.data).toEqual({ full_name: 'Hooked', score: 4, visits: 8 });
    expect(seen).toEqual(['transform:create', 'compute', 'validateRules', 'afterSave:saved']);

    const updated = await f.t.put(`${f.base('customers')}/${res.body.data.id}`, { score: 5 }, f.as);
    expect(updated.body.data.data).toEqual({ full_name: 'Hooked', score: 5, visits: 10 });

    const before = await f.countRecords();
    const refused = await f.t.post(f.base('customers'), { full_name: 'Forbidden' }, f.as);
    expect(refused.status).toBe(400);
    expect(refused.body.error.code).toBe('BUSINESS_RULE_ERROR');
    expect(await f.countRecords()).toBe(before);
  });

  it('rolls the whole save back when an after-save step fails', async () => {
    add(RULE_HOOKS.afterSave, async () => {
      throw new AppError('BUSINESS_RULE_ERROR', 'action failed');
    });
    const before = await f.countRecords();
    const res = await f.t.post(f.base('customers'), { full_name: 'Rolled back', email: 'rb@example.com' }, f.as);
    expect(res.status).toBe(400);
    expect(await f.countRecords()).toBe(before);
    registered.splice(0).forEach(([list, hook]) => list.splice(list.indexOf(hook), 1));
    // The unique value was rolled back with the record: it is free again.
    expect((await f.t.post(f.base('customers'), { full_name: 'Now', email: 'rb@example.com' }, f.as)).status).toBe(201);
  });
});
