import { randomUUID } from 'node:crypto';
import {
  MASSIVE_ERRORS_SHOWN,
  inVoice,
  type Country,
  type MassiveBatch,
  type MassiveBatchStatus,
  type MassiveType,
  type MassiveValidation,
} from '@backoffice/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client';
import { HttpError } from '../lib/errors';
import { PeriodicTask } from '../lib/periodic-task';
import { readCsv, readXlsx, isXlsx, type FileRow, type ReadOptions } from '../massive/file';
import { entryOf, mayRun, rowSchemaOf, RowRefused, type ApplyContext, type ChunkRow, type OperationContext } from '../massive/operation';
import { OPERATIONS } from '../massive/operations/index';
import type { AuthUser } from '../plugins/app/auth';
import { MassiveRepository, type ClaimedBatch, type NewBatchRow, type RowMark } from '../repositories/massive';
import type { UsersRepository } from '../repositories/users';
import type { MessagingService } from './messaging/service';
import type { RealtimeService } from './realtime';
import type { WorkflowService } from './workflow';

export const MASSIVE_MESSAGES = {
  notFound: 'Lote no encontrado',
  forbiddenType: 'Tu rol no puede ejecutar este tipo de operación masiva',
  notDraft: 'El lote ya se aplicó o se canceló',
  noValidRows: 'El lote no tiene filas válidas para aplicar',
  cannot: (action: string, status: string) => `No se puede ${action} un lote en estado ${status}`,
  duplicate: (line: number) => `Fila repetida: la misma solicitud ya está en la fila ${line}`,
  creatorGone: 'El usuario que creó el lote ya no está activo: no se aplica',
  internal: 'Error interno al aplicar la fila: se puede reintentar',
} as const;

/** Rows validated per lookup (one query per operation's `load`, one insert of the rows, for this many rows). */
const VALIDATE_CHUNK = 2000;

export interface RowsSource {
  rows: AsyncIterable<FileRow>;
  fileName: string | null;
  source: 'file' | 'list';
}

export interface MassiveOptions {
  leaseSeconds: number;
  chunkRows: number;
}

/**
 * Massive batches: a file (or a list's rows) validated into a draft batch without changing anything, then
 * applied by any node's worker. Each chunk of rows is one transaction: its rows' effects (set-based by the
 * operation's applyChunk, or each row in its own savepoint) and their 'done' (or 'failed') marks, so a killed
 * node leaves rows applied and marked, or neither, and the next claim continues from the first pending row.
 */
export class MassiveService {
  readonly repository: MassiveRepository;
  /** This node's name on the leases it holds. */
  private readonly owner = randomUUID();
  /** The node is closing: a run stops after its chunk in progress and lets its lease go. */
  private stopping = false;

  constructor(
    private readonly db: Db,
    private readonly deps: {
      workflow: WorkflowService;
      messaging: MessagingService;
      realtime: RealtimeService;
      users: UsersRepository;
      log: FastifyBaseLogger;
    },
    private readonly options: MassiveOptions,
  ) {
    this.repository = new MassiveRepository(db);
  }

  /** 403 unless the user's role may run the type. */
  requireType(type: MassiveType, country: Country, user: AuthUser): void {
    if (!mayRun(type, country, user)) throw new HttpError(403, MASSIVE_MESSAGES.forbiddenType);
  }

  /** A file's rows: CSV (encoding and delimiter detected or asked) or XLSX. */
  fileRows(
    type: MassiveType,
    fileName: string,
    buffer: Buffer,
    options: ReadOptions,
    found: (info: { encoding: string; delimiter: string }) => void,
  ): AsyncIterable<FileRow> {
    const columns = entryOf(type).columns;
    return isXlsx(fileName) ? readXlsx(buffer, columns) : readCsv(buffer, columns, options, found);
  }

