import fp from 'fastify-plugin';
import { defaultAdapters } from '../../services/adapters/index';
import { WorkflowService } from '../../services/workflow';

declare module 'fastify' {
  interface FastifyInstance {
    /** The one way to change a lead's status (manual transitions and automated stages). */
    workflow: WorkflowService;
  }
}

/** The workflow engine as a decorator, like the repositories: routes ask `app.workflow`. */
export default fp(
  async (app) => {
    app.decorate(
      'workflow',
      new WorkflowService(app.db, defaultAdapters(), {
        autoRun: app.config.workflowAutoRun,
        onStageError: (error, context) => app.log.error({ err: error, ...context }, 'automated stage failed'),
      }),
    );
  },
  { name: 'workflow', dependencies: ['db', 'config'] },
);
