import { z } from 'zod';
import { COL_ACCOUNT_TYPES, COL_BANKS } from '../catalogues/banks';
import { cbuSchema, colAccountSchema } from '../documents';
import { colBankAccountBodyCheck, customerFieldSchemas, exportQuery, leadDetailSchema, leadListQuerySchema, withBodyCheck } from './leads';
import { addressText, freeText, idSchema, positiveInt } from './common';
import { csvOf } from './list';
import { AUDIT_DECISION_LABELS } from './audits';

/*
 * /sales and /sale-detail: the seller's working list (the lead list restricted to the SPEC 4 sales
 * statuses) and what a seller does on one application besides the status transitions (those are the
 * workflow routes): edit the customer's data and schedule a call back.
 */

/**
 * The sales list query: the lead list's filters, with `sales_status` (ids of `salesStatusesOf(country)`)
 * in place of `status`. Without `sales_status` the list holds every sales status; `step` narrows it
 * further (the intersection, as in the lead list).
 */
export const salesListQuerySchema = leadListQuerySchema.omit({ status: true }).extend({
  sales_status: csvOf(idSchema),
});
export type SalesListQuery = z.infer<typeof salesListQuerySchema>;
export type SalesListParams = z.input<typeof salesListQuerySchema>;

export const salesExportQuerySchema = salesListQuerySchema.extend(exportQuery);

/** Call backs: pending until the reminder is resolved or postponed (the call reminders issue). */
export const SCHEDULED_CALL_STATUSES = ['pending', 'resolved', 'postponed', 'cancelled'] as const;

export const scheduledCallSchema = z.object({
  id: z.number().int(),
  schedule_time: z.string(),
  status: z.enum(SCHEDULED_CALL_STATUSES),
  note: z.string().nullable(),
  /** A reschedule sends it back (409 when someone moved the call back first). */
  version: z.number().int(),
});
export type ScheduledCall = z.infer<typeof scheduledCallSchema>;

/**
 * Why a customer's bank account cannot change now: application `leadId` is in audit or transfer
 * (BANK_ACCOUNT_LOCKED_STATUSES), where the account is the one audited or being paid into.
 */
export const bankAccountLockedMessage = (leadId: number) =>
  `La cuenta bancaria no se puede cambiar mientras la solicitud #${leadId} está en auditoría o transferencia. Si hay que corregirla, Auditoría la devuelve al vendedor con "${AUDIT_DECISION_LABELS.request_information}".`;

/**
 * Why a customer's cellphone cannot change now: as the bank account (BANK_ACCOUNT_LOCKED_STATUSES), the
 * audit checked the 'Teléfono' item against it, and a transfer's confirmation goes to it.
 */
export const cellphoneLockedMessage = (leadId: number) =>
  `El celular no se puede cambiar mientras la solicitud #${leadId} está en auditoría o transferencia. Si hay que corregirlo, Auditoría la devuelve al vendedor con "${AUDIT_DECISION_LABELS.request_information}".`;

/**
 * Why a customer's names cannot change now: as the bank account (BANK_ACCOUNT_LOCKED_STATUSES), the audit
 * checked the 'Identidad' item against them, and the transfer pays a holder of that name.
 */
export const namesLockedMessage = (leadId: number) =>
  `El nombre y el apellido no se pueden cambiar mientras la solicitud #${leadId} está en auditoría o transferencia. Si hay que corregirlos, Auditoría la devuelve al vendedor con "${AUDIT_DECISION_LABELS.request_information}".`;

/**
 * Why a seller cannot change a customer's identity (names) or bank account from their sale: application
 * `leadId` of the same customer, still open, is another seller's (they would pay into or call someone else).
 */
export const customerHeldMessage = (leadId: number) =>
  `Otro vendedor gestiona la solicitud #${leadId} de este cliente: su identidad y su cuenta bancaria no se pueden cambiar desde esta venta.`;

/** `GET /sales/:id`: the lead detail plus the lead's pending call backs (soonest first). */
export const saleDetailSchema = leadDetailSchema.extend({
  scheduled_calls: z.array(scheduledCallSchema),
});
export type SaleDetail = z.infer<typeof saleDetailSchema>;

