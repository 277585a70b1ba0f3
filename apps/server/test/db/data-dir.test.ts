import { spawn } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listBackups } from '../../src/db/backup';
import { openDatabase } from '../../src/db/client';
import { LOCK_FILE, processStartTime } from '../../src/lib/data-dir-lock';
import { REPO_ROOT, adminToken, noteStream, spawnServer, startServer, type ServerProcess } from '../helpers/server-process';

/**
 * The embedded database on a real folder, driven through real server processes (`npm run serve`,
 * as the browser tests start it): one server per folder, kill -9 under writes, backup and restore.
 */

/** kill -9 rounds under writes; the issue asks for twenty (DATA_DIR_KILL_ROUNDS=20), fewer keep `npm test` short. */
const KILL_ROUNDS = Number(process.env.DATA_DIR_KILL_ROUNDS ?? 5);

const root = mkdtempSync(join(tmpdir(), 'bo-data-dir-'));
/** A migrated, seeded folder made once; each test starts from a copy (initdb + seed cost ~15 s a start). */
const template = join(root, 'template');
let leadIds: number[] = [];
const running = new Set<ServerProcess>();

function copyOfTemplate(name: string): string {
  const dir = join(root, name);
  cpSync(template, dir, { recursive: true });
  return dir;
}

async function start(dataDir: string, env: Record<string, string> = {}): Promise<ServerProcess> {
  const server = await startServer({ DATA_DIR: dataDir, SEED: 'false', ...env });
  running.add(server);
  void server.exited.then(() => running.delete(server));
  return server;
}

/** The note bodies stored in a folder, read by opening it (under its lock) in this process. */
async function storedNotes(dataDir: string): Promise<Set<string>> {
  const database = await openDatabase({ driver: 'pglite', dataDir });
  try {
    const { rows } = await (database.db as unknown as { $client: { query<T>(sql: string): Promise<{ rows: T[] }> } }).$client.query<{
      body: string;
    }>(`select body from lead_events where type = 'note'`);
    return new Set(rows.map((row) => row.body));
  } finally {
    await database.close();
  }
}

function run(args: string[], env: Record<string, string>): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(`${REPO_ROOT}node_modules/.bin/tsx`, args, {
      cwd: REPO_ROOT,
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.once('exit', (code) => resolve({ code, output }));
  });
}

beforeAll(async () => {
  const server = await start(template, { SEED: 'true', SEED_LEADS: '5' });
  await server.stop();
  const database = await openDatabase({ driver: 'pglite', dataDir: template });
  try {
    const client = (database.db as unknown as { $client: { query<T>(sql: string): Promise<{ rows: T[] }> } }).$client;
    leadIds = (await client.query<{ id: number }>(`select id from leads where country = 'arg' order by id limit 4`)).rows.map(
      (row) => row.id,
    );
  } finally {
    await database.close();
  }
  expect(leadIds.length).toBeGreaterThan(0);
}, 180_000);

afterAll(async () => {
  await Promise.all([...running].map((server) => server.kill9()));
  rmSync(root, { recursive: true, force: true });
});

describe('one server per data folder', () => {
  it('refuses a second server on a folder in use, naming the first, which keeps every write', async () => {
    const dataDir = copyOfTemplate('two-servers');
    const first = await start(dataDir);
    const token = await adminToken(first.url);
    const writes = noteStream(first.url, token, leadIds, 'first');

    const second = spawnServer({ DATA_DIR: dataDir, SEED: 'false' }).process;
    running.add(second);
    const code = await second.exited;
    expect(code).not.toBe(0);
    const holder = JSON.parse(readFileSync(join(dataDir, LOCK_FILE), 'utf8')) as { pid: number };
    expect(second.output()).toContain(`The data folder ${dataDir} is in use by another process: server pid ${holder.pid}`);
    expect(second.output()).not.toContain('Server listening');

    // The first still serves and writes after the refusal.
    await new Promise((resolve) => setTimeout(resolve, 500));
    await writes.stop();
    expect(writes.acknowledged.length).toBeGreaterThan(0);
    expect(await first.stop()).toBe(0);
    expect(existsSync(join(dataDir, LOCK_FILE))).toBe(false);
    const stored = await storedNotes(dataDir);
    expect(writes.acknowledged.filter((body) => !stored.has(body))).toEqual([]);
  }, 240_000);

  it('takes over a lock whose process is gone, or whose pid now belongs to another process', async () => {
    const dataDir = copyOfTemplate('stale-lock');
    // A pid that ran and ended: the lock a kill -9 leaves.
    const ended = spawn(process.execPath, ['-e', '']);
    await new Promise((resolve) => ended.once('exit', resolve));
    const stale = { pid: ended.pid, startTime: '1', bootId: null, host: 'gone', since: '2026-01-01T00:00:00.000Z', purpose: 'server' };
    writeFileSync(join(dataDir, LOCK_FILE), JSON.stringify(stale));
    const server = await start(dataDir);
    expect((await fetch(`${server.url}/api/health`)).status).toBe(200);
    expect(JSON.parse(readFileSync(join(dataDir, LOCK_FILE), 'utf8')).pid).not.toBe(ended.pid);
    await server.kill9();

    // The pid of a live process (this one) with another start time: a pid reused after the holder died.
    const reused = { ...stale, pid: process.pid, startTime: String(Number(processStartTime(process.pid) ?? 0) + 1) };
    writeFileSync(join(dataDir, LOCK_FILE), JSON.stringify(reused));
    const again = await start(dataDir);
    expect((await fetch(`${again.url}/api/health`)).status).toBe(200);
    expect(await again.stop()).toBe(0);
  }, 240_000);
});

