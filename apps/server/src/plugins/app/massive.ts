import fp from 'fastify-plugin';
import type { PeriodicTask } from '../../lib/periodic-task';
import { MassiveService, massiveWorker } from '../../services/massive';

declare module 'fastify' {
  interface FastifyInstance {
    /** Massive batches: validation into drafts, their runs, pause, cancel and retry. */
    massive: MassiveService;
    /**
     * Every MASSIVE_WORKER_SECONDS the node claims a batch to run (queued, or one a stopped node left once its
     * lease ended) and runs it (`runOnce` for tests and right after a batch is queued).
     */
    massiveWorker: PeriodicTask<number>;
  }
}

export default fp(
  async (app) => {
    const { leaseSeconds, chunkRows, workerSeconds } = app.config.massive;
    const service = new MassiveService(
      app.db,
      { workflow: app.workflow, messaging: app.messaging, realtime: app.realtime, users: app.users, log: app.log },
      { leaseSeconds, chunkRows },
    );
    const worker = massiveWorker(service, app.log);
    app.decorate('massive', service);
    app.decorate('massiveWorker', worker);
    // A node that serves requests runs batches; `inject` (tests) never listens, so never ticks by itself.
    app.addHook('onListen', async () => {
      worker.start(workerSeconds);
      // Batches left queued or running when the nodes stopped go on at once.
      void worker.runOnce().catch((error: unknown) => app.log.error({ err: error }, 'massive worker tick failed'));
    });
    app.addHook('preClose', async () => {
      service.stop();
      await worker.stop();
    });
  },
  { name: 'massive', dependencies: ['db', 'config', 'workflow', 'messaging', 'realtime', 'repositories'] },
);
