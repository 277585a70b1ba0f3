import { z } from 'zod';
import { AMOUNT_RANGES, DATA_RATE_VALUES, LEAD_SOURCES, MANAGEMENT_STATUSES } from '../catalogues/filters';
import { idSchema } from './common';
import {
  countModeQuery,
  csvOf,
  deferredCountSchema,
  isoDateSchema,
  pageInfoSchema,
  paginationQuery,
  queryBoolean,
  sortDirSchema,
} from './list';

// The lead lists (/leads, /sales): their query, row and answer, the export's parameters.

/**
 * What the lead lists sort by (ties broken by id). `next_call_at`: the soonest pending call back; leads
 * without one come last in both directions.
 */
export const LEAD_SORT_FIELDS = ['created_at', 'updated_at', 'requested_amount', 'id', 'next_call_at'] as const;
export type LeadSortField = (typeof LEAD_SORT_FIELDS)[number];
/** `management=none` asks for leads without a management status; `seller=none` for unassigned ones. */
export const NONE = 'none';

/** Free text needs this many letters or digits in one word: shorter fragments cannot use the trigram index. */
export const SEARCH_MIN_CHARS = 3;

const AMOUNT_RANGE_IDS = new Set(Object.values(AMOUNT_RANGES).flatMap((ranges) => ranges.map((range) => range.id)));

/**
 * Free text over customers: document, CUIL, name, cellphone or email, or a fragment of any. Every word must
 * match; at least one has SEARCH_MIN_CHARS letters or digits (an empty text is "no search"). Read in NFKC:
 * the full-width letters and digits some IMEs type ('ａｎａ', '１２３４５') are 'ana' and '12345', and a
 * decomposed accent (e + U+0301) is the composed one, as names are stored.
 */
export const searchTextSchema = z
  .string()
  .trim()
  .max(100)
  .transform((text) => text.normalize('NFKC').trim())
  .transform((text) => (text === '' ? undefined : text))
  .refine(
    (text) => text === undefined || text.split(/\s+/).some((word) => word.replace(/[^\p{L}\p{N}]/gu, '').length >= SEARCH_MIN_CHARS),
    {
      message: `Escribe al menos ${SEARCH_MIN_CHARS} letras o números para buscar`,
    },
  );

/**
 * The list query, as it arrives in the URL (every value is text; lists are comma-separated or repeated).
 * Filters combine with AND; the values inside one filter with OR. `status` and `step` both filter on the
 * status id (a step is a status with a label), so giving both keeps their intersection.
 *
 * Paging: `page` is the number shown to the user. With `cursor` (the `nextCursor` / `prevCursor` of the
 * page the user was on) the server seeks by keyset and `page` is only echoed back: this is how the client
 * should move to the next or previous page, fast at any depth. Without a cursor, `page` is reached by
 * position (offset over an index): fine for jumps, slower the deeper it goes.
 */

export const leadListQuerySchema = z.object({
  status: csvOf(idSchema),
  step: csvOf(idSchema),
  /** An AMOUNT_RANGES id of the country, e.g. '0-5000', 'gt-30000', 'lt-15000'. */
  amount: z
    .string()
    .max(32)
    .refine((id) => AMOUNT_RANGE_IDS.has(id), { message: 'Rango de monto desconocido' })
    .optional(),
  /** Management statuses; `none` = leads without one ('sin gestión'). */
  management: csvOf(z.union([z.literal(NONE), z.enum(MANAGEMENT_STATUSES)], { error: 'Estado de gestión desconocido' })),
  /** Seller ids; `none` = unassigned leads. */
  seller: csvOf(z.union([z.literal(NONE), idSchema])),
  /** col only: the data rates (1 to 7, SPEC 3); `none` = leads without one. */
  data_rate: csvOf(z.union([z.literal(NONE), z.enum(DATA_RATE_VALUES)], { error: 'Calificación de datos desconocida: de 1 a 7' })),
  /** Creation date range, inclusive, as calendar days of the country's time zone. */
  from: isoDateSchema.optional(),
  to: isoDateSchema.optional(),
  /** Document, CUIL, name, cellphone or email, or a fragment of any (3+ letters or digits). */
  q: searchTextSchema.optional(),
  sort: z.enum(LEAD_SORT_FIELDS).default('created_at'),
  dir: sortDirSchema.default('desc'),
  ...paginationQuery,
  exactCount: queryBoolean,
  ...countModeQuery,
});
export type LeadListQuery = z.infer<typeof leadListQuerySchema>;
export type LeadListParams = z.input<typeof leadListQuerySchema>;

export const exportFormatSchema = z.enum(['csv', 'xlsx']);
/** Most rows a list's selection exports at once (their ids travel in the export's URL). */
export const EXPORT_SELECTION_MAX = 500;
/** An export's own parameters: the file's format and, to export a selection, its lead ids (with the other filters). */
export const exportQuery = {
  format: exportFormatSchema.default('csv'),
  ids: csvOf(idSchema, EXPORT_SELECTION_MAX),
};
export const leadExportQuerySchema = leadListQuerySchema.extend(exportQuery);

export const personRef = z.object({ id: z.number().int(), name: z.string() });

export const customerSummarySchema = z.object({
  id: z.number().int(),
  doc_type: z.string(),
  doc_number: z.string(),
  cuil: z.string().nullable(),
  first_name: z.string(),
  last_name: z.string(),
  cellphone: z.string().nullable(),
  email: z.string().nullable(),
});
export type CustomerSummary = z.infer<typeof customerSummarySchema>;

export const leadListItemSchema = z.object({
  id: z.number().int(),
  created_at: z.string(),
  updated_at: z.string(),
  status_id: z.number().int(),
  /** The SPEC 4 step label of the status ('Paso 3', 'AUDITORIA'), null when the status is not a step. */
  step: z.string().nullable(),
  customer: customerSummarySchema,
  /** Minor units (centavos). */
  requested_amount: z.number().int(),
  term: z.number().int(),
  seller: personRef.nullable(),
  management_status: z.string().nullable(),
  /** The soonest pending call back (ISO 8601), if any: what the seller's reminders will bring up. */
  next_call_at: z.string().nullable(),
  data_rate: z.number().int().nullable(),
  source: z.enum(LEAD_SOURCES),
  version: z.number().int(),
});
export type LeadListItem = z.infer<typeof leadListItemSchema>;

export const leadListResponseSchema = z.object({
  rows: z.array(leadListItemSchema),
  count: deferredCountSchema,
  pageInfo: pageInfoSchema,
});
export type LeadListResponse = z.infer<typeof leadListResponseSchema>;
