import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { acquireDataDirLock, DataDirInUseError, dataDirLockHolder, LOCK_FILE, processStartTime } from '../../src/lib/data-dir-lock';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'bo-lock-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const lockText = () => readFileSync(join(dir, LOCK_FILE), 'utf8');

async function endedPid(): Promise<number> {
  const child = spawn(process.execPath, ['-e', '']);
  await new Promise((resolve) => child.once('exit', resolve));
  return child.pid!;
}

describe('data folder lock', () => {
  it('names its holder and refuses a second taker until released', () => {
    const lock = acquireDataDirLock(dir);
    const owner = JSON.parse(lockText()) as { pid: number; startTime: string };
    expect(owner.pid).toBe(process.pid);
    expect(owner.startTime).toBe(processStartTime(process.pid));
    expect(lock.isHeld()).toBe(true);
    expect(dataDirLockHolder(dir)?.pid).toBe(process.pid);

    expect(() => acquireDataDirLock(dir, 'restore')).toThrow(DataDirInUseError);
    expect(() => acquireDataDirLock(dir)).toThrow(`is in use by another process: server pid ${process.pid}`);
    // The refused taker left nothing behind, and the lock is still the holder's.
    expect(readdirSync(dir)).toEqual([LOCK_FILE]);
    expect(lock.isHeld()).toBe(true);

    lock.release();
    expect(existsSync(join(dir, LOCK_FILE))).toBe(false);
    acquireDataDirLock(dir).release();
  });

  it('takes over the lock of a process that no longer runs', async () => {
    const pid = await endedPid();
    writeFileSync(join(dir, LOCK_FILE), JSON.stringify({ pid, startTime: '5', bootId: null, host: 'h', since: 'then', purpose: 'server' }));
    expect(dataDirLockHolder(dir)).toBeNull();
    const lock = acquireDataDirLock(dir);
    expect(JSON.parse(lockText()).pid).toBe(process.pid);
    lock.release();
  });

  it('takes over a lock whose pid now belongs to another process (another start time) or another boot', () => {
    const start = processStartTime(process.pid);
    expect(start).not.toBeNull();
    writeFileSync(
      join(dir, LOCK_FILE),
      JSON.stringify({ pid: process.pid, startTime: `${start}1`, bootId: null, host: 'h', since: 'then', purpose: 'server' }),
    );
    acquireDataDirLock(dir).release();
    writeFileSync(
      join(dir, LOCK_FILE),
      JSON.stringify({ pid: process.pid, startTime: start, bootId: 'another-boot', host: 'h', since: 'then', purpose: 'server' }),
    );
    acquireDataDirLock(dir).release();
  });

  it('takes over a damaged lock file', () => {
    writeFileSync(join(dir, LOCK_FILE), '');
    const lock = acquireDataDirLock(dir);
    expect(lock.isHeld()).toBe(true);
    lock.release();
  });

  it('knows when its lock file was removed or replaced, and then leaves the other one alone', () => {
    const lock = acquireDataDirLock(dir);
    rmSync(join(dir, LOCK_FILE));
    expect(lock.isHeld()).toBe(false);
    writeFileSync(
      join(dir, LOCK_FILE),
      JSON.stringify({ pid: 1, startTime: null, bootId: null, host: 'h', since: 'now', purpose: 'server' }),
    );
    lock.release();
    expect(existsSync(join(dir, LOCK_FILE))).toBe(true);
  });

  it('lets exactly one of several processes racing for a stale lock take it', async () => {
    writeFileSync(
      join(dir, LOCK_FILE),
      JSON.stringify({ pid: await endedPid(), startTime: '5', bootId: null, host: 'h', since: 'then', purpose: 'server' }),
    );
    const repo = join(import.meta.dirname, '../../../..');
    const scratch = mkdtempSync(join(tmpdir(), 'bo-lock-race-'));
    const script = join(scratch, 'race.ts');
    writeFileSync(
      script,
      `import { existsSync, writeFileSync } from 'node:fs';
      import { acquireDataDirLock } from ${JSON.stringify(join(repo, 'apps/server/src/lib/data-dir-lock.ts'))};
      writeFileSync(${JSON.stringify(scratch)} + '/ready-' + process.pid, '');
      while (!existsSync(${JSON.stringify(join(scratch, 'go'))})) {}
      try { acquireDataDirLock(process.env.RACE_DIR!); console.log('took'); setTimeout(() => {}, 1000); }
      catch (error) { console.log((error as Error).name); }`,
    );
    // Each process spins until every one has started, then all go for the lock at once.
    const outputs = Array.from({ length: 4 }, () => {
      const child = spawn(join(repo, 'node_modules/.bin/tsx'), [script], { cwd: repo, env: { ...process.env, RACE_DIR: dir } });
      let out = '';
      child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
      return new Promise<string>((resolve) => child.once('exit', () => resolve(out.trim())));
    });
    await expect.poll(() => readdirSync(scratch).filter((name) => name.startsWith('ready-')).length, { timeout: 60_000 }).toBe(4);
    writeFileSync(join(scratch, 'go'), '');
    const results = await Promise.all(outputs);
    rmSync(scratch, { recursive: true, force: true });
    expect(results.filter((out) => out === 'took')).toHaveLength(1);
    expect(results.filter((out) => out === 'DataDirInUseError')).toHaveLength(3);
  }, 90_000);
});
