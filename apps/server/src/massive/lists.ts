import type { MassiveBatch, MassiveBatchStatus, MassiveRowResult, MassiveRowStatus, MassiveType } from '@backoffice/shared';
import { sql } from 'drizzle-orm';
import { defineList } from '../lists/definition';

const iso = (column: string) => sql.raw(`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`);

/** /massive-batches: the country's batches, newest first, by type and status. */
export const massiveBatchList = defineList<{ type?: MassiveType[]; status?: MassiveBatchStatus[] }, MassiveBatch>({
  name: 'massive-batches',
  from: sql`massive_batches b left join users u on u.id = b.created_by`,
  id: sql`b.id`,
  sorts: { created_at: { expr: sql`b.created_at`, type: 'timestamptz' }, id: { expr: sql`b.id`, type: 'integer' } },
  defaultSort: { sort: 'created_at', dir: 'desc' },
  where: ({ country }, { type, status }) => [
    sql`b.country = ${country}`,
    type?.length ? sql`b.type in ${type}` : undefined,
    status?.length ? sql`b.status in ${status}` : undefined,
  ],
  row: sql`json_build_object(
    'id', b.id, 'type', b.type, 'status', b.status, 'source', b.source, 'file_name', b.file_name,
    'created_by', case when u.id is null then null else json_build_object('id', u.id, 'name', u.name) end,
    'created_at', ${iso('b.created_at')}, 'started_at', ${iso('b.started_at')}, 'finished_at', ${iso('b.finished_at')},
    'counts', json_build_object('total', b.total, 'invalid', b.invalid, 'pending', b.pending, 'done', b.done, 'failed', b.failed, 'skipped', b.skipped))`,
});

/** A batch's rows (the detail), by row, filtered by their result. */
export const massiveRowList = defineList<{ batchId: number; status?: MassiveRowStatus[] }, MassiveRowResult>({
  name: 'massive-batch-rows',
  from: sql`massive_batch_rows r join massive_batches b on b.id = r.batch_id`,
  id: sql`r.row`,
  sorts: { row: { expr: sql`r.row`, type: 'integer' } },
  defaultSort: { sort: 'row', dir: 'asc' },
  where: ({ country }, { batchId, status }) => [
    sql`r.batch_id = ${batchId}`,
    sql`b.country = ${country}`,
    status?.length ? sql`r.status in ${status}` : undefined,
  ],
  row: sql`json_build_object('row', r.row, 'status', r.status, 'record_id', r.record_id, 'data', r.data, 'error', r.error, 'applied_at', ${iso('r.applied_at')})`,
});
