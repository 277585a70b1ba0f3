import { STAGE_FAILURES_LISTED, type Country } from '@backoffice/shared';
import { and, asc, count, eq, isNotNull, lte, sql } from 'drizzle-orm';
import type { Db, Tx } from '../db/client';
import { stageRuns } from '../db/schema';

/** A run a node has claimed: nobody else starts it until the lease ends. */
export interface ClaimedStageRun {
  leadId: number;
  country: Country;
  statusId: number;
  /** This claim's attempt, counting from 1. */
  attempts: number;
}

/** What the lead's screens say of a stage whose runs failed. */
export interface StageFailure {
  attempts: number;
  /** ISO date-time (UTC) of the next try, as the API answers it; null once the retries ran out. */
  retryAt: string | null;
}

/** The country's failed stages: how many the system retries, how many it stopped retrying, and a few of them. */
export interface StageFailures {
  retrying: number;
  stopped: number;
  /** Up to STAGE_FAILURES_LISTED: the stopped ones first, then by the next retry. */
  leads: ({ leadId: number; statusId: number } & StageFailure)[];
}

/**
 * How long a claimed run is its node's: a node that stops mid-run (or whose adapter hangs) leaves the run to
 * another node after this. Longer than any adapter call should take.
 */
const LEASE = sql`interval '2 minutes'`;

const failureFields = {
  attempts: stageRuns.attempts,
  // Read as epoch milliseconds (a number whatever the driver; 'infinity' is no date), answered as ISO text.
  retryAt: sql<
    string | null
  >`case when isfinite(${stageRuns.runAfter}) then (extract(epoch from ${stageRuns.runAfter}) * 1000)::float8 end`.mapWith((value) =>
    value === null ? null : new Date(Number(value)).toISOString(),
  ),
};

const claimed = {
  leadId: stageRuns.leadId,
  country: sql<Country>`${stageRuns.country}`,
  statusId: stageRuns.statusId,
  attempts: stageRuns.attempts,
};

/** The run's row as its claim left it (a status change since has replaced it: no row). */
const asClaimed = (run: ClaimedStageRun) =>
  and(eq(stageRuns.leadId, run.leadId), eq(stageRuns.statusId, run.statusId), eq(stageRuns.attempts, run.attempts));

/** The queue of automated stages to run (`stage_runs`): written with status changes, claimed by runners. */
export class StageRunsRepository {
  constructor(private readonly db: Db) {}

  /**
   * Inside a status change's transaction: the lead now waits on the stage of `statusId` (queued due now), or,
   * with null, on none. Whatever was queued for its previous status goes either way.
   */
  static async replace(tx: Tx, country: Country, leadId: number, statusId: number | null): Promise<void> {
    if (statusId === null) {
      await tx.delete(stageRuns).where(eq(stageRuns.leadId, leadId));
      return;
    }
    const queued = { statusId, attempts: 0, runAfter: sql`now()`, lastError: null, createdAt: sql`now()` };
    await tx
      .insert(stageRuns)
      .values({ leadId, country, ...queued })
      .onConflictDoUpdate({ target: stageRuns.leadId, set: queued });
  }

  /** Claims the lead's queued run if it is due (not running on another node, not waiting for a retry). */
  async claim(country: Country, leadId: number): Promise<ClaimedStageRun | undefined> {
    const [run] = await this.db
      .update(stageRuns)
      .set({ attempts: sql`${stageRuns.attempts} + 1`, runAfter: sql`now() + ${LEASE}` })
      .where(and(eq(stageRuns.leadId, leadId), eq(stageRuns.country, country), lte(stageRuns.runAfter, sql`now()`)))
      .returning(claimed);
    return run;
  }