  /**
   * Validates every row (types, existence, permissions, the operation's rules) into a draft batch: nothing
   * else is written. A file that cannot be read at all leaves no batch.
   */
  async validate(country: Country, user: AuthUser, type: MassiveType, input: RowsSource): Promise<MassiveValidation> {
    this.requireType(type, country, user);
    const operation = OPERATIONS[type];
    const schema = rowSchemaOf(type);
    const context = this.context(country, user);
    const batchId = await this.repository.create(country, type, input.source, input.fileName, user.id);
    const errors: MassiveValidation['errors'] = [];
    const seen = new Map<string, number>();
    try {
      let chunk: FileRow[] = [];
      const flush = async () => {
        const parsed = chunk.map((fileRow) => {
          if (fileRow.error) return { fileRow, error: fileRow.error };
          const result = schema.safeParse(fileRow.cells);
          if (!result.success) {
            return { fileRow, error: result.error.issues.map((issue) => `${issue.path.join('.') || 'fila'}: ${issue.message}`).join('; ') };
          }
          return { fileRow, value: result.data };
        });
        const values = parsed.flatMap((entry) => ('value' in entry && entry.value ? [entry.value] : []));
        const loaded = await operation.load(values as never[], context);
        const rows: NewBatchRow[] = parsed.map((entry) => {
          let error = 'error' in entry ? (entry.error ?? null) : null;
          let recordId: number | null = null;
          if ('value' in entry && entry.value) {
            recordId = operation.recordId(entry.value as never);
            const key = operation.key ? operation.key(entry.value as never, country) : String(recordId);
            const earlier = seen.get(key);
            if (earlier !== undefined) error = operation.duplicate ? operation.duplicate(earlier) : MASSIVE_MESSAGES.duplicate(earlier);
            else {
              seen.set(key, entry.fileRow.line);
              error = operation.validate(entry.value as never, loaded, context);
            }
          }
          // A row's result is read by the batch's users: stored in their country's voice, as the API's errors are said.
          if (error) error = inVoice(country, error);
          if (error && errors.length < MASSIVE_ERRORS_SHOWN) errors.push({ row: entry.fileRow.line, error });
          return { row: entry.fileRow.line, data: entry.fileRow.cells, status: error ? 'invalid' : 'pending', recordId, error };
        });
        await this.repository.addRows(batchId, rows);
        chunk = [];
      };
      for await (const row of input.rows) {
        chunk.push(row);
        if (chunk.length >= VALIDATE_CHUNK) await flush();
      }
      if (chunk.length > 0) await flush();
      await this.repository.refreshCounts(this.db, batchId);
    } catch (error) {
      await this.repository.remove(batchId);
      throw error;
    }
    return { batch: (await this.repository.find(country, batchId))!, errors };
  }

  async find(country: Country, id: number): Promise<MassiveBatch> {
    const batch = await this.repository.find(country, id);
    if (!batch) throw new HttpError(404, MASSIVE_MESSAGES.notFound);
    return batch;
  }

  /** Applies a validated batch's valid rows: queued for a worker (this node's starts at once). */
  async start(country: Country, user: AuthUser, id: number): Promise<MassiveBatch> {
    const batch = await this.find(country, id);
    this.requireType(batch.type, country, user);
    if (batch.status !== 'draft') throw new HttpError(409, MASSIVE_MESSAGES.notDraft);
    if (batch.counts.pending === 0) throw new HttpError(409, MASSIVE_MESSAGES.noValidRows);
    await this.moveOrRefuse(country, id, ['draft'], 'queued', 'aplicar');
    return this.announce(country, id);
  }

  async pause(country: Country, user: AuthUser, id: number): Promise<MassiveBatch> {
    this.requireType((await this.find(country, id)).type, country, user);
    await this.moveOrRefuse(country, id, ['queued', 'running'], 'paused', 'pausar');
    return this.announce(country, id);
  }

  async resume(country: Country, user: AuthUser, id: number): Promise<MassiveBatch> {
    this.requireType((await this.find(country, id)).type, country, user);
    await this.moveOrRefuse(country, id, ['paused'], 'queued', 'reanudar');
    return this.announce(country, id);
  }

