import { z } from 'zod';
import { AMOUNT_RANGES, DATA_RATE_VALUES, LEAD_SOURCES, MANAGEMENT_STATUSES } from '../catalogues/filters';
import { COL_ACCOUNT_TYPES, COL_BANKS, isColWallet } from '../catalogues/banks';
import { MANAGEMENT_CHANNEL_IDS } from '../catalogues/loans';
import { CUSTOMER_AGE, birthDateRange, todayIn } from '../calendar';
import type { Country } from '../countries';
import { formatMoney } from '../format';
import { cbuSchema, colAccountSchema, colCcSchema, colCeSchema, cuilSchema, DIAL_MESSAGES, dniSchema, NATIONAL_NUMBER, nationalPhone, onlyDigits, PHONE_CHARACTERS, PHONE_CHARACTERS_MESSAGE } from '../documents';
import { addressText, freeText, idSchema, MAX_INTEGER, positiveInt, requiredText, type FieldError } from './common';
import { csvOf, isoDateSchema, listCountSchema, pageInfoSchema, paginationQuery, queryBoolean, sortDirSchema } from './list';

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
  .refine((text) => text === undefined || text.split(/\s+/).some((word) => word.replace(/[^\p{L}\p{N}]/gu, '').length >= SEARCH_MIN_CHARS), {
    message: `Escribe al menos ${SEARCH_MIN_CHARS} letras o números para buscar`,
  });

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
  count: listCountSchema,
  pageInfo: pageInfoSchema,
});
export type LeadListResponse = z.infer<typeof leadListResponseSchema>;

export const customerSchema = customerSummarySchema.extend({
  birth_date: z.string().nullable(),
  address: z.string().nullable(),
  /** Where a disbursement goes: arg a CBU in `bank_account` (no `bank`); col a bank and its account number. */
  bank: z.string().nullable(),
  bank_account: z.string().nullable(),
  /** col: Ahorros or Corriente (COL_ACCOUNT_TYPES); null for a wallet, an arg CBU or no account. */
  bank_account_type: z.enum(COL_ACCOUNT_TYPES).nullable(),
  /** Customer edits (sale detail) are checked against it, not the lead's version. */
  version: z.number().int(),
});

/** 'customer': a customer data edit (sale detail); 'call_back': a call back scheduled (sale detail). */
export const TIMELINE_TYPES = [
  'status',
  'note',
  'management',
  'assignment',
  'created',
  'customer',
  'call_back',
  // The call reminders: a call back resolved or postponed, and a call placed through telephony (its outcome).
  'call_resolved',
  'call_postponed',
  'call',
  // A customer message sent or received (communications).
  'message',
  // A customer document attached (DNI/cédula, selfie, contract, bank proof): the auditor's evidence.
  'document',
] as const;

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
  timeline: z.array(timelineEntrySchema),
});
export type LeadDetail = z.infer<typeof leadDetailSchema>;

export const leadIdParamsSchema = z.object({ id: idSchema });

export const addNoteBodySchema = z.object({
  body: freeText().min(1, 'Escribe la nota').max(2_000, 'La nota admite hasta 2000 caracteres'),
});
export type AddNoteBody = z.infer<typeof addNoteBodySchema>;

/**
 * One management of an application: its result (the management status), how the customer was reached
 * (default a call) and, optionally, a note and when to act next. Recorded once in `managements` and once in
 * the lead's timeline.
 */
export const setManagementStatusBodySchema = z.object({
  management_status: z.enum(MANAGEMENT_STATUSES, { error: 'Elige un estado de gestión de la lista' }),
  version: positiveInt(),
  channel: z.enum(MANAGEMENT_CHANNEL_IDS, { error: 'Elige un canal de la lista' }).optional(),
  note: freeText()
    .max(1000, 'La nota admite hasta 1000 caracteres')
    .optional()
    .transform((text) => (text ? text : undefined)),
  next_action_at: z.iso
    .datetime({ offset: true, error: 'Indica fecha y hora de la próxima acción', abort: true })
    .refine((value) => new Date(value).getTime() > Date.now() - 60_000, { message: 'La próxima acción debe ser en el futuro', abort: true })
    .refine((value) => new Date(value).getTime() <= Date.now() + 366 * 86_400_000, { message: 'La próxima acción debe ser dentro del próximo año' })
    .nullish(),
});
export type SetManagementStatusBody = z.input<typeof setManagementStatusBodySchema>;

