import { closeSync, mkdirSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';
import { join, resolve } from 'node:path';

/** Why a command could not take the embedded database: another live process holds it. */
export class DataDirLockedError extends Error {
  constructor(
    readonly dataDir: string,
    readonly holderPid: number,
  ) {
    super(
      `The data directory ${dataDir} is in use by another Tenantbase process (pid ${holderPid}). ` +
        'Stop that process first, or give this one another DATA_DIR.',
    );
  }
}

export interface DataDirLock {
  readonly path: string;
  /** The pid of a dead holder whose lock was taken over, if any. */
  readonly tookOverFrom: number | undefined;
  release(): void;
}

export const LOCK_FILE = 'tenantbase.lock';

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else — still a holder.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function readHolder(path: string): number | undefined {
  try {
    const pid = Number.parseInt(readFileSync(path, 'utf8').trim(), 10);
    return Number.isInteger(pid) && pid > 0 ? pid : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Takes the embedded database's directory for this process: a lock file holding our pid, created
 * exclusively. PGlite has no lock of its own (a second process on the same files aborts, or worse,
 * corrupts them), so every command that opens the embedded database takes this first. A lock
 * whose pid is dead — or is our own pid, as after a container restart where the server is pid 1
 * again — is stale and taken over.
 */
export function lockDataDir(dataDir: string): DataDirLock {
  const dir = resolve(dataDir);
  mkdirSync(dir, { recursive: true });
  const path = join(dir, LOCK_FILE);
  let tookOverFrom: number | undefined;
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(path, 'wx');
      writeSync(fd, `${process.pid}\n`);
      closeSync(fd);
      let released = false;
      return {
        path,
        tookOverFrom,
        release: () => {
          if (released) return;
          released = true;
          if (readHolder(path) === process.pid) rmSync(path, { force: true });
        },
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const holder = readHolder(path);
      if (holder !== undefined && holder !== process.pid && isAlive(holder)) throw new DataDirLockedError(dir, holder);
      tookOverFrom = holder;
      rmSync(path, { force: true });
    }
  }
  // Two processes took over the same stale lock at once; the other one won.
  const holder = readHolder(path);
  throw new DataDirLockedError(dir, holder ?? 0);
}
