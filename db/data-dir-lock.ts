import fs from 'node:fs';
import path from 'node:path';

const LOCK_FILE = 'server.pid';

class DataDirLockedError extends Error {
  constructor(
    readonly dataDir: string,
    readonly pid: number,
  ) {
    super(
      `The data directory ${dataDir} is in use by another process (pid ${pid}). ` +
        'Only one process may open an embedded database: stop it first, or give this one its own DATA_DIR.',
    );
    this.name = 'DataDirLockedError';
  }
}

function isProcessAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function isRecent(file: string): boolean {
  try {
    return Date.now() - fs.statSync(file).mtimeMs < 5000;
  } catch {
    return false;
  }
}

function readLockOwner(file: string): number | undefined {
  try {
    const pid = Number.parseInt(fs.readFileSync(file, 'utf8'), 10);
    return Number.isInteger(pid) && pid > 0 ? pid : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Claims a data directory for this process. Two PGlite instances on one directory corrupt it
 * silently, so a second process must refuse at once. A lock left by a killed process is taken over.
 * Returns the function that releases the lock.
 */
export function lockDataDir(dataDir: string): () => void {
  fs.mkdirSync(dataDir, { recursive: true });
  const file = path.join(dataDir, LOCK_FILE);
  for (let attempt = 0; attempt < 3; attempt += 1) {
    try {
      fs.writeFileSync(file, String(process.pid), { flag: 'wx' });
      return () => {
        if (readLockOwner(file) === process.pid) fs.rmSync(file, { force: true });
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const owner = readLockOwner(file);
      if (owner !== undefined && owner !== process.pid && isProcessAlive(owner)) {
        throw new DataDirLockedError(dataDir, owner);
      }
      // An empty lock file is another process between creating and writing it.
      if (owner === undefined && isRecent(file)) throw new DataDirLockedError(dataDir, 0);
      fs.rmSync(file, { force: true });
    }
  }
  throw new Error(`Could not lock the data directory ${dataDir}`);
}
