import { randomBytes } from 'node:crypto';
import { linkSync, mkdirSync, readFileSync, renameSync, unlinkSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
import { join } from 'node:path';

/**
 * One process per data folder, the way PostgreSQL's `postmaster.pid` works: a lock file naming its holder
 * (pid, the process's start time in the kernel's clock ticks, the boot it ran in). A lock whose holder no
 * longer runs (kill -9, a power cut) is stale and taken over; a pid reused by another process is told apart by
 * its start time. See docs/decisions/data-dir-lock.md.
 */
export const LOCK_FILE = 'server.pid';

export interface LockOwner {
  pid: number;
  /** Field 22 of /proc/<pid>/stat (clock ticks after boot); null where there is no /proc. */
  startTime: string | null;
  bootId: string | null;
  host: string;
  /** ISO time the lock was taken, for people reading the message. */
  since: string;
  /** What holds it: the server, a backup or a restore. */
  purpose: string;
}

export class DataDirInUseError extends Error {
  constructor(
    readonly dataDir: string,
    readonly owner: LockOwner,
  ) {
    super(
      `The data folder ${dataDir} is in use by another process: ${owner.purpose} pid ${owner.pid} on ${owner.host}, since ${owner.since}. ` +
        `Only one server may open an embedded database. Stop that process first, or give this one another DATA_DIR ` +
        `(several servers on one database need PostgreSQL: DATABASE_URL).`,
    );
    this.name = 'DataDirInUseError';
  }
}

export interface DataDirLock {
  readonly path: string;
  /** True while the lock file still names this process (nobody removed it or took it over). */
  isHeld(): boolean;
  /** Removes the lock file if it still names this process; safe to call more than once. */
  release(): void;
}

function readText(path: string): string | null {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return null;
  }
}

const BOOT_ID = readText('/proc/sys/kernel/random/boot_id')?.trim() ?? null;

/** The start time of a running process, or null (no such process, or no /proc on this system). */
export function processStartTime(pid: number): string | null {
  const stat = readText(`/proc/${pid}/stat`);
  if (stat === null) return null;
  // The command name (field 2) is in parentheses and may hold spaces: count fields after its closing one.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return fields[19] ?? null;
}

function ownIdentity(purpose: string): LockOwner {
  return {
    pid: process.pid,
    startTime: processStartTime(process.pid),
    bootId: BOOT_ID,
    host: hostname(),
    since: new Date().toISOString(),
    purpose,
  };
}

function parseOwner(text: string | null): LockOwner | null {
  if (!text) return null;
  try {
    const value = JSON.parse(text) as Partial<LockOwner>;
    if (typeof value.pid !== 'number' || !Number.isInteger(value.pid) || value.pid <= 0) return null;
    return {
      pid: value.pid,
      startTime: typeof value.startTime === 'string' ? value.startTime : null,
      bootId: typeof value.bootId === 'string' ? value.bootId : null,
      host: typeof value.host === 'string' ? value.host : 'unknown host',
      since: typeof value.since === 'string' ? value.since : 'unknown time',
      purpose: typeof value.purpose === 'string' ? value.purpose : 'process',
    };
  } catch {
    return null;
  }
}

/** Whether the process a lock names still runs: same boot, pid alive, and the same process (start time). */
export function isRunning(owner: LockOwner): boolean {
  if (owner.bootId && BOOT_ID && owner.bootId !== BOOT_ID) return false;
  try {
    process.kill(owner.pid, 0);
  } catch (error) {
    // EPERM: it runs, under another user.
    if ((error as NodeJS.ErrnoException).code !== 'EPERM') return false;
  }
  if (owner.startTime === null) return true;
  const now = processStartTime(owner.pid);
  // No /proc here: the pid alone has to do.
  if (now === null) return readText('/proc/self/stat') === null;
  return now === owner.startTime;
}

const sameOwner = (a: LockOwner | null, b: LockOwner) =>
  a !== null && a.pid === b.pid && a.startTime === b.startTime && a.bootId === b.bootId;

function sleepSync(ms: number): void {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
}

/**
 * Takes `<dataDir>/server.pid` or throws DataDirInUseError naming its holder. The lock is created whole
 * (written to a private file, then hard-linked into place, which fails if one exists), so nobody ever reads
 * a half-written lock. A stale lock is first renamed to a private name: of two processes taking it over at
 * once only one gets it, and one that moved a lock it did not judge stale puts it back.
 */
export function acquireDataDirLock(dataDir: string, purpose = 'server'): DataDirLock {
  mkdirSync(dataDir, { recursive: true });
  const path = join(dataDir, LOCK_FILE);
  const me = ownIdentity(purpose);
  const content = `${JSON.stringify(me, null, 2)}\n`;
  const unique = `${path}.${process.pid}.${randomBytes(4).toString('hex')}`;
  writeFileSync(unique, content, { mode: 0o644 });
  try {
    for (let attempt = 0; attempt < 50; attempt += 1) {
      try {
        linkSync(unique, path);
        break;
      } catch (error) {
        const code = (error as NodeJS.ErrnoException).code;
        if (code !== 'EEXIST') {
          if (code === 'EPERM' || code === 'ENOTSUP' || code === 'EOPNOTSUPP')
            throw new Error(`The data folder ${dataDir} does not support hard links, which its lock needs: use a local disk for DATA_DIR.`);
          throw error;
        }
      }
      const text = readText(path);
      if (text === null) continue;
      const owner = parseOwner(text);
      if (owner === null) {
        // Locks are linked whole, so this is a damaged file: wait once in case it is being replaced, then take it.
        if (attempt < 3) {
          sleepSync(100);
          continue;
        }
      } else if (isRunning(owner)) {
        throw new DataDirInUseError(dataDir, owner);
      }
      const moved = `${unique}.stale`;
      try {
        renameSync(path, moved);
      } catch {
        continue;
      }
      if (readText(moved) !== text) {
        // Another process took the stale lock over between our read and our rename: put its lock back.
        try {
          linkSync(moved, path);
        } catch {
          /* a third process linked one meanwhile; the next round judges it */
        }
      }
      unlinkSync(moved);
    }
    if (!sameOwner(parseOwner(readText(path)), me))
      throw new Error(`Could not take the lock ${path}: it kept changing. Is another server starting on ${dataDir}?`);
  } finally {
    unlinkSync(unique);
  }

  let released = false;
  return {
    path,
    isHeld: () => !released && sameOwner(parseOwner(readText(path)), me),
    release() {
      if (released) return;
      released = true;
      if (sameOwner(parseOwner(readText(path)), me)) {
        try {
          unlinkSync(path);
        } catch {
          /* already gone */
        }
      }
    },
  };
}

/** The live holder of a data folder's lock, if any (for tools that want to say who, without taking it). */
export function dataDirLockHolder(dataDir: string): LockOwner | null {
  const owner = parseOwner(readText(join(dataDir, LOCK_FILE)));
  return owner && isRunning(owner) ? owner : null;
}
