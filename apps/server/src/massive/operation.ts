import {
  findRole,
  MASSIVE_CATALOGUE,
  MASSIVE_ROW_SCHEMAS,
  type Country,
  type MassiveRow,
  type MassiveType,
  type MassiveTypeEntry,
} from '@backoffice/shared';
import type { Db, Tx } from '../db/client';
import type { AuthUser } from '../plugins/app/auth';
import type { MessagingService } from '../services/messaging/service';
import type { RealtimeService } from '../services/realtime';
import type { WorkflowService } from '../services/workflow';

/** Who runs a batch and where: the batch's creator, checked again on every row. */
export interface OperationContext {
  country: Country;
  user: AuthUser;
  db: Db;
  workflow: WorkflowService;
  /** Customer messages: a batch's sends go through the same checks and queue as one send. */
  messaging: MessagingService;
}

/**
 * Applying a row: the batch it belongs to, named on every record it changes ("Lote #N"). Every read and
 * write goes through the `tx` given to apply, never `db` (on PGlite's one connection it would wait forever).
 */
export interface ApplyContext extends OperationContext {
  batchId: number;
  /** "Lote #N": what the timelines show as the change's origin. */
  label: string;
  /** Work to do once the row's transaction has committed (notifications, automated stages). */
  afterCommit(work: () => Promise<void> | void): void;
  realtime: RealtimeService;
  /** Lookups kept for the whole run (a seller by email): rows of a batch repeat them. */
  memo: Map<string, unknown>;
}

/** A chunk's row as applyChunk gets it: its line in the batch and its parsed cells. */
export interface ChunkRow<T extends MassiveType = MassiveType> {
  row: number;
  value: MassiveRow<T>;
}

/**
 * An operation type: its catalogue entry (columns, roles), its row schema, its rules and its effect. Rules
 * are read in bulk: `load` reads what a chunk of rows' checks need in one query, `validate` checks one row
 * against it without writing. `apply` makes the row's change inside the batch's transaction (the row's
 * 'done' mark commits with it) and throws to refuse it (the message becomes the row's error).
 */
export interface MassiveOperation<T extends MassiveType = MassiveType, L = unknown> {
  type: T;
  load(rows: MassiveRow<T>[], context: OperationContext): Promise<L>;
  /** The row's refusal, or null when it may be applied. */
  validate(row: MassiveRow<T>, loaded: L, context: OperationContext): string | null;
  /** The record the row changes (shown in the results, scanned for the timelines); null when it creates one. */
  recordId(row: MassiveRow<T>): number | null;
  /** What makes two rows the same one (a file's repeat is refused): the record id unless given. */
  key?(row: MassiveRow<T>, country: Country): string;
  /** The repeated row's refusal, naming the earlier row's line. */
  duplicate?(line: number): string;
  /** Answers the id of the record it created, if it created one (shown in the results). */
  apply(tx: Tx, row: MassiveRow<T>, context: ApplyContext): Promise<number | void>;
  /**
   * Optional: the whole chunk's change in a few set-based statements, the same effect as `apply` on each row
   * (answers each row's created record id, in order, like `apply`). It throws RowRefused as soon as any row
   * would be refused: the worker then undoes it and applies that chunk row by row, so the bad row fails alone.
   */
  applyChunk?(tx: Tx, rows: ChunkRow<T>[], context: ApplyContext): Promise<(number | void)[]>;
}

/** Declares an operation (types its row once from the shared schema). */
export function defineOperation<T extends MassiveType, L>(operation: MassiveOperation<T, L>): MassiveOperation<T, L> {
  return operation;
}

export function entryOf(type: MassiveType): MassiveTypeEntry {
  return MASSIVE_CATALOGUE[type];
}

export function rowSchemaOf(type: MassiveType) {
  return MASSIVE_ROW_SCHEMAS[type];
}

/** The type's roles (DOMAIN 4: admin, supervisor) include the user's. */
export function mayRun(type: MassiveType, country: Country, user: AuthUser): boolean {
  const kind = findRole(country, user.role)?.kind;
  return kind !== undefined && MASSIVE_CATALOGUE[type].roles.includes(kind);
}

/** A refusal that becomes the row's error as it is (Spanish, for the user). */
export class RowRefused extends Error {}