  /** Claims up to `limit` due runs of any lead, oldest due first; rows another node is claiming are skipped. */
  async claimDue(limit: number): Promise<ClaimedStageRun[]> {
    const due = this.db
      .select({ leadId: stageRuns.leadId })
      .from(stageRuns)
      .where(lte(stageRuns.runAfter, sql`now()`))
      .orderBy(asc(stageRuns.runAfter))
      .limit(limit)
      .for('update', { skipLocked: true });
    return this.db
      .update(stageRuns)
      .set({ attempts: sql`${stageRuns.attempts} + 1`, runAfter: sql`now() + ${LEASE}` })
      .where(sql`${stageRuns.leadId} in ${due}`)
      .returning(claimed);
  }

  /**
   * A claimed run failed: tried again in `retrySeconds`, or never (null: the retries ran out, a person runs
   * the stage). Only the run as claimed: false when a status change has replaced it meanwhile.
   */
  async fail(run: ClaimedStageRun, error: string, retrySeconds: number | null): Promise<boolean> {
    const runAfter = retrySeconds === null ? sql`'infinity'::timestamptz` : sql`now() + make_interval(secs => ${retrySeconds})`;
    const updated = await this.db
      .update(stageRuns)
      .set({ runAfter, lastError: error })
      .where(asClaimed(run))
      .returning({ leadId: stageRuns.leadId });
    return updated.length > 0;
  }

  /**
   * A claimed run whose outcome came too late to apply (the lead was edited meanwhile): due again now, the
   * attempt not counted. Only the run as claimed: false when a status change has replaced it meanwhile.
   */
  async release(run: ClaimedStageRun): Promise<boolean> {
    const released = await this.db
      .update(stageRuns)
      .set({ attempts: run.attempts - 1, runAfter: sql`now()` })
      .where(asClaimed(run))
      .returning({ leadId: stageRuns.leadId });
    return released.length > 0;
  }

  /** A claimed run whose lead is no longer at its status (or gone): nothing to run. */
  async drop(run: ClaimedStageRun): Promise<void> {
    await this.db.delete(stageRuns).where(and(eq(stageRuns.leadId, run.leadId), eq(stageRuns.statusId, run.statusId)));
  }

  /** The lead's queued stage if its runs have failed; undefined when none is queued or none has failed. */
  async failure(country: Country, leadId: number): Promise<StageFailure | undefined> {
    const [row] = await this.db
      .select(failureFields)
      .from(stageRuns)
      .where(and(eq(stageRuns.leadId, leadId), eq(stageRuns.country, country), isNotNull(stageRuns.lastError)));
    return row;
  }

  /** The country's failed stages (the dashboard, /test): a small table, only leads waiting on a stage. */
  async failures(country: Country): Promise<StageFailures> {
    const failedHere = and(eq(stageRuns.country, country), isNotNull(stageRuns.lastError));
    const finite = sql`isfinite(${stageRuns.runAfter})`;
    const [[counts], leads] = await Promise.all([
      this.db
        .select({ failed: count(), stopped: sql<number>`count(*) filter (where not ${finite})`.mapWith(Number) })
        .from(stageRuns)
        .where(failedHere),
      this.db
        .select({ leadId: stageRuns.leadId, statusId: stageRuns.statusId, ...failureFields })
        .from(stageRuns)
        .where(failedHere)
        .orderBy(finite, stageRuns.runAfter, stageRuns.leadId)
        .limit(STAGE_FAILURES_LISTED),
    ]);
    const { failed = 0, stopped = 0 } = counts ?? {};
    return { retrying: failed - stopped, stopped, leads };
  }

  /**
   * The country's runs the system stopped retrying, due again now with their attempts from zero (after an
   * outage: the service answers again). Their last error stays until a run succeeds. Answers how many.
   */
  async retryStopped(country: Country): Promise<number> {
    const queued = await this.db
      .update(stageRuns)
      .set({ attempts: 0, runAfter: sql`now()` })
      .where(and(eq(stageRuns.country, country), sql`not isfinite(${stageRuns.runAfter})`))
      .returning({ leadId: stageRuns.leadId });
    return queued.length;
  }
}
