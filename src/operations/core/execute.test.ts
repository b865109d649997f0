import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { loadConfig } from '../../config.js';
import type { OperationContext } from './context.js';
import { executeOperation } from './execute.js';
import { defineGlobalOperation } from './operation.js';
import { isOperationResult, withEffects } from './result.js';

const op = (answer: unknown) =>
  defineGlobalOperation({
    name: 'sample_tool',
    title: 'Sample',
    description: 'A sample operation used to test the output check.',
    input: z.object({}),
    output: z.strictObject({ n: z.number(), at: z.string() }),
    mode: 'read',
    profile: 'core',
    tool: true,
    access: 'public',
    rest: [],
    run: async () => answer as { n: number; at: string },
  });

const ctx = (checkOutputs: boolean): OperationContext =>
  ({
    config: loadConfig({ CHECK_OUTPUTS: String(checkOutputs) }),
    principal: null,
    tenant: null,
    clientAddress: '',
  }) as unknown as OperationContext;

describe('executeOperation', () => {
  it('answers data with no warnings and no effects, or what the operation attached', async () => {
    const plain = await executeOperation(op({ n: 1, at: 'x' }), ctx(true), {});
    expect(isOperationResult(plain)).toBe(true);
    expect(plain).toMatchObject({ data: { n: 1, at: 'x' }, warnings: [], effects: [] });
    const effects = [{ kind: 'admin_session_ended' as const }];
    expect(await executeOperation(op(withEffects({ n: 2, at: 'y' }, { effects })), ctx(true), {})).toMatchObject({ effects });
  });

  it('with CHECK_OUTPUTS, refuses an answer its output schema does not describe (missing, extra or wrong keys)', async () => {
    for (const wrong of [{ n: 1 }, { n: 1, at: 'x', extra: true }, { n: '1', at: 'x' }]) {
      await expect(executeOperation(op(wrong), ctx(true), {})).rejects.toMatchObject({ code: 'INTERNAL_ERROR' });
      await expect(executeOperation(op(wrong), ctx(false), {})).resolves.toMatchObject({ data: wrong });
    }
  });

  it('checks what clients receive: a Date answers as its ISO string', async () => {
    const dated = defineGlobalOperation({
      ...op(null),
      output: z.strictObject({ at: z.string() }),
      run: async () => ({ at: new Date(0) as unknown as string }),
    });
    await expect(executeOperation(dated, ctx(true), {})).resolves.toMatchObject({ data: { at: new Date(0) } });
  });
});
