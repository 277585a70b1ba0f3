import { z } from 'zod';
import { BUCKETS, COLLECTION_OUTCOMES, MANAGEMENT_CHANNEL_IDS, PROMISE_STATUSES } from '../catalogues/loans';
import { freeText, positiveInt } from './common';
import { csvOf, isoDateSchema, listQuerySchema, listResponseSchema } from './list';

/*
 * The collections desk (issue 34, section 2): /collections (a collector's queue, everyone's for the back
 * office), /collection-detail, managements with promises to pay, assignment of loans to collectors.
 */

const ids = <T extends readonly { id: string }[]>(catalogue: T) =>
  catalogue.map((entry) => entry.id) as [T[number]['id'], ...T[number]['id'][]];

export const BUCKET_IDS = ids(BUCKETS);
export const COLLECTION_OUTCOME_IDS = ids(COLLECTION_OUTCOMES);
export const PROMISE_STATUS_IDS = ids(PROMISE_STATUSES);

/**
 * Orders of /collections. `today`: the day's work first (a promise due today or earlier, then a next action
 * due by the end of today, then the rest), each group by days past due, most first. A collector's default.
 */
export const COLLECTION_SORTS = [
  'today',
  'days_past_due',
  'overdue_amount',
  'outstanding',
  'next_action_at',
  'promise_due_on',
  'due_date',
  'assigned_at',
] as const;
export type CollectionSort = (typeof COLLECTION_SORTS)[number];

/** Bulk assignment moves at most this many loans at once (one statement); narrow the filter beyond it. */
export const COLLECTION_BULK_ASSIGN_MAX = 10_000;

const dayCount = z.coerce
  .number({ error: 'Ingresa un número de días' })
  .int('Ingresa un número entero de días')
  .min(0, 'Los días no pueden ser negativos')
  .max(100_000, 'Demasiados días');

/** The filters of /collections (also the bulk assignment's: it moves every loan they match). */
export const collectionFiltersShape = {
  bucket: csvOf(z.enum(BUCKET_IDS, { error: 'Tramo desconocido' }), 4),
  dpd_min: dayCount.optional(),
  dpd_max: dayCount.optional(),
  /** The oldest open installment's due date, within the configured bounds (GET /collections/settings). */
  due_from: isoDateSchema.optional(),
  due_to: isoDateSchema.optional(),
  /** The loan's latest promise to pay is in one of these states; `none`: it never had one. */
  promise: csvOf(z.enum([...PROMISE_STATUS_IDS, 'none'], { error: 'Estado de promesa desconocido' }), 5),
  /** Next action due on or before this day (the country's calendar). */
  next_action_to: isoDateSchema.optional(),
  next_action_from: isoDateSchema.optional(),
  /** Collector ids; 0 = unassigned. A collector's own queue ignores it. */
  collector: csvOf(z.coerce.number().int().min(0), 50),
  /** Name, document or phone of the customer. */
  q: freeText().max(100, 'La búsqueda admite hasta 100 caracteres').optional(),
};

export const collectionListQuerySchema = listQuerySchema(COLLECTION_SORTS, collectionFiltersShape);
export type CollectionListQuery = z.infer<typeof collectionListQuerySchema>;
export type CollectionFilters = Pick<CollectionListQuery, keyof typeof collectionFiltersShape>;

const person = z.object({ id: z.number().int(), name: z.string() });

export const collectionRowSchema = z.object({
  id: z.number().int(),
  lead_id: z.number().int(),
  customer: z.object({ id: z.number().int(), name: z.string(), doc_number: z.string(), cellphone: z.string().nullable() }),
  status: z.string(),
  days_past_due: z.number().int(),
  bucket: z.string().nullable(),
  outstanding: z.number().int(),
  overdue_amount: z.number().int(),
  /** The oldest open installment's due date. */
  due_date: z.string().nullable(),
  next_action_at: z.string().nullable(),
  promise_due_on: z.string().nullable(),
  /** The latest promise's state (null: none yet). */
  promise_status: z.string().nullable(),
  collector: person.nullable(),
  assigned_at: z.string().nullable(),
});
export type CollectionRow = z.infer<typeof collectionRowSchema>;
export const collectionListResponseSchema = listResponseSchema(collectionRowSchema);

/** What the web needs to draw the filters: the due-date filter's bounds (SPEC 9, from the environment). */
export const collectionSettingsSchema = z.object({
  due_date_min: z.string(),
  due_date_max: z.string(),
  collectors: z.array(person),
  bulk_assign_max: z.number().int(),
});
export type CollectionSettings = z.infer<typeof collectionSettingsSchema>;

