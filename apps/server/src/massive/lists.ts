import {
  collectionListQuerySchema,
  leadListQuerySchema,
  MASSIVE_LIST_CAP,
  type CollectionListQuery,
  type Country,
  type MassiveBatch,
  type MassiveBatchStatus,
  type MassiveList,
  type MassiveRowResult,
  type MassiveRowStatus,
  type MassiveType,
  type Screen,
} from '@backoffice/shared';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import { invalidData } from '../lib/errors';
import { defineList } from '../lists/definition';
import { listFrom, listWhere } from '../lists/engine';
import type { AuthUser } from '../plugins/app/auth';
import { CollectionsService } from '../services/collections';

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

/** The ids of a filtered list's rows, as a batch takes them: counted first (capped), then read in pages. */
export interface ListRows {
  /** The rows the filter matches, counted up to the cap and one more (more than the cap is refused). */
  total: number;
  ids(): AsyncIterable<number[]>;
}

/**
 * A list a batch can be made from: the screen whose rows it is (the user must be allowed on it) and how its
 * URL's filters become ids, through the list's own filter checks and the user's scope, so a batch holds
 * exactly the rows the user's list shows (no ids are taken from the client).
 */
export interface MassiveListSource {
  screen: Screen;
  rows(app: FastifyInstance, country: Country, user: AuthUser, filters: string): Promise<ListRows>;
}

const PAGE = 5000;

/** The list's query string checked by its schema; a bad filter is a 400 naming it. */
function parsedFilters<T>(schema: z.ZodType<T>, text: string): T {
  const asked = schema.safeParse(Object.fromEntries(new URLSearchParams(text)));
  if (!asked.success)
    throw invalidData(asked.error.issues.map((issue) => ({ field: `filters.${issue.path.join('.')}`, message: issue.message })));
  return asked.data;
}

export const MASSIVE_LIST_SOURCES: Record<MassiveList, MassiveListSource> = {
  leads: {
    screen: 'leads',
    async rows(app, country, user, text) {
      const lists = app.leadLists[country];
      const filters = await lists.filters(parsedFilters(leadListQuerySchema, text));
      const scope = lists.scopeOf(user);
      const { total } = await app.leadQueries.count(scope, filters);
      return {
        total,
        async *ids() {
          for await (const batch of app.leadQueries.batches(scope, filters, { sort: 'id', dir: 'asc' }, PAGE))
            yield batch.map((lead) => lead.id);
        },
      };
    },
  },
  collections: {
    screen: 'collections',
    async rows(app, country, user, text) {
      const service = new CollectionsService(app, country);
      // The list's own checks (due-date bounds, ranges) and scope (a collector's queue).
      const filters = service.filters(parsedFilters(collectionListQuerySchema, text) as CollectionListQuery, user);
      const where = listWhere(service.list, { country, user }, filters);
      const from = listFrom(service.list, filters);
      const counted = (await app.db.execute(
        sql`select count(*)::int as n from (select l.id from ${from} where ${where} limit ${MASSIVE_LIST_CAP + 1}) matched`,
      )) as unknown as {
        rows: { n: number }[];
      };
      return {
        total: Number(counted.rows[0]?.n ?? 0),
        async *ids() {
          let after = 0;
          for (;;) {
            const page = (await app.db.execute(
              sql`select l.id from ${from} where ${where} and l.id > ${after} order by l.id limit ${PAGE}`,
            )) as unknown as { rows: { id: number }[] };
            if (page.rows.length === 0) return;
            const ids = page.rows.map((row) => Number(row.id));
            yield ids;
            after = ids[ids.length - 1]!;
          }
        },
      };
    },
  },
};
