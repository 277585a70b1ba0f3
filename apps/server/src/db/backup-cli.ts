/**
 * `npm run db:backup` and `npm run db:restore` for the embedded database (DATA_DIR, BACKUP_DIR as the server
 * reads them). Backup: a server running on the folder is asked for one (SIGUSR2: a second opener would damage
 * the folder), otherwise the folder is opened under its lock. Restore: only into a folder no process holds.
 */
import { parseArgs } from 'node:util';
import { loadConfig } from '../config';
import { dataDirLockHolder, DataDirInUseError } from '../lib/data-dir-lock';
import { listBackups, pruneBackups, restoreBackup, writeBackup } from './backup';
import { DataDirOpenError, openDatabase } from './client';

const USAGE = `usage:
  npm run db:backup                         a backup of DATA_DIR's embedded database into BACKUP_DIR
  npm run db:restore -- --latest            restore the newest backup in BACKUP_DIR into DATA_DIR
  npm run db:restore -- --file <backup>     restore that backup into DATA_DIR
  npm run db:restore -- --list              list the backups in BACKUP_DIR`;

const REQUEST_WAIT_MS = 120_000;

/** A refusal whose message says it all (no stack trace). */
class CliError extends Error {}

async function backup(): Promise<void> {
  const config = loadConfig();
  if (config.databaseUrl)
    throw new CliError('DATABASE_URL is set: back PostgreSQL up with pg_dump; this tool backs up the embedded database.');
  const { dir, keep } = config.backup;
  const holder = dataDirLockHolder(config.dataDir);
  if (holder?.purpose === 'server') {
    const before = listBackups(dir)[0]?.takenAt.getTime() ?? 0;
    process.kill(holder.pid, 'SIGUSR2');
    console.log(`The server (pid ${holder.pid}) has ${config.dataDir} open: asked it for a backup into ${dir}…`);
    const deadline = Date.now() + REQUEST_WAIT_MS;
    while (Date.now() < deadline) {
      const newest = listBackups(dir)[0];
      if (newest && newest.takenAt.getTime() > before) {
        console.log(`Backup written: ${newest.path} (${newest.bytes} bytes)`);
        return;
      }
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    throw new CliError(
      `The server (pid ${holder.pid}) wrote no backup into ${dir} within ${REQUEST_WAIT_MS / 1000} s: see its log (is its BACKUP_DIR the same as this one?).`,
    );
  }
  if (holder) throw new DataDirInUseError(config.dataDir, holder);
  const database = await openDatabase({ driver: 'pglite', dataDir: config.dataDir });
  try {
    const file = await writeBackup(database, dir);
    if (keep > 0) pruneBackups(dir, keep);
    console.log(`Backup written: ${file.path} (${file.bytes} bytes)`);
  } finally {
    await database.close();
  }
}

async function restore(args: string[]): Promise<void> {
  const { values } = parseArgs({ args, options: { file: { type: 'string' }, latest: { type: 'boolean' }, list: { type: 'boolean' } } });
  const config = loadConfig();
  if (config.databaseUrl)
    throw new CliError('DATABASE_URL is set: restore PostgreSQL with pg_restore; this tool restores the embedded database.');
  const backups = listBackups(config.backup.dir);
  if (values.list) {
    if (backups.length === 0) console.log(`No backups in ${config.backup.dir}.`);
    for (const file of backups) console.log(`${file.takenAt.toISOString()}  ${file.bytes} bytes  ${file.path}`);
    return;
  }
  const file = values.file ?? (values.latest ? backups[0]?.path : undefined);
  if (!file) throw new CliError(values.latest ? `No backups in ${config.backup.dir} (BACKUP_DIR).` : USAGE);
  const result = await restoreBackup(config.dataDir, file);
  console.log(`Restored ${file} into ${config.dataDir} (${result.tables} tables).`);
  if (result.movedAside)
    console.log(`The folder that was there is kept at ${result.movedAside}; delete it once the restored data is checked.`);
}

const [command, ...rest] = process.argv.slice(2);
try {
  if (command === 'backup') await backup();
  else if (command === 'restore') await restore(rest);
  else throw new CliError(USAGE);
} catch (error) {
  // The tool's own refusals say what to do in their message; anything else keeps its stack for a bug report.
  const known = error instanceof DataDirInUseError || error instanceof DataDirOpenError || error instanceof CliError;
  console.error(known ? (error as Error).message : error);
  process.exit(1);
}
