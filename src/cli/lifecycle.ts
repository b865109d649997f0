import type { FastifyInstance } from 'fastify';
import type { Logger } from '../logging.js';

/**
 * Closes the servers: they stop accepting, idle keep-alive connections close at once, requests in
 * flight finish. After `graceMs` whatever is still open is cut, so a stuck client cannot hold
 * the process past what a process manager waits before SIGKILL (Docker: 10 s, Kubernetes: 30 s).
 */
export async function closeServers(apps: readonly FastifyInstance[], graceMs: number, log: Logger): Promise<void> {
  const timer = setTimeout(() => {
    log.warn(`Requests still open after ${graceMs} ms: closing their connections`);
    for (const app of apps) app.server.closeAllConnections();
  }, graceMs);
  try {
    await Promise.all(apps.map((app) => app.close()));
  } finally {
    clearTimeout(timer);
  }
}

/**
 * SIGTERM and SIGINT run `stop` once and exit 0 when it is done (1 if it failed). A second signal
 * while stopping exits at once (130), as a second Ctrl-C is meant to.
 */
export function stopOnSignals(stop: (signal: NodeJS.Signals) => Promise<void>, log: Logger): void {
  let stopping = false;
  const onSignal = (signal: NodeJS.Signals) => {
    if (stopping) {
      log.warn(`${signal} again: exiting without waiting`);
      process.exit(130);
    }
    stopping = true;
    stop(signal).then(
      () => process.exit(0),
      (error: unknown) => {
        log.error({ err: error }, 'Stopping failed');
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', onSignal);
  process.on('SIGINT', onSignal);
}
