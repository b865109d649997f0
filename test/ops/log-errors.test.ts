import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../../src/logging.js';
import { captureLogs } from '../helpers/log-capture.js';
import { controlledSaveHooks } from '../helpers/save-hooks.js';
import { createRecordsFixture, type RecordsFixture } from '../records/fixture.js';

/**
 * An unexpected error (docs/operations.md "Logs"): the answer is the envelope's INTERNAL_ERROR with
 * nothing of the error in it, and the line that logs it names the error without its stack trace,
 * unless the operator chose LOG_LEVEL=debug to diagnose.
 */
describe('unexpected errors in logs', () => {
  const log = captureLogs('info');
  const hooks = controlledSaveHooks();
  let f: RecordsFixture;
  beforeAll(async () => {
    f = await createRecordsFixture({ LOG_LEVEL: 'info' }, { logger: log.logger, hooks: { saveHooks: [hooks.provider] } });
  });
  afterAll(async () => {
    await f.t.close();
  });

  it('answers INTERNAL_ERROR without details and logs type and message, never the stack', async () => {
    hooks.set('customers', {
      transform: [
        async () => {
          throw new TypeError('hook exploded at /srv/internal/path.js');
        },
      ],
    });
    const res = await f.t.post('/api/entities/customers/records', { full_name: 'Ada' }, { apiKey: f.tenant.apiKey });
    expect(res.status).toBe(500);
    expect(res.body).toEqual({ success: false, error: { code: 'INTERNAL_ERROR', message: expect.any(String) } });
    expect(JSON.stringify(res.body)).not.toMatch(/exploded|\/srv\/|at /);
    const line = log.lines.find((l) => l.msg === 'unexpected error');
    expect(line?.err).toMatchObject({ type: 'TypeError', message: 'hook exploded at /srv/internal/path.js' });
    expect(JSON.stringify(log.lines)).not.toMatch(/"stack"|log-errors\.test\.ts/);
    // Nothing was written by the failed save.
    const list = await f.t.get('/api/entities/customers/records', { apiKey: f.tenant.apiKey });
    expect(list.body.data.total).toBe(0);
  });

  it('keeps the stack at LOG_LEVEL=debug, where an operator asks for it', () => {
    const lines: Array<Record<string, any>> = [];
    const logger = createLogger('debug', { write: (chunk: string) => void lines.push(JSON.parse(chunk)) });
    logger.error({ err: new Error('diagnose me') }, 'unexpected error');
    expect(lines[0]!.err.stack).toMatch(/diagnose me\n\s+at /);
  });
});
