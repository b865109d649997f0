import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { closeServers } from '../../src/cli/lifecycle.js';
import { captureLogs } from '../helpers/log-capture.js';

/** The bounded drain of SIGTERM: requests in flight finish; past the grace period their connections are cut. */
describe('closing the servers', () => {
  const slowApp = async () => {
    let release!: () => void;
    const released = new Promise<void>((r) => (release = r));
    let arrived!: () => void;
    const inFlight = new Promise<void>((r) => (arrived = r));
    const app = Fastify();
    app.get('/slow', async () => {
      arrived();
      await released;
      return { finished: true };
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.address() as { port: number };
    const answer = fetch(`http://127.0.0.1:${port}/slow`).then(
      async (r) => ({ status: r.status, body: await r.json() }),
      (error: unknown) => ({ error }),
    );
    await inFlight;
    return { app, release, answer };
  };

  it('lets a request in flight finish', async () => {
    const { app, release, answer } = await slowApp();
    const closed = closeServers([app], 60_000, captureLogs().logger);
    release();
    await closed;
    expect(await answer).toEqual({ status: 200, body: { finished: true } });
  });

  it('cuts a request still open after the grace period', async () => {
    const { app, release, answer } = await slowApp();
    const log = captureLogs();
    await closeServers([app], 10, log.logger);
    expect(await answer).toHaveProperty('error');
    expect(log.messages()).toContain('closing their connections');
    release();
  });
});
