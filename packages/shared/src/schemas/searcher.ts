import { z } from 'zod';
import { customerSummarySchema, searchTextSchema } from './leads';

/** Customers shown per search: a person refines the text rather than paging through a search. */
export const SEARCHER_LIMIT = 20;
/** Applications shown per customer, newest first. */
export const SEARCHER_APPLICATIONS = 10;

export const searcherQuerySchema = z.object({
  q: searchTextSchema.refine((text) => text !== undefined, { message: 'Escribe qué buscar' }),
});
export type SearcherQuery = z.input<typeof searcherQuerySchema>;

export const searcherApplicationSchema = z.object({
  id: z.number().int(),
  created_at: z.string(),
  status_id: z.number().int(),
  /** The SPEC 4 step label of the status, null when the status is not a step. */
  step: z.string().nullable(),
  /** Minor units (centavos). */
  requested_amount: z.number().int(),
  term: z.number().int(),
  seller: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  management_status: z.string().nullable(),
});
export type SearcherApplication = z.infer<typeof searcherApplicationSchema>;

export const searcherCustomerSchema = customerSummarySchema.extend({
  applications: z.array(searcherApplicationSchema),
  /** More applications than SEARCHER_APPLICATIONS exist (the newest are shown). */
  more_applications: z.boolean(),
});
export type SearcherCustomer = z.infer<typeof searcherCustomerSchema>;

export const searcherResponseSchema = z.object({
  customers: z.array(searcherCustomerSchema),
  /** More customers than SEARCHER_LIMIT match: the text should be more specific. */
  more: z.boolean(),
});
export type SearcherResponse = z.infer<typeof searcherResponseSchema>;
