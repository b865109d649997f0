/**
 * W8 as CPU per save (docs/rules.md "Performance"): sequential creates — one at a time, through
 * the service's HTTP handling (inject), no concurrency — on plain_orders and ruled_orders in
 * alternating batches, measuring the CPU each batch costs: this process's (service, and with PGlite
 * the database engine too) plus, with DATABASE_URL, the PostgreSQL backends serving its database
 * (from /proc; Linux, server on this machine). CPU moves much less with the machine's load than
 * req/s does; the ratio plain/ruled CPU per save is the req/s ratio a single core would allow.
 *
 *   npx tsx bench/rules-w8-cpu.ts [--saves 2000] [--rounds 3]
 *
 * `--only plain|ruled` runs one kind of batch (for `node --cpu-prof --import tsx …` profiles of one).
 */
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import postgres from 'postgres';

const { values } = parseArgs({
  options: { saves: { type: 'string', default: '2000' }, rounds: { type: 'string', default: '3' }, only: { type: 'string' } },
});
const SAVES = Number(values.saves);
const ROUNDS = Math.max(1, Number(values.rounds));

const { engine, setupW8 } = await import('./rules-w8-setup.js');
const { runtime, app, as, body } = await setupW8();

const TICK_US = 1_000_000 / 100; // USER_HZ
const procCpu = (pid: number) => {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return (Number(fields[11]) + Number(fields[12])) * TICK_US;
  } catch {
    return 0;
  }
};
const admin = process.env.DATABASE_URL ? postgres(process.env.DATABASE_URL, { max: 1, onnotice: () => undefined }) : null;
/** CPU µs of the backends serving this database (not the one asking). */
async function backendsCpu(): Promise<number> {
  if (!admin) return 0;
  const rows = await admin<
    { pid: number }[]
  >`select pid from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()`;
  return rows.reduce((sum, r) => sum + procCpu(r.pid), 0);
}

async function batch(entity: string): Promise<{ ms: number; cpu: number }> {
  const db0 = await backendsCpu();
  const cpu0 = process.cpuUsage();
  const t0 = performance.now();
  for (let i = 0; i < SAVES; i++) {
    const res = await app.inject({
      method: 'POST',
      url: `/api/entities/${entity}/records`,
      headers: { ...as, 'content-type': 'application/json' },
      payload: body(),
    });
    if (res.statusCode !== 201) throw new Error(`${entity}: ${res.statusCode} ${res.body}`);
  }
  const ms = (performance.now() - t0) / SAVES;
  const own = process.cpuUsage(cpu0);
  const db = (await backendsCpu()) - db0;
  return { ms, cpu: (own.user + own.system + db) / 1000 / SAVES };
}

const ratios: number[] = [];
if (values.only) {
  for (let round = 1; round <= ROUNDS; round++) {
    const { cpu, ms } = await batch(`${values.only}_orders`);
    console.log(`round ${round}: ${values.only} ${cpu.toFixed(3)} ms CPU/save (${ms.toFixed(3)} ms wall)`);
  }
  await admin?.end();
  await runtime.close();
  process.exit(0);
}
for (let round = 1; round <= ROUNDS; round++) {
  const plain = await batch('plain_orders');
  const ruled = await batch('ruled_orders');
  const ratio = plain.cpu / ruled.cpu;
  ratios.push(ratio);
  console.log(
    `round ${round}: plain ${plain.cpu.toFixed(3)} ms CPU/save (${plain.ms.toFixed(3)} ms wall); ` +
      `5 rules ${ruled.cpu.toFixed(3)} ms CPU/save (${ruled.ms.toFixed(3)} ms wall); CPU ratio ${ratio.toFixed(2)}`,
  );
}
const median = [...ratios].sort((a, b) => a - b)[Math.floor(ratios.length / 2)]!;
console.log(`W8 CPU (${engine}, ${SAVES} sequential saves per batch): median plain/ruled CPU ratio ${median.toFixed(2)}`);
await admin?.end();
await runtime.close();
