import { COUNTRIES, type Country } from '@backoffice/shared';
import fp from 'fastify-plugin';
import { LeadListQueries } from '../../lists/leads';
import { LeadLists } from '../../services/lead-lists';

declare module 'fastify' {
  interface FastifyInstance {
    /** The lists over leads (/leads, /sales) of each country: scope, filters, pages, counts and exports. */
    leadLists: Record<Country, LeadLists>;
    /** Their statements (lists/leads.ts): pages, counts, export batches, the free text resolved to its customers. */
    leadQueries: LeadListQueries;
  }
}

export default fp(
  async (app) => {
    app.decorate('leadQueries', new LeadListQueries(app.db, app.config.listTextProbeCap));
    const lists = Object.fromEntries(COUNTRIES.map((country) => [country, new LeadLists(app, country)])) as Record<Country, LeadLists>;
    app.decorate('leadLists', lists);
    // A status change (always through the workflow) changes what status and step filters match.
    const stop = app.workflow.onStatusChange((country) => lists[country].changed());
    app.addHook('onClose', async () => stop());
  },
  { name: 'lead-lists', dependencies: ['db', 'repositories', 'workflow', 'config'] },
);
