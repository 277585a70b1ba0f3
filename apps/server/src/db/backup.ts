import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { acquireDataDirLock } from '../lib/data-dir-lock';
import { createPglite, pgliteDir, type Database } from './client';

/**
 * Backups of the embedded database: PGlite's own tarball of its data folder (`dumpDataDir`), gzipped, one
 * file per backup named by its UTC time so that names sort by age. A restore loads one into an empty folder
 * (`loadDataDir`).
 */
const PREFIX = 'pglite-';
const SUFFIX = '.tar.gz';

export interface BackupFile {
  path: string;
  name: string;
  bytes: number;
  takenAt: Date;
}

export function backupFileName(at: Date): string {
  return `${PREFIX}${at.toISOString().replace(/[:.]/g, '-')}${SUFFIX}`;
}

function takenAtOf(name: string): Date | null {
  const stamp = name.slice(PREFIX.length, -SUFFIX.length);
  const match = /^(\d{4}-\d\d-\d\d)T(\d\d)-(\d\d)-(\d\d)-(\d{3})Z$/.exec(stamp);
  if (!match) return null;
  const at = new Date(`${match[1]}T${match[2]}:${match[3]}:${match[4]}.${match[5]}Z`);
  return Number.isNaN(at.getTime()) ? null : at;
}

/** The backups in `dir`, newest first. */
export function listBackups(dir: string): BackupFile[] {
  if (!existsSync(dir)) return [];
  const files: BackupFile[] = [];
  for (const name of readdirSync(dir)) {
    if (!name.startsWith(PREFIX) || !name.endsWith(SUFFIX)) continue;
    const takenAt = takenAtOf(name);
    if (!takenAt) continue;
    const path = join(dir, name);
    files.push({ path, name, bytes: statSync(path).size, takenAt });
  }
  return files.sort((a, b) => b.takenAt.getTime() - a.takenAt.getTime());
}

/** Writes a backup of an open embedded database into `dir` (whole or not at all: written aside, then renamed). */
export async function writeBackup(database: Database, dir: string, now = new Date()): Promise<BackupFile> {
  if (!database.dumpDataDir)
    throw new Error('Only the embedded database (PGlite in DATA_DIR) is backed up by this tool; back PostgreSQL up with pg_dump.');
  const blob = await database.dumpDataDir();
  mkdirSync(dir, { recursive: true });
  const name = backupFileName(now);
  const path = join(dir, name);
  const partial = `${path}.partial`;
  writeFileSync(partial, Buffer.from(await blob.arrayBuffer()));
  renameSync(partial, path);
  return { path, name, bytes: blob.size, takenAt: now };
}

/** Keeps the newest `keep` backups in `dir`; returns the files removed. */
export function pruneBackups(dir: string, keep: number): string[] {
  const removed = listBackups(dir)
    .slice(Math.max(keep, 1))
    .map((file) => file.path);
  for (const path of removed) rmSync(path, { force: true });
  return removed;
}

/** A backup is due when the newest one in `dir` is older than `intervalHours` (or there is none). */
export function backupDue(dir: string, intervalHours: number, now = new Date()): boolean {
  const newest = listBackups(dir)[0];
  return !newest || now.getTime() - newest.takenAt.getTime() >= intervalHours * 3_600_000;
}

export interface RestoreResult {
  /** Where the folder that was there went (never deleted), if there was one. */
  movedAside?: string;
  tables: number;
}

/**
 * Loads a backup into `<dataDir>/pglite` under the data folder's lock (so never into a folder a server has
 * open). A folder already there is moved aside to `pglite.before-restore-<time>`, not deleted.
 */
export async function restoreBackup(dataDir: string, file: string, now = new Date()): Promise<RestoreResult> {
  const lock = acquireDataDirLock(dataDir, 'restore');
  try {
    const blob = new Blob([readFileSync(file)]);
    const dir = pgliteDir(dataDir);
    let movedAside: string | undefined;
    if (existsSync(dir) && readdirSync(dir).length > 0) {
      movedAside = `${dir}.before-restore-${now.toISOString().replace(/[:.]/g, '-')}`;
      renameSync(dir, movedAside);
    }
    mkdirSync(dir, { recursive: true });
    const client = await createPglite(dir, blob).catch((error: unknown) => {
      // Leave the folder as it was: the half-loaded one aside, the previous one back.
      renameSync(dir, `${dir}.failed-restore-${now.toISOString().replace(/[:.]/g, '-')}`);
      if (movedAside) renameSync(movedAside, dir);
      throw error;
    });
    try {
      const { rows } = await client.query<{ n: number }>(`select count(*)::int as n from pg_tables where schemaname = 'public'`);
      return { movedAside, tables: rows[0]?.n ?? 0 };
    } finally {
      await client.close();
    }
  } finally {
    lock.release();
  }
}