export const collectionIdParamsSchema = z.object({ id: z.coerce.number().int().positive() });
export const collectionIdQuerySchema = collectionIdParamsSchema;

export const collectionEventSchema = z.object({
  id: z.number().int(),
  type: z.string(),
  body: z.string().nullable(),
  data: z.record(z.string(), z.unknown()).nullable(),
  user: person.nullable(),
  created_at: z.string(),
});
export type CollectionEvent = z.infer<typeof collectionEventSchema>;

export const collectionPromiseSchema = z.object({
  id: z.number().int(),
  due_on: z.string(),
  amount: z.number().int(),
  status: z.string(),
  created_at: z.string(),
});

export const collectionDetailSchema = z.object({
  id: z.number().int(),
  lead_id: z.number().int(),
  version: z.number().int(),
  status: z.string(),
  customer: z.object({
    id: z.number().int(),
    first_name: z.string(),
    last_name: z.string(),
    doc_type: z.string(),
    doc_number: z.string(),
    cellphone: z.string().nullable(),
    email: z.string().nullable(),
  }),
  principal: z.number().int(),
  term: z.number().int(),
  disbursed_on: z.string(),
  outstanding: z.number().int(),
  overdue_amount: z.number().int(),
  /** Late interest accrued and not yet paid. */
  late_interest: z.number().int(),
  days_past_due: z.number().int(),
  bucket: z.string().nullable(),
  in_collections: z.boolean(),
  collector: person.nullable(),
  assigned_at: z.string().nullable(),
  next_action_at: z.string().nullable(),
  promise_due_on: z.string().nullable(),
  promises: z.array(collectionPromiseSchema),
  /** Newest first. */
  timeline: z.array(collectionEventSchema),
  /** Whether the caller may record managements and call (a collector: only their own loans). */
  can_write: z.boolean(),
  can_assign: z.boolean(),
});
export type CollectionDetail = z.infer<typeof collectionDetailSchema>;

const money = z.coerce
  .number({ error: 'Ingresa un monto' })
  .int('El monto va en centavos enteros')
  .positive('El monto debe ser mayor a cero')
  .max(1e12, 'Monto demasiado grande');

/** A management on a loan: one `managements` row, one timeline row, and for a promise one promise row. */
export const collectionManagementBodySchema = z
  .object({
    channel: z.enum(MANAGEMENT_CHANNEL_IDS, { error: 'Elige el canal' }),
    result: z.enum(COLLECTION_OUTCOME_IDS, { error: 'Elige el resultado' }),
    note: freeText().max(2000, 'La nota admite hasta 2000 caracteres').optional(),
    /** ISO date-time of the next action (optional). */
    next_action_at: z.iso.datetime({ offset: true, error: 'Ingresa una fecha y hora válidas' }).optional(),
    /** Required with result `promise`. */
    promise: z.object({ due_on: isoDateSchema, amount: money }).optional(),
  })
  .superRefine((body, ctx) => {
    if (body.result === 'promise' && !body.promise)
      ctx.addIssue({ code: 'custom', path: ['promise'], message: 'Indica la fecha y el monto de la promesa' });
    if (body.result !== 'promise' && body.promise)
      ctx.addIssue({ code: 'custom', path: ['promise'], message: 'Solo una promesa de pago lleva fecha y monto' });
  });
export type CollectionManagementBody = z.infer<typeof collectionManagementBodySchema>;

export const assignCollectorBodySchema = z.object({ collector_id: positiveInt() });
export type AssignCollectorBody = z.infer<typeof assignCollectorBodySchema>;
export const bulkAssignResponseSchema = z.object({ matched: z.number().int(), assigned: z.number().int() });
export type BulkAssignResponse = z.infer<typeof bulkAssignResponseSchema>;

export const promiseRatesQuerySchema = z.object({ from: isoDateSchema.optional(), to: isoDateSchema.optional() });
export const promiseRateRowSchema = z.object({
  collector: person,
  kept: z.number().int(),
  broken: z.number().int(),
  pending: z.number().int(),
  /** kept / (kept + broken); 0 when none resolved. */
  kept_rate: z.number(),
  broken_rate: z.number(),
});
export type PromiseRateRow = z.infer<typeof promiseRateRowSchema>;
export const promiseRatesResponseSchema = z.object({ from: z.string(), to: z.string(), rows: z.array(promiseRateRowSchema) });
export type PromiseRatesResponse = z.infer<typeof promiseRatesResponseSchema>;