describe('kill -9 under a stream of writes', () => {
  it(
    `starts after every kill and keeps every acknowledged note (${KILL_ROUNDS} rounds)`,
    async () => {
      const dataDir = copyOfTemplate('kill-loop');
      let server = await start(dataDir);
      const token = await adminToken(server.url);
      const acknowledged: string[] = [];
      for (let round = 0; round < KILL_ROUNDS; round += 1) {
        const writes = noteStream(server.url, token, leadIds, `round-${round}`);
        // Killed mid-stream, once some notes are acknowledged, at a different moment of it each round.
        await expect.poll(() => writes.acknowledged.length, { timeout: 60_000, interval: 50 }).toBeGreaterThanOrEqual(2);
        await new Promise((resolve) => setTimeout(resolve, (round * 137) % 400));
        await server.kill9();
        await writes.stop();
        acknowledged.push(...writes.acknowledged);
        server = await start(dataDir);
      }
      expect(await server.stop()).toBe(0);
      const stored = await storedNotes(dataDir);
      expect(acknowledged.length).toBeGreaterThanOrEqual(2 * KILL_ROUNDS);
      expect(acknowledged.filter((body) => !stored.has(body))).toEqual([]);
    },
    60_000 + KILL_ROUNDS * 60_000,
  );
});

describe('backup and restore', () => {
  it('restores a backup into a new folder with the same rows, and never into a folder in use', async () => {
    const dataDir = copyOfTemplate('backed-up');
    const backupDir = join(root, 'backups');
    // The server and the tool read the same settings, as they do from one environment.
    const server = await start(dataDir, { BACKUP_DIR: backupDir });
    const token = await adminToken(server.url);
    const writes = noteStream(server.url, token, leadIds, 'before-backup');
    await new Promise((resolve) => setTimeout(resolve, 500));
    await writes.stop();

    // The server has the folder: the backup tool asks it for the backup (SIGUSR2) rather than opening it too.
    const backup = await run(['apps/server/src/db/backup-cli.ts', 'backup'], { DATA_DIR: dataDir, BACKUP_DIR: backupDir });
    expect(backup.output).toContain('asked it for a backup');
    expect(backup.code, backup.output).toBe(0);
    expect(listBackups(backupDir)).toHaveLength(1);

    // A restore into the folder the server has open is refused, and changes nothing.
    const refused = await run(['apps/server/src/db/backup-cli.ts', 'restore', '--latest'], { DATA_DIR: dataDir, BACKUP_DIR: backupDir });
    expect(refused.code).not.toBe(0);
    expect(refused.output).toContain(`The data folder ${dataDir} is in use by another process`);
    expect(await server.stop()).toBe(0);

    const restoredDir = join(root, 'restored');
    const restored = await run(['apps/server/src/db/backup-cli.ts', 'restore', '--latest'], {
      DATA_DIR: restoredDir,
      BACKUP_DIR: backupDir,
    });
    expect(restored.code, restored.output).toBe(0);
    const original = await storedNotes(dataDir);
    expect(original.size).toBeGreaterThanOrEqual(writes.acknowledged.length);
    expect(await storedNotes(restoredDir)).toEqual(original);
  }, 300_000);

  it('writes the first automatic backup when it starts and keeps only BACKUP_KEEP of them', async () => {
    const dataDir = copyOfTemplate('automatic');
    const backupDir = join(root, 'automatic-backups');
    const old = ['2026-01-01T00-00-00-000Z', '2026-01-02T00-00-00-000Z', '2026-01-03T00-00-00-000Z'];
    mkdirSync(backupDir);
    for (const stamp of old) writeFileSync(join(backupDir, `pglite-${stamp}.tar.gz`), 'old');
    const server = await start(dataDir, { BACKUP_DIR: backupDir, BACKUP_KEEP: '2' });
    await expect.poll(() => server.output(), { timeout: 30_000 }).toContain('embedded database backed up');
    const kept = listBackups(backupDir);
    expect(kept).toHaveLength(2);
    expect(kept[0]!.takenAt.getTime()).toBeGreaterThan(Date.now() - 120_000);
    expect(kept[1]!.name).toBe(`pglite-${old[2]}.tar.gz`);
    expect(await server.stop(), server.output()).toBe(0);
  }, 180_000);
});

describe('a folder that cannot be opened', () => {
  it('says which folder, what failed and what to do', async () => {
    const dataDir = copyOfTemplate('damaged');
    // A damaged cluster: its control file overwritten.
    writeFileSync(join(dataDir, 'pglite', 'global', 'pg_control'), Buffer.alloc(8192, 7));
    const server = spawnServer({ DATA_DIR: dataDir, SEED: 'false' }).process;
    running.add(server);
    expect(await server.exited).not.toBe(0);
    expect(server.output()).toContain(
      `Could not start the server: The embedded database in ${join(dataDir, 'pglite')} could not be opened`,
    );
    expect(server.output()).toContain(`npm run db:restore -- --latest`);
    // It leaves no lock behind.
    expect(existsSync(join(dataDir, LOCK_FILE))).toBe(false);
  }, 180_000);
});