export const reassignSellerBodySchema = z.object({
  seller_id: z.number().int().positive({ error: 'Elige un vendedor' }).max(MAX_INTEGER, { error: 'Elige un vendedor' }),
  version: positiveInt(),
});
export type ReassignSellerBody = z.infer<typeof reassignSellerBodySchema>;

/**
 * Why a closed application (a terminal status: disbursed, rejected, cancelled…) takes no management status
 * and no other seller: nobody works it any more. Notes still go on its history.
 */
export const CLOSED_LEAD_MESSAGE = 'La solicitud está cerrada: su estado de gestión y su vendedor ya no cambian.';

/** Per-country limits of a new application, in whole currency units. */
export const LEAD_LIMITS = {
  arg: { minAmount: 1_000, maxAmount: 1_000_000, minTerm: 1, maxTerm: 36 },
  col: { minAmount: 100_000, maxAmount: 50_000_000, minTerm: 1, maxTerm: 36 },
} as const;

/**
 * A name as it is pasted from anywhere: composed ('José' typed on a Mac arrives as e + a combining accent),
 * full-width ('ＡＮＡ', from some IMEs: search reads text in NFKC, so stored so it is found), a typographic
 * apostrophe (O’Connor) or a non-breaking space are the same name, stored one way (NFKC). After that a
 * letter may still carry combining marks with no composed code point; more than two on one letter
 * ('Á́́́́', stacked accents) is no name's spelling and is refused as not letters.
 */
