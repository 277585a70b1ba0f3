import { z } from 'zod';

const option = z.object({ id: z.union([z.number(), z.string()]), name: z.string() });

/**
 * SPEC 3: fetched at login; each entry is stored locally under `{country}_{key}`. The catalogues come from
 * the shared package; people (sellers, collectors, auditors) come from the database.
 */
export const filterResourcesSchema = z.object({
  statuses: z.array(z.object({ id: z.number(), name: z.string(), color: z.string(), icon: z.string() })),
  steps: z.array(z.object({ id: z.number(), status: z.string(), label: z.string() })),
  sales_statuses: z.array(z.object({ id: z.number(), name: z.string(), status: z.string() })),
  audit_statuses: z.array(z.object({ id: z.number(), name: z.string(), color: z.string(), icon: z.string() })),
  amount_ranges: z.array(z.object({ id: z.string(), label: z.string(), min: z.number().optional(), max: z.number().optional() })),
  management_statuses: z.array(z.string()),
  processed: z.array(option),
  installment_statuses: z.array(option),
  return_request_statuses: z.array(option),
  data_rates: z.array(option),
  booleans: z.array(option),
  roles: z.array(z.object({ id: z.union([z.number(), z.string()]), code: z.string(), label: z.string() })),
  sellers: z.array(option),
  collectors: z.array(option),
  auditors: z.array(option),
});
export type FilterResources = z.infer<typeof filterResourcesSchema>;
