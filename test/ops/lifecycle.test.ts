import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { LOCK_FILE, lockDataDir } from '../../src/cli/data-dir-lock.js';
import { ROOT, freePort, portIsFree, start, waitHealthy } from './processes.js';
import { TEST_DATABASE, createTestDatabase } from '../helpers/database.js';

/**
 * The README's start command under SIGTERM, and the embedded data directory's lock. These spawn
 * real processes: few of them, generous timeouts, no timing assertions.
 */
describe('lifecycle of the running service', () => {
  const dirs: string[] = [];
  const tempDir = () => {
    const dir = mkdtempSync(join(tmpdir(), 'tenantbase-ops-'));
    dirs.push(dir);
    return dir;
  };
  afterAll(() => {
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  });

  it('`npm start` stops on SIGTERM: exit 0, ports free, no process left, data directory released', { timeout: 240_000 }, async () => {
    const [port, mcpPort] = [await freePort(), await freePort()];
    const dataDir = tempDir();
    const server = TEST_DATABASE === 'postgres' ? await createTestDatabase() : undefined;
    const env: Record<string, string> = {
      PORT: String(port),
      MCP_SERVER_PORT: String(mcpPort),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      ADMIN_EMAIL: 'ops@example.com',
      ADMIN_PASSWORD: 'ops-password-1',
      LOG_LEVEL: 'info',
      ...(server?.url ? { DATABASE_URL: server.url } : {}),
    };
    await server?.db.close();
    // dist/ is built by the test run's global setup; --ignore-scripts skips prestart's rebuild only.
    const npm = start('npm', ['start', '--ignore-scripts'], env);
    try {
      await waitHealthy(`http://127.0.0.1:${port}/api/health`, npm);
      await waitHealthy(`http://127.0.0.1:${mcpPort}/mcp/health`, npm);
      expect(npm.stderr()).toMatch(/Ready in \d+ ms/);
      const holder = TEST_DATABASE === 'pglite' ? Number(readFileSync(join(dataDir, LOCK_FILE), 'utf8')) : undefined;
      npm.child.kill('SIGTERM');
      expect(await npm.exited).toEqual({ code: 0, signal: null });
      expect(npm.stderr()).toContain('SIGTERM: finishing requests in flight');
      expect(npm.stderr()).toContain('Stopped.');
      expect(await portIsFree(port)).toBe(true);
      expect(await portIsFree(mcpPort)).toBe(true);
      // One logger: every line the service wrote on stderr is a JSON line of pino (start-up, URLs,
      // stopping; npm's own warnings aside); stdout has only answers (none here: the password was
      // given) besides npm's "> tenantbase@… start" banner.
      const lines = npm
        .stderr()
        .trim()
        .split('\n')
        .filter((l) => !l.startsWith('npm '));
      for (const line of lines) expect(() => JSON.parse(line), line).not.toThrow();
      expect(lines.map((l) => (JSON.parse(l) as { msg: string }).msg)).toEqual(
        expect.arrayContaining([
          expect.stringMatching(/^Migrating/),
          expect.stringMatching(/^API: +http/),
          expect.stringMatching(/^Ready in/),
        ]),
      );
      expect(
        npm
          .stdout()
          .split('\n')
          .filter((l) => l.trim() && !l.startsWith('>')),
      ).toEqual([]);
      if (holder !== undefined) {
        // The server itself (npm's child) is gone, and so is its lock.
        expect(() => process.kill(holder, 0)).toThrow();
        expect(existsSync(join(dataDir, LOCK_FILE))).toBe(false);
      }
    } finally {
      if (npm.child.exitCode === null) npm.child.kill('SIGKILL');
      await server?.drop();
    }
  });

  it('a second process on a locked data directory exits at once, naming the directory and the holder', { timeout: 120_000 }, async () => {
    const dataDir = tempDir();
    const lock = lockDataDir(dataDir);
    try {
      const second = start(process.execPath, ['bin/tenantbase.js', 'migrate'], { DATA_DIR: dataDir });
      expect((await second.exited).code).toBe(1);
      expect(second.stderr()).toContain(`The data directory ${dataDir} is in use by another Tenantbase process (pid ${process.pid})`);
      expect(second.stderr()).not.toContain('Aborted');
      expect(readFileSync(join(dataDir, LOCK_FILE), 'utf8').trim()).toBe(String(process.pid));
    } finally {
      lock.release();
    }
    expect(existsSync(join(dataDir, LOCK_FILE))).toBe(false);
  });

  it('takes over the lock of a process that is gone', async () => {
    const dataDir = tempDir();
    const gone = start(process.execPath, ['-e', ''], {});
    await gone.exited;
    writeFileSync(join(dataDir, LOCK_FILE), `${gone.child.pid}\n`);
    const lock = lockDataDir(dataDir);
    expect(lock.tookOverFrom).toBe(gone.child.pid);
    expect(readFileSync(join(dataDir, LOCK_FILE), 'utf8').trim()).toBe(String(process.pid));
    expect(() => lockDataDir(dataDir)).not.toThrow(); // our own pid: a restart in a container, where we are pid 1 again
    lock.release();
  });

  it('the bin runs the compiled code and answers --version', { timeout: 60_000 }, async () => {
    const run = start(process.execPath, [join(ROOT, 'bin/tenantbase.js'), '--version'], {});
    expect((await run.exited).code).toBe(0);
    expect(run.stdout().trim()).toMatch(/^\d+\.\d+\.\d+$/);
  });
});
