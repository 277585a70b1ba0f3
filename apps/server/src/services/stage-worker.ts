import type { FastifyBaseLogger } from 'fastify';
import type { WorkflowService } from './workflow';

/** Runs claimed per tick: a backlog (the node was down) drains over a few ticks instead of one long one. */
const BATCH = 20;

/**
 * Every few seconds, a node runs the automated stages that are due but not running: retries of failed runs
 * and runs a stopped node left behind (a change's own request runs its stage at once). Claims skip the runs
 * another node holds, so any number of nodes may run it.
 */
export class StageWorker {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<number> | null = null;

  constructor(
    private readonly workflow: WorkflowService,
    private readonly log: FastifyBaseLogger,
  ) {}

  /** Runs claimed (0 when none was due). Ticks never overlap on one node. */
  async runOnce(): Promise<number> {
    this.running ??= this.workflow.runDueStages(BATCH).finally(() => {
      this.running = null;
    });
    return this.running;
  }

  start(seconds: number): void {
    if (seconds <= 0 || this.timer) return;
    this.timer = setInterval(() => {
      this.runOnce().catch((error: unknown) => this.log.error({ err: error }, 'stage worker tick failed'));
    }, seconds * 1000);
    // The worker alone must not keep the process alive.
    this.timer.unref();
  }

  /** Stops ticking and waits for a tick in progress (its runs finish or stay claimed until their lease ends). */
  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.running?.catch(() => {});
  }
}