/*
 * Customer edits reuse the field rules of lead creation (the same messages, the same normalisation: the
 * cellphone keeps its digits, the email is lower-cased). Identity documents are not editable here.
 */
const argFields = customerFieldSchemas.arg;
const colFields = customerFieldSchemas.col;
/*
 * The address and the bank account are optional in an edit: absent, the stored value is kept (an API
 * client that leaves them out must not erase where the money is paid); null or blank clears it.
 */
const addressField = addressText()
  .nullable()
  .transform((value) => (value ? value : null))
  .optional();
const keptIfAbsent = <T extends z.ZodType<string | null>>(schema: T) =>
  z.preprocess((value) => (typeof value === 'string' && value.trim() === '' ? null : value), schema.nullable()).optional();
const versionField = positiveInt();

export const argSaleCustomerUpdateSchema = z.object({
  first_name: argFields.first_name,
  last_name: argFields.last_name,
  cellphone: argFields.cellphone,
  email: argFields.email,
  address: addressField,
  bank: keptIfAbsent(z.never({ error: 'En Argentina el banco lo indica el CBU' })).describe('No se envía: el CBU indica el banco'),
  bank_account: keptIfAbsent(cbuSchema).describe(
    'CBU: 22 dígitos con sus dígitos verificadores; ausente se conserva, null o vacío lo borra',
  ),
  bank_account_type: keptIfAbsent(z.never({ error: 'En Argentina no se indica el tipo de cuenta: basta el CBU' })).describe(
    'No se envía: basta el CBU',
  ),
  /** The customer's version as read (409 when someone saved first). */
  version: versionField,
});

const colBankFields = {
  bank: keptIfAbsent(z.enum(COL_BANKS, { error: 'Elige un banco de la lista' })).describe(
    'Banco de la lista, con bank_account y bank_account_type; ausentes los tres se conservan',
  ),
  bank_account: keptIfAbsent(colAccountSchema).describe(
    'Número de cuenta, 6 a 20 dígitos (en Nequi y Daviplata, el celular del titular); null o vacíos los tres la borran',
  ),
  bank_account_type: keptIfAbsent(z.enum(COL_ACCOUNT_TYPES, { error: 'Tipo de cuenta: Ahorros o Corriente' })).describe(
    'Ahorros o Corriente con un banco; null con Nequi o Daviplata',
  ),
};
export const colSaleCustomerUpdateSchema = withBodyCheck(
  z.object({
    first_name: colFields.first_name,
    last_name: colFields.last_name,
    cellphone: colFields.cellphone,
    email: colFields.email,
    address: addressField,
    ...colBankFields,
    version: versionField,
  }),
  // The three left out (kept), or a whole account, or none. Told with the other fields' reasons.
  colBankAccountBodyCheck(colBankFields, true),
);

export const saleCustomerUpdateSchemas = { arg: argSaleCustomerUpdateSchema, col: colSaleCustomerUpdateSchema } as const;
export type SaleCustomerUpdate = z.infer<(typeof saleCustomerUpdateSchemas)['arg' | 'col']>;
export type SaleCustomerUpdateInput = z.input<(typeof saleCustomerUpdateSchemas)['arg' | 'col']>;

export const CALL_BACK_NOTE_MAX = 500;
/** How far ahead a call back may be booked: further is a mistyped year, not a plan. */
export const CALL_BACK_MAX_DAYS = 90;

/**
 * Pending call backs an application may have at once: a seller plans the next call or two, not a calendar;
 * beyond this a script or a stuck button is filling the seller's reminders.
 */
export const CALL_BACK_MAX_PENDING = 10;

/** What a closed sale's detail says where its call backs and management status were offered. */
export const CLOSED_SALE_MESSAGE =
  'La solicitud está cerrada: ya no se programan llamadas ni cambia su estado de gestión. Las notas siguen.';

