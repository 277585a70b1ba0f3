import fp from 'fastify-plugin';
import { defaultAdapters } from '../../services/adapters/index';
import { StageWorker } from '../../services/stage-worker';
import { WorkflowService } from '../../services/workflow';

declare module 'fastify' {
  interface FastifyInstance {
    /** The one way to change a lead's status (manual transitions and automated stages). */
    workflow: WorkflowService;
    /** The node's runner of due automated stages (`runOnce` for tests and diagnostics). */
    stageWorker: StageWorker;
  }
}

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
    const worker = new StageWorker(workflow, app.log);
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
