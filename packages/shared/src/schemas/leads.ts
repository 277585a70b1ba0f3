import { z } from 'zod';
import { MANAGEMENT_STATUSES } from '../catalogues/filters';
import { colCcSchema, cuilSchema, dniSchema, onlyDigits } from '../documents';
import { csvOf, isoDateSchema, listCountSchema, pageInfoSchema, paginationQuery, queryBoolean, sortDirSchema } from './list';

export const LEAD_SORT_FIELDS = ['created_at', 'updated_at', 'requested_amount', 'id'] as const;
export type LeadSortField = (typeof LEAD_SORT_FIELDS)[number];
/** `management=none` asks for leads without a management status; `seller=none` for unassigned ones. */
export const NONE = 'none';

export const leadListQuerySchema = z.object({
  status: csvOf(z.coerce.number().int().positive()),
  step: csvOf(z.coerce.number().int().positive()),
  /** An AMOUNT_RANGES id of the country, e.g. '0-5000', 'gt-30000', 'lt-15000'. */
  amount: z.string().max(32).optional(),
  management: csvOf(z.string().max(80)),
  seller: csvOf(z.union([z.literal(NONE), z.coerce.number().int().positive()])),
  from: isoDateSchema.optional(),
  to: isoDateSchema.optional(),
  q: z.string().trim().max(100).optional(),
  sort: z.enum(LEAD_SORT_FIELDS).default('created_at'),
  dir: sortDirSchema.default('desc'),
  ...paginationQuery,
  exactCount: queryBoolean,
});
export type LeadListQuery = z.infer<typeof leadListQuerySchema>;
export type LeadListParams = z.input<typeof leadListQuerySchema>;

export const exportFormatSchema = z.enum(['csv', 'xlsx']);
export const leadExportQuerySchema = leadListQuerySchema.extend({ format: exportFormatSchema.default('csv') });

const personRef = z.object({ id: z.number().int(), name: z.string() });

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

export const leadListItemSchema = z.object({
  id: z.number().int(),
  created_at: z.string(),
  updated_at: z.string(),
  status_id: z.number().int(),
  customer: customerSummarySchema,
  /** Minor units (centavos). */
  requested_amount: z.number().int(),
  term: z.number().int(),
  seller: personRef.nullable(),
  management_status: z.string().nullable(),
  data_rate: z.number().int().nullable(),
  source: z.string(),
  version: z.number().int(),
});
export type LeadListItem = z.infer<typeof leadListItemSchema>;

export const leadListResponseSchema = z.object({
  rows: z.array(leadListItemSchema),
  count: listCountSchema,
  pageInfo: pageInfoSchema,
});
export type LeadListResponse = z.infer<typeof leadListResponseSchema>;

export const customerSchema = customerSummarySchema.extend({
  birth_date: z.string().nullable(),
  address: z.string().nullable(),
});

export const TIMELINE_TYPES = ['status', 'note', 'management', 'assignment', 'created'] as const;

export const timelineEntrySchema = z.object({
  id: z.string(),
  type: z.enum(TIMELINE_TYPES),
  at: z.string(),
  user: personRef.nullable(),
  from_status: z.number().int().nullable(),
  to_status: z.number().int().nullable(),
  /** The note, the management status, or the new seller's name. */
  text: z.string().nullable(),
});
export type TimelineEntry = z.infer<typeof timelineEntrySchema>;

export const leadDetailSchema = leadListItemSchema.extend({
  customer: customerSchema,
  offered_amount: z.number().int().nullable(),
  rate: z.number().nullable(),
  next_call_at: z.string().nullable(),
  timeline: z.array(timelineEntrySchema),
});
export type LeadDetail = z.infer<typeof leadDetailSchema>;

export const leadIdParamsSchema = z.object({ id: z.coerce.number().int().positive() });

export const addNoteBodySchema = z.object({
  body: z.string().trim().min(1, 'Escribí la nota').max(2_000, 'La nota admite hasta 2000 caracteres'),
});
export type AddNoteBody = z.infer<typeof addNoteBodySchema>;

export const setManagementStatusBodySchema = z.object({
  management_status: z.enum(MANAGEMENT_STATUSES, { error: 'Elegí un estado de gestión de la lista' }),
  version: z.number().int().positive(),
});
export type SetManagementStatusBody = z.infer<typeof setManagementStatusBodySchema>;