export const CALL_BACK_MESSAGES = {
  /** The application ended (a terminal status): its call backs are cancelled and no new one is taken. */
  closed: 'La solicitud está cerrada: no se programan llamadas sobre ella.',
  full: `La solicitud ya tiene ${CALL_BACK_MAX_PENDING} llamadas programadas: resuelve alguna antes de programar otra.`,
  /** Cancel / reschedule / resolve / postpone of a call back id unknown here (or another application's). */
  notFound: 'Llamada programada no encontrada',
  /** It was resolved, postponed or cancelled meanwhile (the reminder, another tab, the application ending). */
  notPending: 'Esta llamada ya fue resuelta, pospuesta o cancelada',
  /** Rescheduled onto the time of another of the application's pending call backs. */
  sameTime: 'La solicitud ya tiene otra llamada programada para esa fecha y hora',
  /** Reprogramar with the time it already has: nothing to move. */
  sameAsBefore: 'La llamada ya está programada para esa fecha y hora: elige otra',
  /** A reschedule made on a call back someone else moved since it was read (its `version`). */
  stale: 'Otra persona reprogramó esta llamada mientras la editabas: revisa su nuevo horario.',
  cancelled: 'Llamada cancelada',
  rescheduled: 'Llamada reprogramada',
  cancelConfirm: (when: string) => `¿Cancelar la llamada programada del ${when}? Deja de estar entre los recordatorios.`,
} as const;

/** `POST /sales/:id/call-back`: when to call (an ISO date-time with offset, in the future, within CALL_BACK_MAX_DAYS) and why. */
export const scheduleCallBodySchema = z.object({
  at: z.iso
    // One reason each: a date that is not one is not also 'in the past'.
    .datetime({ offset: true, error: 'Indica fecha y hora de la llamada', abort: true })
    .refine((value) => new Date(value).getTime() > Date.now(), { message: 'La llamada debe programarse en el futuro', abort: true })
    .refine((value) => new Date(value).getTime() <= Date.now() + CALL_BACK_MAX_DAYS * 86_400_000, {
      message: `La llamada debe programarse dentro de los próximos ${CALL_BACK_MAX_DAYS} días`,
    }),
  note: freeText()
    .max(CALL_BACK_NOTE_MAX, `La nota admite hasta ${CALL_BACK_NOTE_MAX} caracteres`)
    .optional()
    .transform((text) => (text ? text : undefined)),
});
export type ScheduleCallBody = z.input<typeof scheduleCallBodySchema>;

/** `/sales/:id/call-back/:callId…`: the application and one of its call backs (scheduled_calls id). */
export const callBackParamsSchema = z.object({ id: idSchema, callId: idSchema });
export type CallBackParams = z.infer<typeof callBackParamsSchema>;

/**
 * `PATCH /sales/:id/call-back/:callId`: a pending call back moved to another time, with the rules and
 * messages of booking one (a date-time with offset, in the future, within CALL_BACK_MAX_DAYS), on the version
 * read. The answer is
 * the sale (saleDetailSchema), as booking's.
 */
export const rescheduleCallBodySchema = scheduleCallBodySchema.pick({ at: true }).extend({
  /** The call back's version as read (scheduledCallSchema): 409 `stale` when someone moved it first. */
  version: versionField,
});
export type RescheduleCallBody = z.input<typeof rescheduleCallBodySchema>;

/*
 * The timeline's texts of a call back (type 'call_back'): booked ('Llamar el …'), cancelled and rescheduled
 * from the sale detail ('Llamada del … cancelada', '… reprogramada al …', as resolve and postpone read). The
 * server writes them, the timeline titles the entry by its kind. `when` is formatDateTime's text.
 */
export const callBackEventText = {
  cancelled: (when: string, note: string | null) => `Llamada del ${when} cancelada${note ? `\n${note}` : ''}`,
  rescheduled: (from: string, to: string) => `Llamada del ${from} reprogramada al ${to}`,
} as const;

/** Which call back change a 'call_back' timeline entry records (its first line is the server's own). */
export function callBackEventKind(text: string | null): 'scheduled' | 'cancelled' | 'rescheduled' {
  const [first = ''] = (text ?? '').split('\n', 1);
  if (/^Llamada del .+ cancelada$/.test(first)) return 'cancelled';
  if (/^Llamada del .+ reprogramada al .+$/.test(first)) return 'rescheduled';
  return 'scheduled';
}

/** `POST /sales/:id/take`: the lead, now assigned to the seller who took it. */
export const takeSaleResponseSchema = z.object({ id: z.number().int(), seller_id: z.number().int(), version: z.number().int() });
export type TakeSaleResponse = z.infer<typeof takeSaleResponseSchema>;
