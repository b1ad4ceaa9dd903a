/**
 * One process at a time per embedded data directory. PostgreSQL guards its data directory with
 * `postmaster.pid`; PGlite does not, and two PGlite instances on one directory silently corrupt
 * it. So the kernel takes a lock file of its own before PGlite opens the directory.
 *
 * The lock file holds the owner's pid. A lock whose process is gone (a crash, a `kill -9`) is
 * stale and is taken over, so a crash never needs a manual clean-up.
 */
import fs from 'node:fs';
import path from 'node:path';

export const LOCK_FILE_NAME = 'atrium.lock';

/**
 * A lock younger than this without a readable pid is being written right now by its owner
 * (between `open` and `write`), not left behind by a crash.
 */
const UNWRITTEN_LOCK_GRACE_MS = 10_000;

/** Lock files this process holds: a pid equal to ours is only live if it is one of these. */
const heldByThisProcess = new Set<string>();

export class DataDirLockedError extends Error {
  constructor(
    readonly dataDir: string,
    readonly lockFile: string,
    readonly ownerPid: number | undefined,
  ) {
    const owner = ownerPid === undefined ? 'another process' : `process ${ownerPid}`;
    super(
      `DATA_DIR ${dataDir} is in use by ${owner} (lock file ${lockFile}): two servers must not ` +
        `open the same embedded database. Stop the other server, or give this one another ` +
        `DATA_DIR (or a DATABASE_URL).`,
    );
    this.name = 'DataDirLockedError';
  }
}

export interface DataDirLock {
  readonly file: string;
  /** Removes the lock file; a second call does nothing. */
  release(): void;
}

/** Takes the lock of `dataDir` (which must exist) or throws `DataDirLockedError`. */
export function lockDataDir(dataDir: string): DataDirLock {
  const file = path.join(dataDir, LOCK_FILE_NAME);
  // Two rounds: the second follows the removal of a stale lock. Losing that round to another
  // process that also saw the stale lock means that process now holds it: refuse.
  for (let round = 0; round < 2; round++) {
    if (tryCreate(file)) {
      heldByThisProcess.add(file);
      return {
        file,
        release() {
          if (heldByThisProcess.delete(file)) fs.rmSync(file, { force: true });
        },
      };
    }
    const owner = readOwner(file);
    if (owner.live) throw new DataDirLockedError(dataDir, file, owner.pid);
    fs.rmSync(file, { force: true });
  }
  throw new DataDirLockedError(dataDir, file, readOwner(file).pid);
}

/** Creates the lock file with our pid; false when it already exists. */
function tryCreate(file: string): boolean {
  let fd: number;
  try {
    fd = fs.openSync(file, 'wx');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  }
  try {
    fs.writeSync(fd, `${process.pid}\n`);
  } finally {
    fs.closeSync(fd);
  }
  return true;
}

function readOwner(file: string): { pid: number | undefined; live: boolean } {
  let text: string;
  let ageMs: number;
  try {
    text = fs.readFileSync(file, 'utf8');
    ageMs = Date.now() - fs.statSync(file).mtimeMs;
  } catch (error) {
    // Released between our attempt and this read: not held any more.
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return { pid: undefined, live: false };
    throw error;
  }
  const pid = Number.parseInt(text.trim(), 10);
  if (!Number.isInteger(pid) || pid <= 0) return { pid: undefined, live: ageMs < UNWRITTEN_LOCK_GRACE_MS };
  return { pid, live: isLive(pid, file) };
}

function isLive(pid: number, file: string): boolean {
  // Our own pid in a lock we do not hold: left by an earlier run that had the same pid (pid 1
  // in a restarted container), so it is stale.
  if (pid === process.pid) return heldByThisProcess.has(file);
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to another user.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