export const reassignSellerBodySchema = z.object({
  seller_id: z.number().int().positive({ error: 'Elegí un vendedor' }),
  version: z.number().int().positive(),
});
export type ReassignSellerBody = z.infer<typeof reassignSellerBodySchema>;

/** Per-country limits of a new application, in whole currency units. */
export const LEAD_LIMITS = {
  arg: { minAmount: 1_000, maxAmount: 1_000_000, minTerm: 1, maxTerm: 36 },
  col: { minAmount: 100_000, maxAmount: 50_000_000, minTerm: 1, maxTerm: 36 },
} as const;

const name = (label: string) =>
  z
    .string()
    .trim()
    .min(2, `${label}: al menos 2 letras`)
    .max(80)
    .regex(/^[\p{L}][\p{L} '.-]*$/u, `${label}: solo letras`);

const adultBirthDate = isoDateSchema.refine(
  (value) => {
    const birth = new Date(`${value}T00:00:00Z`);
    const now = new Date();
    const age = now.getUTCFullYear() - birth.getUTCFullYear() - (now < new Date(Date.UTC(now.getUTCFullYear(), birth.getUTCMonth(), birth.getUTCDate())) ? 1 : 0);
    return age >= 18 && age <= 100;
  },
  { message: 'El cliente debe ser mayor de edad' },
);

const commonLeadFields = {
  first_name: name('Nombre'),
  last_name: name('Apellido'),
  birth_date: adultBirthDate,
  email: z.email('Ingresá un email válido').max(254).trim().toLowerCase(),
  address: z.string().trim().max(200).optional(),
  term: z.coerce.number().int(),
};

/** arg: DNI plus CUIL (which must contain that DNI); cellphone is the 10-digit national number. */
export const argLeadCreateSchema = z
  .object({
    ...commonLeadFields,
    doc_number: dniSchema,
    cuil: cuilSchema,
    cellphone: z.string().trim().transform(onlyDigits).refine((v) => /^[1-9]\d{9}$/.test(v), 'Celular inválido: 10 dígitos con código de área, sin 0 ni 15'),
    requested_amount: z.coerce.number().int().min(LEAD_LIMITS.arg.minAmount, `Monto mínimo ${LEAD_LIMITS.arg.minAmount}`).max(LEAD_LIMITS.arg.maxAmount, `Monto máximo ${LEAD_LIMITS.arg.maxAmount}`),
  })
  .refine((lead) => lead.cuil.slice(2, 10) === lead.doc_number.padStart(8, '0'), { message: 'El CUIL no corresponde al DNI', path: ['cuil'] })
  .refine((lead) => lead.term >= LEAD_LIMITS.arg.minTerm && lead.term <= LEAD_LIMITS.arg.maxTerm, { message: `Plazo entre ${LEAD_LIMITS.arg.minTerm} y ${LEAD_LIMITS.arg.maxTerm} cuotas`, path: ['term'] });

/** col: CC; cellphone is 10 digits starting with 3. */
export const colLeadCreateSchema = z
  .object({
    ...commonLeadFields,
    doc_number: colCcSchema,
    cellphone: z.string().trim().transform(onlyDigits).refine((v) => /^3\d{9}$/.test(v), 'Celular inválido: 10 dígitos que empiezan con 3'),
    requested_amount: z.coerce.number().int().min(LEAD_LIMITS.col.minAmount, `Monto mínimo ${LEAD_LIMITS.col.minAmount}`).max(LEAD_LIMITS.col.maxAmount, `Monto máximo ${LEAD_LIMITS.col.maxAmount}`),
  })
  .refine((lead) => lead.term >= LEAD_LIMITS.col.minTerm && lead.term <= LEAD_LIMITS.col.maxTerm, { message: `Plazo entre ${LEAD_LIMITS.col.minTerm} y ${LEAD_LIMITS.col.maxTerm} cuotas`, path: ['term'] });

export const leadCreateSchemas = { arg: argLeadCreateSchema, col: colLeadCreateSchema } as const;
export type ArgLeadCreate = z.infer<typeof argLeadCreateSchema>;
export type ColLeadCreate = z.infer<typeof colLeadCreateSchema>;

export const leadCreatedSchema = z.object({ id: z.number().int(), customer_id: z.number().int(), customer_reused: z.boolean() });
