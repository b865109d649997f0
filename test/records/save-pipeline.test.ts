import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { SAVE_PIPELINE } from '../../src/domain/records/save-pipeline.js';
import type { SaveHook } from '../../src/domain/records/save-state.js';
import { AppError } from '../../src/errors.js';
import { controlledSaveHooks } from '../helpers/save-hooks.js';
import { createRecordsFixture, type RecordsFixture } from './fixture.js';

/** The extension points the business-rules feature fills: order, effect, scope and rollback. */
describe('save pipeline', () => {
  let f: RecordsFixture;
  const hooks = controlledSaveHooks();
  const on = (steps: { transform?: SaveHook; compute?: SaveHook; validateRules?: SaveHook; afterSave?: SaveHook }, entity = 'customers') =>
    hooks.set(entity, Object.fromEntries(Object.entries(steps).map(([step, hook]) => [step, [hook]])));
  beforeAll(async () => {
    f = await createRecordsFixture({}, { hooks: { saveHooks: [hooks.provider] } });
  });
  afterEach(() => hooks.clear());
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
      'beforeWrite',
      'write',
      'afterSave',
    ]);
  });

  it('gives hooks the merged values; compute output is schema-validated; rule errors reject', async () => {
    const seen: string[] = [];
    on({
      transform: async (s) => {
        seen.push(`transform:${s.mode}`);
        if (typeof s.values.full_name === 'string') s.values.full_name = s.values.full_name.trim();
      },
      compute: async (s) => {
        seen.push('compute');
        s.values.visits = String(Number(s.values.score ?? 0) * 2);
      },
      validateRules: async (s) => {
        seen.push('validateRules');
        if (s.values.full_name === 'Forbidden') throw new AppError('BUSINESS_RULE_ERROR', 'name not allowed');
      },
      afterSave: async (s) => {
        seen.push(`afterSave:${s.saved?.id ? 'saved' : 'none'}`);
      },
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
    on({
      afterSave: async () => {
        throw new AppError('BUSINESS_RULE_ERROR', 'action failed');
      },
    });
    const before = await f.countRecords();
    const res = await f.t.post(f.base('customers'), { full_name: 'Rolled back', email: 'rb@example.com' }, f.as);
    expect(res.status).toBe(400);
    expect(await f.countRecords()).toBe(before);
    hooks.clear();
    // The unique value was rolled back with the record: it is free again.
    expect((await f.t.post(f.base('customers'), { full_name: 'Now', email: 'rb@example.com' }, f.as)).status).toBe(201);
  });

  it("runs exactly the hooks of the saved entity's published version", async () => {
    const ran: string[] = [];
    on({ compute: async () => void ran.push('customers hook') }, 'customers');
    on({ compute: async () => void ran.push('orders hook') }, 'orders');
    const customer = await f.t.post(f.base('customers'), { full_name: 'Scoped' }, f.as);
    expect(ran).toEqual(['customers hook']);
    await f.t.post(f.base('orders'), { code: 'S-1', customer: customer.body.data.id }, f.as);
    expect(ran).toEqual(['customers hook', 'orders hook']);
    expect(hooks.asked).toEqual([
      { name: 'customers', version: 1 },
      { name: 'orders', version: 1 },
    ]);
  });
});