const NAME_PATTERN = /^(?!.*\p{M}{3})([\p{L}][\p{L}\p{M} '.-]*)?$/u;
const name = (label: string) =>
  z
    .string({ error: (issue) => (issue.input === undefined || issue.input === null ? `${label}: campo obligatorio` : `${label}: debe ser texto`) })
    .transform((value) => value.normalize('NFKC').replace(/[\u2018\u2019\u02bc]/g, "'").replace(/\s+/g, ' ').trim())
    .pipe(
      z
        .string()
        .regex(NAME_PATTERN, { message: `${label}: solo letras`, abort: true })
        .min(2, `${label}: al menos 2 letras`)
        .max(80, `${label}: hasta 80 caracteres`),
    );

/** A birth date within CUSTOMER_AGE on the country's today (the calendar offers the same days). */
const birthDateOf = (country: Country) =>
  isoDateSchema.superRefine((value, context) => {
    const { min, max } = birthDateRange(todayIn(country));
    if (value > max) context.addIssue({ code: 'custom', message: `El cliente debe ser mayor de edad (${CUSTOMER_AGE.min} años)` });
    else if (value < min) context.addIssue({ code: 'custom', message: `Revisa el año: el cliente tendría más de ${CUSTOMER_AGE.max} años` });
  });

/**
 * An optional text of a new application: null or blank ("" or spaces, as an empty form field sends it) is
 * "not given" (undefined), never "erase": a reused customer keeps what is stored (LeadsRepository.create).
 */
const blankIsNotGiven = (schema: z.ZodString) => schema.nullish().transform((value) => (value ? value : undefined));

/** A cellphone as stored: the national number's digits, however it was written ('+54 9 11 …', '011 15 …'). */
const nationalDigits = (country: Country) => (value: string) => onlyDigits(nationalPhone(value, country));
const cellphoneText = requiredText('Ingresa el celular', 'Celular').regex(PHONE_CHARACTERS, PHONE_CHARACTERS_MESSAGE);

/**
 * The customer's own fields, each required and read as a new customer stores it: the sale's customer edit
 * takes them as they are; a new application takes them optional (`leadCustomerFields`).
 */
export const customerFieldSchemas = {
  arg: {
    first_name: name('Nombre'),
    last_name: name('Apellido'),
    birth_date: birthDateOf('arg'),
    cuil: requiredText('Ingresa el CUIL', 'CUIL').pipe(cuilSchema),
    cellphone: cellphoneText.transform(nationalDigits('arg')).refine((v) => NATIONAL_NUMBER.arg.test(v), DIAL_MESSAGES.national.arg),
    // Trimmed before it is checked: ' Ana@Mail.com ' from an API client is the address a form field would send.
    email: requiredText('Ingresa el email', 'Email').trim().toLowerCase().pipe(z.email('Ingresa un email válido').max(254)),
  },
  col: {
    first_name: name('Nombre'),
    last_name: name('Apellido'),
    birth_date: birthDateOf('col'),
    cellphone: cellphoneText.transform(nationalDigits('col')).refine((v) => NATIONAL_NUMBER.col.test(v), DIAL_MESSAGES.national.col),
    email: requiredText('Ingresa el email', 'Email').trim().toLowerCase().pipe(z.email('Ingresa un email válido').max(254)),
  },
} as const;

/**
 * What a new application says about the customer besides the document: its identity (names, birth date,
 * arg's CUIL) and contact (cellphone, email). An existing customer (same document) keeps its identity and, for
 * a contact field left blank, the stored value, so none is required by the schema; a document new to the
 * country needs them all (`NEW_CUSTOMER_FIELDS`, checked by the server where it knows whether the customer
 * exists, and by the form when the lookup found none). In the body's order, the messages of a missing one.
 */
export const NEW_CUSTOMER_FIELDS = {
  arg: { first_name: 'Nombre: campo obligatorio', last_name: 'Apellido: campo obligatorio', birth_date: 'Ingresa una fecha válida', email: 'Ingresa el email', cuil: 'Ingresa el CUIL', cellphone: 'Ingresa el celular' },
  col: { first_name: 'Nombre: campo obligatorio', last_name: 'Apellido: campo obligatorio', birth_date: 'Ingresa una fecha válida', email: 'Ingresa el email', cellphone: 'Ingresa el celular' },
} as const satisfies Record<Country, Record<string, string>>;
/** The identity a new application never changes in an existing customer (what its form does not ask then). */
export const CUSTOMER_IDENTITY_FIELDS = {
  arg: ['first_name', 'last_name', 'birth_date', 'cuil'],
  col: ['first_name', 'last_name', 'birth_date'],
} as const satisfies { [C in Country]: readonly (keyof (typeof NEW_CUSTOMER_FIELDS)[C])[] };

/** Nothing given: absent, null, or blank ('' or spaces, as an empty form field sends it). */
const isNotGiven = (value: unknown) => value === undefined || value === null || (typeof value === 'string' && value.trim() === '');

/**
 * The NEW_CUSTOMER_FIELDS a body does not give (absent, null or blank), each with its message: what a
 * document new to the country still needs. Reads a body as sent or as parsed alike.
 */
export function missingNewCustomerFields(country: Country, body: Record<string, unknown>): FieldError[] {
  return Object.entries(NEW_CUSTOMER_FIELDS[country])
    .filter(([field]) => isNotGiven(body[field]))
    .map(([field, message]) => ({ field, message }));
}

/** An optional customer field of a new application: nothing given (null or blank too) is absent. */
const unlessNotGiven = <T extends z.ZodType>(schema: T) => z.preprocess((value) => (isNotGiven(value) ? undefined : value), schema.optional());

const leadCustomerFields = {
  arg: {
    first_name: unlessNotGiven(customerFieldSchemas.arg.first_name),
    last_name: unlessNotGiven(customerFieldSchemas.arg.last_name),
    birth_date: unlessNotGiven(customerFieldSchemas.arg.birth_date),
    cuil: unlessNotGiven(customerFieldSchemas.arg.cuil),
    cellphone: unlessNotGiven(customerFieldSchemas.arg.cellphone),
    email: unlessNotGiven(customerFieldSchemas.arg.email),
  },
  col: {
    first_name: unlessNotGiven(customerFieldSchemas.col.first_name),
    last_name: unlessNotGiven(customerFieldSchemas.col.last_name),
    birth_date: unlessNotGiven(customerFieldSchemas.col.birth_date),
    cellphone: unlessNotGiven(customerFieldSchemas.col.cellphone),
    email: unlessNotGiven(customerFieldSchemas.col.email),
  },
};

const commonLeadFields = {
  address: blankIsNotGiven(addressText()),
};

const isBody = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * `schema` plus a check of the whole body that is told together with every field's own reason: an object's
 * refinements are skipped once any field failed with `abort` (zod 4; the amount, the names and the documents
 * give one reason each that way), so a rule across fields written on the object was only learnt after
 * everything else was fixed. The check runs beside the object, on the body as sent (a body that is no object
 * at all is left to the object to refuse), and adds its issues; the object's output is the result.
 */
export function withBodyCheck<T extends z.ZodType>(schema: T, check: (body: Record<string, unknown>, ctx: z.RefinementCtx) => void) {
  // Its value is always {}: merged into the object's output, it adds nothing and never conflicts with it.
  const beside = z.unknown().transform((body, ctx) => {
    if (isBody(body)) check(body, ctx);
    return {};
  });
  return z.intersection(schema, beside);
}

/** An optional field: absent, null or empty is null, anything else must pass `schema`. */
export const optionalField = <T extends z.ZodType<string | null>>(schema: T) =>
  z.preprocess((value) => (typeof value === 'string' && value.trim() === '' ? null : value), schema.nullable()).default(null);

/**
 * The customer's bank account (DOMAIN 2), optional when a lead is created and when a seller edits the
 * customer: arg a CBU (its first digits name the bank, so no bank field and no type); col a bank from the
 * list, the account's type and its number, or none of them (`colBankAccountIssues`).
 */
export const bankAccountFields = {
  arg: {
    bank: optionalField(z.never({ error: 'En Argentina el banco lo indica el CBU' })).describe('No se envía: el CBU indica el banco'),
    bank_account: optionalField(cbuSchema).describe('CBU: 22 dígitos con sus dígitos verificadores (opcional)'),
    bank_account_type: optionalField(z.never({ error: 'En Argentina no se indica el tipo de cuenta: basta el CBU' })).describe('No se envía: basta el CBU'),
  },
  col: {
    bank: optionalField(z.enum(COL_BANKS, { error: 'Elige un banco de la lista' })).describe('Banco de la lista, junto con bank_account (opcional)'),
    bank_account: optionalField(colAccountSchema).describe(
      'Número de cuenta, 6 a 20 dígitos, junto con bank; en Nequi y Daviplata, el celular del titular (opcional)',
    ),
    bank_account_type: optionalField(z.enum(COL_ACCOUNT_TYPES, { error: 'Tipo de cuenta: Ahorros o Corriente' })).describe(
      'Ahorros o Corriente, con un banco; Nequi y Daviplata no tienen tipo',
    ),
  },
} as const;

export const COL_BANK_ACCOUNT_MESSAGES = {
  pair: 'Indica el banco y el número de cuenta, o ninguno',
  typeRequired: 'Elige el tipo de cuenta: ahorros o corriente',
  typeWithoutBank: 'El tipo de cuenta va con un banco y su número de cuenta',
  walletType: (bank: string) => `${bank} no tiene tipo de cuenta: déjalo vacío`,
  walletAccount: (bank: string) => `En ${bank} la cuenta es el celular del titular: 10 dígitos que empiezan por 3`,
} as const;

export interface ColBankAccount {
  bank: string | null;
  bank_account: string | null;
  bank_account_type: string | null;
}
/** A col cellphone, and so a wallet's account number. */
const COL_CELLPHONE = /^3\d{9}$/;
type BankAccountIssue = { path: 'bank_account' | 'bank_account_type'; message: string };

/**
 * What is wrong with a col bank account as a whole (each field already valid on its own): a bank and its
 * number come together or not at all; a bank's account has a type (a transfer names it), a wallet's has none
 * and its number is the holder's cellphone.
 */
export function colBankAccountIssues({ bank, bank_account: account, bank_account_type: type }: ColBankAccount): BankAccountIssue[] {
  if ((bank === null) !== (account === null)) return [{ path: 'bank_account', message: COL_BANK_ACCOUNT_MESSAGES.pair }];
  if (bank === null || account === null) return type === null ? [] : [{ path: 'bank_account_type', message: COL_BANK_ACCOUNT_MESSAGES.typeWithoutBank }];
  if (!isColWallet(bank)) return type === null ? [{ path: 'bank_account_type', message: COL_BANK_ACCOUNT_MESSAGES.typeRequired }] : [];
  return [
    ...(type === null ? [] : [{ path: 'bank_account_type' as const, message: COL_BANK_ACCOUNT_MESSAGES.walletType(bank) }]),
    ...(COL_CELLPHONE.test(account) ? [] : [{ path: 'bank_account' as const, message: COL_BANK_ACCOUNT_MESSAGES.walletAccount(bank) }]),
  ];
}
type BankValue = string | null | undefined;
type BankFieldSchemas = { [K in keyof ColBankAccount]: z.ZodType<BankValue, unknown> };
/**
 * colBankAccountIssues as a check of the whole body (withBodyCheck), so it is told together with every other
 * field's reason: `fields` read the three as the object does, and the account is checked only when all three
 * are valid on their own (one reason per field). With `keptWhenAbsent` (an edit) the three left out keep the
 * stored account, and the bank and its number come together; otherwise a field left out is none.
 */
export function colBankAccountBodyCheck(fields: BankFieldSchemas, keptWhenAbsent = false) {
  return (body: Record<string, unknown>, ctx: z.RefinementCtx) => {
    const bank = fields.bank.safeParse(body.bank);
    const account = fields.bank_account.safeParse(body.bank_account);
    const type = fields.bank_account_type.safeParse(body.bank_account_type);
    if (!bank.success || !account.success || !type.success) return;
    if (keptWhenAbsent) {
      // An edit changes the bank and its number together: one of them alone would pair the other with a stale value.
      if ((bank.data === undefined) !== (account.data === undefined)) {
        ctx.addIssue({ code: 'custom', message: COL_BANK_ACCOUNT_MESSAGES.pair, path: ['bank_account'] });
        return;
      }
      if (bank.data === undefined && account.data === undefined && type.data === undefined) return;
    }
    const value = { bank: bank.data ?? null, bank_account: account.data ?? null, bank_account_type: type.data ?? null };
    // New objects: zod's addIssue rewrites the params object it is given (message → error).
    for (const { path, message } of colBankAccountIssues(value)) ctx.addIssue({ code: 'custom', message, path: [path] });
  };
}

/**
 * A number as a form or an API client sends it: a number, or its decimal digits as text ('12', ' 25000 ',
 * '1500.50'); blank or null is none (undefined). Anything else (true, [12], '0x0c', '2.5e4') is left as it
 * is for the type check to refuse: coerced, each of those was read as some number and stored.
 */
const numberText = (value: unknown) => {
  if (value === null) return undefined;
  if (typeof value !== 'string') return value;
  const text = value.trim();
  if (text === '') return undefined;
  return /^-?\d{1,15}(\.\d{1,15})?$/.test(text) ? Number(text) : value;
};

const termOf = (limits: { minTerm: number; maxTerm: number }) =>
  z.preprocess(
    numberText,
    z
      .number({ error: (issue) => (issue.input === undefined ? 'Ingresa el plazo en cuotas' : 'El plazo es un número entero de cuotas') })
      .int('El plazo es un número entero de cuotas')
      .min(limits.minTerm, `Plazo entre ${limits.minTerm} y ${limits.maxTerm} cuotas`)
      .max(limits.maxTerm, `Plazo entre ${limits.minTerm} y ${limits.maxTerm} cuotas`),
  );

/**
 * An amount as people write it here: '2.500.000', '$ 2.500.000' or '2.500.000,00' (dots between thousands
 * and no cents, as the app shows amounts) is 2500000; blank is no amount; any other text is left to the
 * number checks ('1500.50' has cents: refused).
 */
const wholeAmountText = (value: unknown) => {
  if (typeof value !== 'string') return value;
  const text = value.replace(/[$\s\u00a0]/g, '').replace(/,0{1,2}$/, '');
  if (text === '') return undefined;
  return /^\d{1,3}(\.\d{3})+$/.test(text) ? text.replaceAll('.', '') : text;
};

/** An amount as people write it, within the country's limits. */
const AMOUNT_EXAMPLE: Record<Country, string> = { arg: '25.000', col: '2.500.000' };

const amountOf = (country: Country) => {
  const { minAmount, maxAmount } = LEAD_LIMITS[country];
  return z.preprocess(
    (value) => numberText(wholeAmountText(value)),
    z
      .any()
      .refine((value) => value !== undefined, { message: 'Ingresa el monto solicitado', abort: true })
      .pipe(
        z
          .number({ error: `Monto inválido: escribe pesos enteros, p. ej. ${AMOUNT_EXAMPLE[country]}` })
          // One reason each: out of the limits says so first (1e300 is past the maximum, not 'with cents').
          .max(maxAmount, { message: `Monto máximo ${formatMoney(country, maxAmount * 100)}`, abort: true })
          .min(minAmount, { message: `Monto mínimo ${formatMoney(country, minAmount * 100)}`, abort: true })
          .int('El monto es en unidades enteras, sin centavos'),
      ),
  );
};

/**
 * An amount as people write it ('1.500.000', '$ 1.500.000', '1.500.000,00'), within the country's limits: the
 * amount a lead asks for, and the one risk offers (the workflow holds an offer to the same limits).
 */
export const wholeAmountSchemas = { arg: amountOf('arg'), col: amountOf('col') } as const;

/** arg's document: a DNI (dots allowed), kept as digits. */
export const argDocNumberSchema = requiredText('Ingresa el DNI', 'DNI').pipe(dniSchema);

/**
 * arg: DNI plus, optionally (see NEW_CUSTOMER_FIELDS), the customer's CUIL (which must contain that DNI);
 * cellphone is the 10-digit national number.
 */
export const argLeadCreateSchema = withBodyCheck(
  // In the order of earlier versions: a body's Idempotency-Key hash is of its parsed fields in this order.
  z.object({
    first_name: leadCustomerFields.arg.first_name,
    last_name: leadCustomerFields.arg.last_name,
    birth_date: leadCustomerFields.arg.birth_date,
    email: leadCustomerFields.arg.email,
    ...commonLeadFields,
    doc_number: argDocNumberSchema,
    cuil: leadCustomerFields.arg.cuil,
    cellphone: leadCustomerFields.arg.cellphone,
    /** Whole pesos (the API stores centavos). */
    requested_amount: amountOf('arg'),
    term: termOf(LEAD_LIMITS.arg),
    ...bankAccountFields.arg,
  }),
  (body, ctx) => {
    // Only when both are given and valid on their own: one reason per field.
    const doc = argDocNumberSchema.safeParse(body.doc_number);
    const cuil = isNotGiven(body.cuil) ? undefined : customerFieldSchemas.arg.cuil.safeParse(body.cuil);
    if (doc.success && cuil?.success && cuil.data.slice(2, 10) !== doc.data.padStart(8, '0')) {
      ctx.addIssue({ code: 'custom', path: ['cuil'], message: 'El CUIL no corresponde al DNI' });
    }
  },
);

/** col identity documents (DOMAIN 2): the cédula de ciudadanía and a foreign resident's cédula de extranjería. */
export const COL_DOC_TYPES = ['CC', 'CE'] as const;
export type ColDocType = (typeof COL_DOC_TYPES)[number];
export const COL_DOC_TYPE_LABELS: Record<ColDocType, string> = { CC: 'Cédula (CC)', CE: 'Cédula de extranjería (CE)' };
const COL_DOC_SCHEMAS = { CC: colCcSchema, CE: colCeSchema } as const;

/**
 * A col document: its type (CC unless said) and its number, read by that type's rule and kept as digits.
 * A customer is one type and number: a CE and a CC with the same digits are two people.
 */
export const colDocumentFields = {
  doc_type: z.enum(COL_DOC_TYPES, { error: 'Tipo de documento: CC o CE' }).default('CC'),
  // Empty is missing, as absent is: 'Ingresa…' like every other field, not the type's rule for a wrong number.
  doc_number: requiredText('Ingresa el número de documento', 'Número de documento').trim().min(1, 'Ingresa el número de documento'),
};
/**
 * The number read by its type's rule, named on `doc_number`, together with every other field's reason
 * (withBodyCheck); a type or number the object itself refuses is named there only.
 */
export function withColDocumentRule<T extends z.ZodObject<typeof colDocumentFields>>(schema: T) {
  return withBodyCheck(
    schema.overwrite((value) => ({ ...value, doc_number: onlyDigits(value.doc_number) })),
    (body, ctx) => {
      const type = colDocumentFields.doc_type.safeParse(body.doc_type);
      const number = colDocumentFields.doc_number.safeParse(body.doc_number);
      if (!type.success || !number.success) return;
      const parsed = COL_DOC_SCHEMAS[type.data].safeParse(number.data);
      if (!parsed.success) ctx.addIssue({ code: 'custom', path: ['doc_number'], message: parsed.error.issues[0].message });
    },
  );
}

/**
 * col: a CC or a CE; cellphone (optional, see NEW_CUSTOMER_FIELDS) is 10 digits starting with 3; a bank, its
 * account's type and number, or none (colBankAccountIssues, told with the other fields' reasons).
 */
export const colLeadCreateSchema = withBodyCheck(
  withColDocumentRule(
    z.object({
      first_name: leadCustomerFields.col.first_name,
      last_name: leadCustomerFields.col.last_name,
      birth_date: leadCustomerFields.col.birth_date,
      email: leadCustomerFields.col.email,
      ...commonLeadFields,
      ...colDocumentFields,
      cellphone: leadCustomerFields.col.cellphone,
      /** Whole pesos (the API stores centavos). */
      requested_amount: amountOf('col'),
      term: termOf(LEAD_LIMITS.col),
      ...bankAccountFields.col,
    }),
  ),
  colBankAccountBodyCheck(bankAccountFields.col),
);

/**
 * The body of POST /leads: an existing customer's document needs nothing of the customer but it (identity
 * and contact data are optional: NEW_CUSTOMER_FIELDS); the server requires them for a document new to the
 * country, inside the creation's transaction.
 */
export const leadCreateSchemas = { arg: argLeadCreateSchema, col: colLeadCreateSchema } as const;

const requireNewCustomerFields = (country: Country) => (body: Record<string, unknown>, ctx: z.RefinementCtx) => {
  for (const { field, message } of missingNewCustomerFields(country, body)) ctx.addIssue({ code: 'custom', path: [field], message });
};
/**
 * A new application for a document that is not a customer's (as far as the caller knows): leadCreateSchemas
 * plus every NEW_CUSTOMER_FIELDS field, each missing one named with the others' reasons. What the form
 * checks until the lookup finds the customer, and what the server names on a refused body of a new document.
 */
export const newCustomerLeadCreateSchemas = {
  arg: withBodyCheck(argLeadCreateSchema, requireNewCustomerFields('arg')),
  col: withBodyCheck(colLeadCreateSchema, requireNewCustomerFields('col')),
} as const;
export type ArgLeadCreate = z.infer<typeof argLeadCreateSchema>;
export type ColLeadCreate = z.infer<typeof colLeadCreateSchema>;
/** What a client sends (before normalisation: the bank account fields may be absent). */
export type ArgLeadCreateInput = z.input<typeof argLeadCreateSchema>;
export type ColLeadCreateInput = z.input<typeof colLeadCreateSchema>;

export const leadCreatedSchema = z.object({
  id: z.number().int(),
  customer_id: z.number().int(),
  customer_reused: z.boolean(),
  /**
   * The fields given whose values an existing customer kept its own for (identity, a stored bank account, the
   * cellphone while an application of the customer is in audit or transfer).
   */
  customer_kept: z.array(z.enum(['first_name', 'last_name', 'birth_date', 'cuil', 'cellphone', 'bank', 'bank_account', 'bank_account_type'])),
});
export type LeadCreated = z.infer<typeof leadCreatedSchema>;

/**
 * `Idempotency-Key` (optional) on POST /leads and POST /leads/:id/notes: a client that repeats a request whose
 * answer it did not get sends the same key and gets the first answer again (with `Idempotent-Replayed:
 * true`), not a second lead or note.
 */
export const IDEMPOTENCY_MESSAGES = {
  format: 'La clave de idempotencia lleva de 1 a 255 caracteres visibles (ASCII, sin espacios)',
  reused: 'Esta clave de idempotencia ya se usó con otros datos: usa una clave nueva para otra solicitud.',
} as const;
export const idempotencyHeadersSchema = z.looseObject({
  'idempotency-key': z
    .string()
    .regex(/^[\x21-\x7e]{1,255}$/, IDEMPOTENCY_MESSAGES.format)
    .optional()
    .describe('Clave única por solicitud (p. ej. un UUID); repetirla con los mismos datos devuelve la misma respuesta durante 24 horas'),
});
