import fp from 'fastify-plugin';
import { defaultAdapters } from '../../services/adapters/index';
import { PeriodicTask } from '../../lib/periodic-task';
import { WorkflowService } from '../../services/workflow';

declare module 'fastify' {
  interface FastifyInstance {
    /** The one way to change a lead's status (manual transitions and automated stages). */
    workflow: WorkflowService;
    /**
     * Every STAGE_WORKER_SECONDS, the node runs the automated stages due but not running: retries of failed
     * runs and runs a stopped node left (`runOnce` for tests). Answers how many it claimed.
     */
    stageWorker: PeriodicTask<number>;
  }
}

/** Stage runs a worker tick claims at most. */
const STAGE_WORKER_BATCH = 20;

/** The workflow engine as a decorator, like the repositories: routes ask `app.workflow`. */
export default fp(
  async (app) => {
    const { simulateFailSuffix, wait, maxAttempts, retrySeconds, workerSeconds } = app.config.stageRuns;
    const workflow = new WorkflowService(app.db, defaultAdapters({ failSuffix: simulateFailSuffix }), {
      autoRun: app.config.workflowAutoRun,
      awaitStages: wait,
      maxAttempts,
      retrySeconds,
      onStageError: (error, context) => app.log.error({ err: error, ...context }, 'automated stage failed'),
      // The realtime plugin registers after this one; a stage only runs once the app is ready.
      onStageDecided: (country, leadId, to) => app.realtime.toCountry(country, 'lead:stage-decided', { lead_id: leadId, status_id: to }),
    });
    // A backlog (the nodes were down) drains over a few ticks rather than in one long one.
    const worker = new PeriodicTask(
      () => workflow.runDueStages(STAGE_WORKER_BATCH),
      (error) => app.log.error({ err: error }, 'stage worker tick failed'),
    );
    app.decorate('workflow', workflow);
    app.decorate('stageWorker', worker);
    // A node that serves requests also runs due stages; `inject` (tests) never listens, so never ticks.
    app.addHook('onListen', async () => {
      if (app.config.workflowAutoRun) worker.start(workerSeconds);
    });
    app.addHook('preClose', async () => {
      await worker.stop();
      await workflow.drain();
    });
  },
  { name: 'workflow', dependencies: ['db', 'config'] },
);
