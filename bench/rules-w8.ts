/**
 * W8 — creates on an entity with 5 published business rules (a formula, a conditional, a lookup, an
 * aggregate count, a validation) against plain creates on an entity without rules, same run,
 * alternating rounds (docs/rules.md "Performance"). Target: ruled ≥ 0.7× plain req/s.
 *
 *   npx tsx bench/rules-w8.ts [--duration 10] [--connections 20] [--rounds 3] [--warmup 2]
 *
 * Each side is first run `--warmup` seconds unmeasured (the plain side, measured first, used to be
 * cold in round 1 while the ruled side ran warm), and the rounds alternate which side goes first,
 * so that neither is always measured on the fuller database.
 *
 * In-memory PGlite by default; with DATABASE_URL set, that database (use a scratch one: the
 * benchmark creates a tenant there and leaves it). The service runs in this process (HTTP on
 * 127.0.0.1:0); autocannon drives it.
 */
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';

const { values } = parseArgs({
  options: {
    duration: { type: 'string', default: '10' },
    connections: { type: 'string', default: '20' },
    rounds: { type: 'string', default: '3' },
    warmup: { type: 'string', default: '2' },
  },
});
const DURATION = Number(values.duration);
const CONNECTIONS = Number(values.connections);
const ROUNDS = Math.max(1, Number(values.rounds));
const WARMUP = Math.max(0, Number(values.warmup));

const { engine, setupW8 } = await import('./rules-w8-setup.js');
const { runtime, app, as, body } = await setupW8();

const address = await app.listen({ port: 0, host: '127.0.0.1' });

async function measure(entity: string, duration = DURATION): Promise<{ rps: number; p99: number; non2xx: number }> {
  const result = await autocannon({
    url: address,
    connections: CONNECTIONS,
    duration,
    requests: [
      {
        method: 'POST',
        path: `/api/entities/${entity}/records`,
        headers: { ...as, 'content-type': 'application/json' },
        setupRequest: (req) => ({ ...req, body: body() }),
      },
    ],
  });
  return { rps: result.requests.average, p99: result.latency.p99, non2xx: result.non2xx + result.errors };
}

if (WARMUP > 0) for (const entity of ['plain_orders', 'ruled_orders']) await measure(entity, WARMUP);
const ratios: number[] = [];
for (let round = 1; round <= ROUNDS; round++) {
  let plain, ruled;
  if (round % 2 === 1) {
    plain = await measure('plain_orders');
    ruled = await measure('ruled_orders');
  } else {
    ruled = await measure('ruled_orders');
    plain = await measure('plain_orders');
  }
  const ratio = ruled.rps / plain.rps;
  ratios.push(ratio);
  console.log(
    `round ${round}: plain ${plain.rps.toFixed(0)} req/s (p99 ${plain.p99} ms, non-2xx ${plain.non2xx}); ` +
      `5 rules ${ruled.rps.toFixed(0)} req/s (p99 ${ruled.p99} ms, non-2xx ${ruled.non2xx}); ratio ${ratio.toFixed(2)}`,
  );
}
const median = [...ratios].sort((a, b) => a - b)[Math.floor(ratios.length / 2)]!;
console.log(`W8 (${engine}): median ratio ${median.toFixed(2)} (target ≥ 0.70) ${median >= 0.7 ? 'met' : 'NOT met'}`);
await runtime.close();
