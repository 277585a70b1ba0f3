import {
  AMOUNT_RANGES,
  BOOLEAN_OPTIONS,
  DATA_RATES,
  INSTALLMENT_STATUSES,
  MANAGEMENT_STATUSES,
  PROCESSED_FLAGS,
  RETURN_REQUEST_STATUSES,
  ROLES,
  STATUSES,
  auditStatusesOf,
  filterResourcesSchema,
  salesStatusesOf,
  stepsOf,
  type Country,
  type FilterResources,
} from '@backoffice/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { UsersRepository } from '../../repositories/users';
import type { CountryOptions } from './options';

/** Catalogues come from the shared package (the web app renders the same ones); people from the database. */
export async function filterResources(country: Country, users: UsersRepository): Promise<FilterResources> {
  const people = await users.listActiveByKinds(country, ['seller', 'seller_wo_assignation', 'seller_renovator', 'collector', 'auditor']);
  const ofKinds = (...kinds: string[]) => people.filter((p) => kinds.includes(p.kind)).map(({ id, name }) => ({ id, name }));
  return {
    statuses: STATUSES[country],
    steps: stepsOf(country),
    sales_statuses: salesStatusesOf(country),
    audit_statuses: auditStatusesOf(country),
    amount_ranges: AMOUNT_RANGES[country],
    management_statuses: [...MANAGEMENT_STATUSES],
    processed: [...PROCESSED_FLAGS],
    installment_statuses: INSTALLMENT_STATUSES[country],
    // Return requests (regrets) are an arg process; data rates a col one.
    return_request_statuses: country === 'arg' ? RETURN_REQUEST_STATUSES : [],
    data_rates: country === 'col' ? DATA_RATES : [],
    booleans: [...BOOLEAN_OPTIONS],
    roles: ROLES[country].map(({ id, code, label }) => ({ id, code, label })),
    sellers: ofKinds('seller', 'seller_wo_assignation', 'seller_renovator'),
    collectors: ofKinds('collector'),
    auditors: ofKinds('auditor'),
  };
}

const datatables: FastifyPluginAsyncZod<CountryOptions> = async (app, { country }) => {
  // Any signed-in user of the country: every screen's filters need these.
  app.get(
    '/datatables/filter-resources',
    { onRequest: app.authenticate, schema: { tags: ['datatables'], response: { 200: filterResourcesSchema } } },
    async () => filterResources(country, app.users),
  );
};

export default datatables;
