import type { Country, MassiveBatch, MassiveBatchStatus, MassiveCounts, MassiveRowStatus, MassiveType } from '@backoffice/shared';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db, Tx } from '../db/client';
import { massiveBatches, massiveBatchRows, users } from '../db/schema';
import { oneRow } from '../db/rows';

export interface NewBatchRow {
  row: number;
  data: Record<string, string>;
  status: 'invalid' | 'pending';
  recordId: number | null;
  error: string | null;
}

/** A batch a node has claimed: its worker runs its rows until the lease ends or the batch stops. */
export interface ClaimedBatch {
  id: number;
  country: Country;
  type: MassiveType;
  createdBy: number | null;
}

/** A row's result, written with the chunk's effects. */
export interface RowMark {
  row: number;
  status: 'done' | 'failed';
  error: string | null;
  recordId: number | null;
}

export interface PendingRow {
  row: number;
  data: Record<string, string>;
}

const iso = (column: unknown) => sql<string | null>`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

const batchFields = {
  id: massiveBatches.id,
  type: sql<MassiveType>`${massiveBatches.type}`,
  status: sql<MassiveBatchStatus>`${massiveBatches.status}`,
  source: sql<'file' | 'list'>`${massiveBatches.source}`,
  fileName: massiveBatches.fileName,
  createdById: massiveBatches.createdBy,
  createdByName: users.name,
  createdAt: iso(massiveBatches.createdAt),
  startedAt: iso(massiveBatches.startedAt),
  finishedAt: iso(massiveBatches.finishedAt),
  total: massiveBatches.total,
  invalid: massiveBatches.invalid,
  pending: massiveBatches.pending,
  done: massiveBatches.done,
  failed: massiveBatches.failed,
  skipped: massiveBatches.skipped,
};

/** The batches and their rows (`massive_batches`, `massive_batch_rows`). */
export class MassiveRepository {
  constructor(private readonly db: Db) {}

  async create(country: Country, type: MassiveType, source: 'file' | 'list', fileName: string | null, userId: number): Promise<number> {
    return oneRow(
      await this.db
        .insert(massiveBatches)
        .values({ country, type, source, fileName, createdBy: userId })
        .returning({ id: massiveBatches.id }),
    ).id;
  }

  /** A chunk of validated rows in one statement (as JSON: one parameter, however many rows). */
  async addRows(batchId: number, rows: NewBatchRow[]): Promise<void> {
    if (rows.length === 0) return;
    const json = JSON.stringify(
      rows.map((row) => ({ row: row.row, data: row.data, status: row.status, record_id: row.recordId, error: row.error })),
    );
    await this.db.execute(sql`
      insert into ${massiveBatchRows} (batch_id, "row", data, status, record_id, error)
      select ${batchId}, v."row", v.data, v.status, v.record_id, v.error
        from jsonb_to_recordset(${json}::jsonb) as v("row" int, data jsonb, status text, record_id int, error text)`);
  }

  async remove(batchId: number): Promise<void> {
    await this.db.delete(massiveBatches).where(eq(massiveBatches.id, batchId));
  }

  async find(country: Country, id: number): Promise<MassiveBatch | undefined> {
    const [row] = await this.db
      .select(batchFields)
      .from(massiveBatches)
      .leftJoin(users, eq(users.id, massiveBatches.createdBy))
      .where(and(eq(massiveBatches.id, id), eq(massiveBatches.country, country)));
    return row && toBatch(row);
  }

  /** The counts by row status, from the rows, written on the batch (the list reads them there). */
  async refreshCounts(executor: Db | Tx, batchId: number): Promise<MassiveCounts> {
    const rows = await executor
      .select({ status: massiveBatchRows.status, n: sql<number>`count(*)::int`.mapWith(Number) })
      .from(massiveBatchRows)
      .where(eq(massiveBatchRows.batchId, batchId))
      .groupBy(massiveBatchRows.status);
    const counts: MassiveCounts = { total: 0, invalid: 0, pending: 0, done: 0, failed: 0, skipped: 0 };
    for (const { status, n } of rows) {
      counts[status as MassiveRowStatus] = n;
      counts.total += n;
    }
    await executor
      .update(massiveBatches)
      .set({ ...counts, updatedAt: sql`now()` })
      .where(eq(massiveBatches.id, batchId));
    return counts;
  }

  /**
   * Moves a batch from one of `from` to `to` (and `extra`), in the country; false when it was in none of
   * them. The rows' statuses change with it (`rows`) in the same transaction.
   */
  async move(
    country: Country,
    id: number,
    from: readonly MassiveBatchStatus[],
    to: MassiveBatchStatus,
    rows?: { from: MassiveRowStatus; to: MassiveRowStatus },
  ): Promise<boolean> {
    return this.db.transaction(async (tx) => {
      const finishing = to === 'cancelled';
      const [moved] = await tx
        .update(massiveBatches)
        .set({
          status: to,
          updatedAt: sql`now()`,
          version: sql`${massiveBatches.version} + 1`,
          ...(to === 'queued' ? { finishedAt: null, startedAt: sql`coalesce(${massiveBatches.startedAt}, now())` } : {}),
          ...(finishing ? { finishedAt: sql`now()`, leaseOwner: null, leaseUntil: null } : {}),
        })
        .where(and(eq(massiveBatches.id, id), eq(massiveBatches.country, country), inArray(massiveBatches.status, [...from])))
        .returning({ id: massiveBatches.id });
      if (!moved) return false;
      if (rows) {
        // A row a worker is applying right now is locked: this waits for it, then leaves it if it got done.
        await tx
          .update(massiveBatchRows)
          .set({ status: rows.to, error: null })
          .where(and(eq(massiveBatchRows.batchId, id), eq(massiveBatchRows.status, rows.from)));
      }
      await this.refreshCounts(tx, id);
      return true;
    });
  }

  /**
   * Claims a batch to run: queued, or running with its lease ended (its node stopped). SKIP LOCKED: two nodes
   * asking at once claim different batches, or one of them none.
   */
  async claim(owner: string, leaseSeconds: number): Promise<ClaimedBatch | undefined> {
    const rows = (await this.db.execute(sql`
      update ${massiveBatches} set status = 'running', lease_owner = ${owner},
             lease_until = now() + make_interval(secs => ${leaseSeconds}), updated_at = now()
       where id = (select id from ${massiveBatches}
                    where status in ('queued', 'running') and (lease_until is null or lease_until < now())
                    order by id limit 1 for update skip locked)
      returning id, country, type, created_by`)) as unknown as { rows?: Record<string, unknown>[] } | Record<string, unknown>[];
    const list = Array.isArray(rows) ? rows : (rows.rows ?? []);
    const row = list[0];
    if (!row) return undefined;
    return {
      id: Number(row.id),
      country: row.country as Country,
      type: row.type as MassiveType,
      createdBy: row.created_by === null ? null : Number(row.created_by),
    };
  }

  /**
   * Inside a chunk's transaction: the batch is still this node's to run (running, lease held), its lease
   * renewed. Locked FOR SHARE until the chunk commits, so a pause or cancel waits for the chunk in progress.
   */
  async holdLease(tx: Tx, batchId: number, owner: string, leaseSeconds: number): Promise<boolean> {
    const renewed = await tx
      .update(massiveBatches)
      .set({ leaseUntil: sql`now() + make_interval(secs => ${leaseSeconds})` })
      .where(and(eq(massiveBatches.id, batchId), eq(massiveBatches.status, 'running'), eq(massiveBatches.leaseOwner, owner)))
      .returning({ id: massiveBatches.id });
    return renewed.length > 0;
  }

  /** The next pending rows, locked; rows another worker holds are skipped (never run twice at once). */
  async lockPending(tx: Tx, batchId: number, limit: number): Promise<PendingRow[]> {
    return tx
      .select({ row: massiveBatchRows.row, data: massiveBatchRows.data })
      .from(massiveBatchRows)
      .where(and(eq(massiveBatchRows.batchId, batchId), eq(massiveBatchRows.status, 'pending')))
      .orderBy(asc(massiveBatchRows.row))
      .limit(limit)
      .for('update', { skipLocked: true });
  }

  /**
   * A chunk's rows marked in one statement (their results as JSON: nulls travel the same on both drivers), and
   * the batch's counts moved by as many: the progress a screen reads without counting every row each chunk.
   */
  async markRows(tx: Tx, batchId: number, marks: RowMark[]): Promise<void> {
    if (marks.length === 0) return;
    const json = JSON.stringify(marks.map((mark) => ({ row: mark.row, status: mark.status, error: mark.error, record_id: mark.recordId })));
    await tx.execute(sql`
      update ${massiveBatchRows} r
         set status = v.status, error = v.error,
             applied_at = case when v.status = 'done' then now() end,
             record_id = coalesce(v.record_id, r.record_id)
        from jsonb_to_recordset(${json}::jsonb) as v("row" int, status text, error text, record_id int)
       where r.batch_id = ${batchId} and r."row" = v."row"`);
    const done = marks.filter((mark) => mark.status === 'done').length;
    await tx
      .update(massiveBatches)
      .set({
        pending: sql`${massiveBatches.pending} - ${marks.length}`,
        done: sql`${massiveBatches.done} + ${done}`,
        failed: sql`${massiveBatches.failed} + ${marks.length - done}`,
        updatedAt: sql`now()`,
      })
      .where(eq(massiveBatches.id, batchId));
  }

  /** No pending row left: the batch ends (finished, partial or failed by its rows), its lease let go. */
  async finish(batchId: number, owner: string): Promise<MassiveBatchStatus | undefined> {
    return this.db.transaction(async (tx) => {
      const counts = await this.refreshCounts(tx, batchId);
      if (counts.pending > 0) return undefined;
      const status: MassiveBatchStatus = counts.failed === 0 ? 'finished' : counts.done === 0 ? 'failed' : 'partial';
      const ended = await tx
        .update(massiveBatches)
        .set({ status, finishedAt: sql`now()`, leaseOwner: null, leaseUntil: null, version: sql`${massiveBatches.version} + 1` })
        .where(and(eq(massiveBatches.id, batchId), eq(massiveBatches.status, 'running'), eq(massiveBatches.leaseOwner, owner)))
        .returning({ id: massiveBatches.id });
      return ended.length ? status : undefined;
    });
  }

  /** Lets the lease go without ending the batch (the node stops): another node may take it at once. */
  async release(batchId: number, owner: string): Promise<void> {
    await this.db
      .update(massiveBatches)
      .set({ leaseOwner: null, leaseUntil: null })
      .where(and(eq(massiveBatches.id, batchId), eq(massiveBatches.leaseOwner, owner)));
  }

  /** Seconds the batch has run (from its start to its end, or to now). */
  async elapsedSeconds(batchId: number): Promise<number> {
    const [row] = await this.db
      .select({
        s: sql<number>`extract(epoch from (coalesce(${massiveBatches.finishedAt}, now()) - ${massiveBatches.startedAt}))::float8`.mapWith(
          Number,
        ),
      })
      .from(massiveBatches)
      .where(eq(massiveBatches.id, batchId));
    return row?.s ?? 0;
  }

  /** The rows in row order, in batches (the report and the results' download). */
  async *rowBatches(batchId: number, statuses: readonly MassiveRowStatus[] | undefined, size = 5000): AsyncGenerator<RowOut[]> {
    let after = 0;
    for (;;) {
      const rows = await this.db
        .select({
          row: massiveBatchRows.row,
          status: massiveBatchRows.status,
          data: massiveBatchRows.data,
          error: massiveBatchRows.error,
          recordId: massiveBatchRows.recordId,
          appliedAt: iso(massiveBatchRows.appliedAt),
        })
        .from(massiveBatchRows)
        .where(
          and(
            eq(massiveBatchRows.batchId, batchId),
            sql`${massiveBatchRows.row} > ${after}`,
            statuses?.length ? inArray(massiveBatchRows.status, [...statuses]) : undefined,
          ),
        )
        .orderBy(asc(massiveBatchRows.row))
        .limit(size);
      const last = rows.at(-1);
      if (!last) return;
      yield rows as RowOut[];
      after = last.row;
      if (rows.length < size) return;
    }
  }
}

export interface RowOut {
  row: number;
  status: MassiveRowStatus;
  data: Record<string, string>;
  error: string | null;
  recordId: number | null;
  appliedAt: string | null;
}

type BatchRow = { [K in keyof typeof batchFields]: unknown };

function toBatch(row: BatchRow): MassiveBatch {
  const r = row as {
    id: number;
    type: MassiveType;
    status: MassiveBatchStatus;
    source: 'file' | 'list';
    fileName: string | null;
    createdById: number | null;
    createdByName: string | null;
    createdAt: string;
    startedAt: string | null;
    finishedAt: string | null;
  } & MassiveCounts;
  return {
    id: r.id,
    type: r.type,
    status: r.status,
    source: r.source,
    file_name: r.fileName,
    created_by: r.createdById === null ? null : { id: r.createdById, name: r.createdByName ?? '' },
    created_at: r.createdAt,
    started_at: r.startedAt,
    finished_at: r.finishedAt,
    counts: { total: r.total, invalid: r.invalid, pending: r.pending, done: r.done, failed: r.failed, skipped: r.skipped },
  };
}