  /** Stops a batch: rows already applied stay applied (and are reported); the pending ones are not applied. */
  async cancel(country: Country, user: AuthUser, id: number): Promise<MassiveBatch> {
    this.requireType((await this.find(country, id)).type, country, user);
    await this.moveOrRefuse(country, id, ['draft', 'queued', 'running', 'paused'], 'cancelled', 'cancelar', {
      from: 'pending',
      to: 'skipped',
    });
    return this.announce(country, id);
  }

  /** The failed rows only, applied again (the rest keep their result). */
  async retry(country: Country, user: AuthUser, id: number): Promise<MassiveBatch> {
    const batch = await this.find(country, id);
    this.requireType(batch.type, country, user);
    if (batch.counts.failed === 0) throw new HttpError(409, 'El lote no tiene filas fallidas para reintentar');
    await this.moveOrRefuse(country, id, ['partial', 'failed', 'cancelled'], 'queued', 'reintentar', { from: 'failed', to: 'pending' });
    return this.announce(country, id);
  }

  private async moveOrRefuse(
    country: Country,
    id: number,
    from: readonly MassiveBatchStatus[],
    to: MassiveBatchStatus,
    action: string,
    rows?: Parameters<MassiveRepository['move']>[4],
  ): Promise<void> {
    if (await this.repository.move(country, id, from, to, rows)) return;
    const batch = await this.find(country, id);
    throw new HttpError(409, MASSIVE_MESSAGES.cannot(action, batch.status));
  }

  /** The batch as it is now, also pushed to the screens that show it. */
  private async announce(country: Country, id: number): Promise<MassiveBatch> {
    const batch = await this.find(country, id);
    const seconds = await this.repository.elapsedSeconds(id);
    const applied = batch.counts.done + batch.counts.failed;
    this.deps.realtime.toCountry(country, 'massive-batch:progress', {
      id,
      status: batch.status,
      counts: batch.counts,
      rate: seconds > 0 && applied > 0 ? applied / seconds : null,
    });
    return batch;
  }

  private context(country: Country, user: AuthUser): OperationContext {
    return { country, user, db: this.db, workflow: this.deps.workflow, messaging: this.deps.messaging };
  }

  /**
   * The worker's tick: claims a batch (queued, or one whose node stopped) and runs it to its end, or until it
   * is paused or cancelled or its lease is taken. Answers how many rows it ran.
   */
  async runDue(): Promise<number> {
    let ran = 0;
    while (!this.stopping) {
      const batch = await this.repository.claim(this.owner, this.options.leaseSeconds);
      if (!batch) return ran;
      ran += await this.run(batch);
    }
    return ran;
  }

  /** Stops running batches (shutdown): the one in progress ends its chunk and is left for any node. */
  stop(): void {
    this.stopping = true;
  }

