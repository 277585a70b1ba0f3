import fp from 'fastify-plugin';
import { PeriodicTask } from '../../lib/periodic-task';
import { CommunicationsRepository } from '../../repositories/communications';
import { messageAdapters, type MessageAdapters } from '../../services/messaging/adapters';
import { MessagingService } from '../../services/messaging/service';

declare module 'fastify' {
  interface FastifyInstance {
    communications: CommunicationsRepository;
    messaging: MessagingService;
    /** Every MESSAGING_WORKER_SECONDS, the node sends the queued messages due (`runOnce` for tests). */
    messageWorker: PeriodicTask<number>;
  }
}

/** Messages a worker tick claims at most. */
const MESSAGE_WORKER_BATCH = 20;

/**
 * Customer communications as decorators: the service with its channels' adapters (`adapters` overrides them,
 * for tests) and the queue's worker, which runs on a node that listens.
 */
export default fp<{ adapters?: MessageAdapters }>(
  async (app, options) => {
    const repository = new CommunicationsRepository(app.db);
    const service = new MessagingService(
      repository,
      app.customerBans,
      options.adapters ?? messageAdapters(app.config.messaging),
      app.config.messaging,
      (country, payload) => {
        // Only to the staff who have the customer open: their screens joined the customer's room.
        app.realtime.toCustomer(country, payload.customer_id, 'customer-message:inbound', payload);
      },
    );
    const worker = new PeriodicTask(
      () => service.runDue(MESSAGE_WORKER_BATCH),
      (error) => app.log.error({ err: error }, 'message worker tick failed'),
    );
    app.decorate('communications', repository);
    app.decorate('messaging', service);
    app.decorate('messageWorker', worker);
    app.addHook('onListen', async () => worker.start(app.config.messaging.workerSeconds));
    app.addHook('preClose', async () => worker.stop());
  },
  { name: 'messaging', dependencies: ['db', 'config', 'repositories'] },
);
