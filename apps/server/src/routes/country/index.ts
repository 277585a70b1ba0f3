import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { countryScope } from '../../plugins/app/auth';
import type { CountryOptions } from './options';
import accounts from './accounts';
import audits from './audits';
import auth from './auth';
import calls from './calls';
import collections from './collections';
import communications from './communications';
import customerBans from './customer-bans';
import dashboard from './dashboard';
import debtFrees from './debt-frees';
import datatables from './datatables';
import diagnostics from './diagnostics';
import gridSettings from './grid-settings';
import leadDocuments from './lead-documents';
import leads from './leads';
import loans from './loans';
import managements from './managements';
import regrets from './regrets';
import massive from './massive';
import sales from './sales';
import searcher from './searcher';
import security from './security';
import users from './users';
import voluntaryPays from './voluntary-pays';
import workflow from './workflow';

/**
 * The per-country API, registered once with prefix /api/arg and once with /api/col. Every route reads the
 * country from the options, and `authenticate` refuses users of the other country.
 */
const countryRoutes: FastifyPluginAsyncZod<CountryOptions> = async (app, { country }) => {
  app.addHook('onRequest', countryScope(country));
  await app.register(auth, { country });
  await app.register(datatables, { country });
  await app.register(leads, { country });
  await app.register(sales, { country });
  await app.register(searcher, { country });
  await app.register(workflow, { country });
  await app.register(audits, { country });
  await app.register(dashboard, { country });
  await app.register(calls, { country });
  await app.register(diagnostics, { country });
  await app.register(gridSettings, { country });
  await app.register(security, { country });
  await app.register(accounts, { country });
  await app.register(users, { country });
  await app.register(loans, { country });
  await app.register(managements, { country });
  await app.register(collections, { country });
  await app.register(debtFrees, { country });
  await app.register(regrets, { country });
  await app.register(customerBans, { country });
  await app.register(communications, { country });
  await app.register(massive, { country });
  await app.register(voluntaryPays, { country });
  await app.register(leadDocuments, { country });
};

export default countryRoutes;