  private async run(batch: ClaimedBatch): Promise<number> {
    const { id, country, type } = batch;
    const user = batch.createdBy === null ? undefined : await this.deps.users.findActiveAuth(batch.createdBy);
    const operation = OPERATIONS[type];
    const schema = rowSchemaOf(type);
    const memo = new Map<string, unknown>();
    let ran = 0;
    for (;;) {
      if (this.stopping) {
        await this.repository.release(id, this.owner);
        return ran;
      }
      const after: (() => Promise<void> | void)[] = [];
      const outcome = await this.db.transaction(async (tx) => {
        if (!(await this.repository.holdLease(tx, id, this.owner, this.options.leaseSeconds))) return 'stop' as const;
        const rows = await this.repository.lockPending(tx, id, this.options.chunkRows);
        if (rows.length === 0) return 'empty' as const;
        const marks: RowMark[] = [];
        const parsedRows: (ChunkRow & { recordId: number | null })[] = [];
        for (const { row, data } of rows) {
          if (!user || !mayRun(type, country, user)) {
            marks.push({
              row,
              status: 'failed',
              error: user ? MASSIVE_MESSAGES.forbiddenType : MASSIVE_MESSAGES.creatorGone,
              recordId: null,
            });
            continue;
          }
          const parsed = schema.safeParse(data);
          if (!parsed.success) {
            marks.push({
              row,
              status: 'failed',
              error: parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`).join('; '),
              recordId: null,
            });
            continue;
          }
          parsedRows.push({ row, value: parsed.data as never, recordId: operation.recordId(parsed.data as never) });
        }
        const contextOf = (afterCommit: (work: () => Promise<void> | void) => void): ApplyContext => ({
          ...this.context(country, user!),
          batchId: id,
          label: `Lote #${id}`,
          afterCommit,
          realtime: this.deps.realtime,
          memo,
        });
        let pending = parsedRows;
        if (operation.applyChunk && parsedRows.length > 1) {
          const chunkAfter: (() => Promise<void> | void)[] = [];
          try {
            // A savepoint: a chunk with a row to refuse is undone whole and applied row by row below.
            const created = await tx.transaction((savepoint) =>
              operation.applyChunk!(
                savepoint,
                parsedRows as never[],
                contextOf((work) => chunkAfter.push(work)),
              ),
            );
            parsedRows.forEach(({ row, recordId }, i) => {
              const id = created[i];
              marks.push({ row, status: 'done', error: null, recordId: typeof id === 'number' ? id : recordId });
            });
            after.push(...chunkAfter);
            pending = [];
          } catch (refusal) {
            if (!(refusal instanceof RowRefused))
              this.deps.log.warn({ err: refusal, batchId: id }, 'massive chunk failed: applied row by row');
          }
        }
        for (const { row, value, recordId } of pending) {
          const rowAfter: (() => Promise<void> | void)[] = [];
          let error: string | null = null;
          let created: number | void = undefined;
          try {
            // A savepoint: a refused row undoes its own writes only; its mark is written below either way.
            created = await tx.transaction((savepoint) =>
              operation.apply(
                savepoint,
                value as never,
                contextOf((work) => rowAfter.push(work)),
              ),
            );
            after.push(...rowAfter);
          } catch (refusal) {
            error = messageOf(refusal);
            if (error === MASSIVE_MESSAGES.internal) this.deps.log.error({ err: refusal, batchId: id, row }, 'massive row failed');
          }
          marks.push({ row, status: error ? 'failed' : 'done', error, recordId: typeof created === 'number' ? created : recordId });
        }
        // Every row's mark in one statement, in the transaction of the rows' effects; its error in the batch's country's voice.
        await this.repository.markRows(
          tx,
          id,
          marks.map((mark) => (mark.error ? { ...mark, error: inVoice(country, mark.error) } : mark)),
        );
        ran += rows.length;
        return 'more' as const;
      });
      for (const work of after) {
        try {
          await work();
        } catch (error) {
          this.deps.log.error({ err: error, batchId: id }, 'massive row follow-up failed');
        }
      }
      // The chunk's realtime messages relayed before the next chunk makes more (bounded memory).
      await this.deps.realtime.settled();
      if (outcome === 'stop') {
        await this.repository.refreshCounts(this.db, id);
        await this.announce(country, id);
        return ran;
      }
      if (outcome === 'empty') {
        await this.repository.finish(id, this.owner);
        await this.announce(country, id);
        return ran;
      }
      // The counts moved with the chunk's marks (markRows): no count of every row per chunk.
      await this.announce(country, id);
    }
  }
}

function messageOf(error: unknown): string {
  if (error instanceof RowRefused || error instanceof HttpError) return error.message;
  return MASSIVE_MESSAGES.internal;
}

/** The node's worker: a tick every MASSIVE_WORKER_SECONDS, started when the node listens. */
export function massiveWorker(service: MassiveService, log: FastifyBaseLogger): PeriodicTask<number> {
  return new PeriodicTask(
    () => service.runDue(),
    (error) => log.error({ err: error }, 'massive worker tick failed'),
  );
}
