import { closeSync, mkdirSync, openSync, readFileSync, rmSync, writeSync } from "node:fs";
import { join, resolve } from "node:path";
class DataDirLockedError extends Error {
  constructor(dataDir, holderPid) {
    super(
      `The data directory ${dataDir} is in use by another Tenantbase process (pid ${holderPid}). Stop that process first, or give this one another DATA_DIR.`
    );
    this.dataDir = dataDir;
    this.holderPid = holderPid;
  }
  dataDir;
  holderPid;
}
const LOCK_FILE = "tenantbase.lock";
function isAlive(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return error.code === "EPERM";
  }
}
function readHolder(path) {
  try {
    const pid = Number.parseInt(readFileSync(path, "utf8").trim(), 10);
    return Number.isInteger(pid) && pid > 0 ? pid : void 0;
  } catch {
    return void 0;
  }
}
function lockDataDir(dataDir) {
  const dir = resolve(dataDir);
  mkdirSync(dir, { recursive: true });
  const path = join(dir, LOCK_FILE);
  let tookOverFrom;
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(path, "wx");
      writeSync(fd, `${process.pid}
`);
      closeSync(fd);
      let released = false;
      return {
        path,
        tookOverFrom,
        release: () => {
          if (released) return;
          released = true;
          if (readHolder(path) === process.pid) rmSync(path, { force: true });
        }
      };
    } catch (error) {
      if (error.code !== "EEXIST") throw error;
      const holder2 = readHolder(path);
      if (holder2 !== void 0 && holder2 !== process.pid && isAlive(holder2)) throw new DataDirLockedError(dir, holder2);
      tookOverFrom = holder2;
      rmSync(path, { force: true });
    }
  }
  const holder = readHolder(path);
  throw new DataDirLockedError(dir, holder ?? 0);
}
export {
  DataDirLockedError,
  LOCK_FILE,
  lockDataDir
};
//# sourceMappingURL=data-dir-lock.js.map
