import type { Country } from '../countries';
import type { StatusColor } from './statuses';

/** A catalogue entry: the stored id, its Spanish label, and how a chip shows it. */
export interface CatalogueEntry<Id extends string = string> {
  id: Id;
  label: string;
  color: StatusColor;
}

/**
 * Loan statuses (DOMAIN 2). arg numbers them in its SPEC 4 status catalogue (ACTIVE 43, OVERDUE 44, PAID 39,
 * CLOSED 22, BAD_DEBT 6, CANCELLED 21, ANNULED 45); col's catalogue has no loan statuses, so both store the code.
 */
export const LOAN_STATUSES = [
  { id: 'ACTIVE', label: 'Al día', color: 'success' },
  { id: 'OVERDUE', label: 'En mora', color: 'error' },
  { id: 'PAID', label: 'Pagado', color: 'primary' },
  { id: 'CLOSED', label: 'Cerrado', color: 'default' },
  { id: 'BAD_DEBT', label: 'Incobrable', color: 'error' },
  { id: 'CANCELLED', label: 'Cancelado', color: 'default' },
  { id: 'ANNULED', label: 'Anulado', color: 'secondary' },
] as const satisfies readonly CatalogueEntry[];
export type LoanStatus = (typeof LOAN_STATUSES)[number]['id'];

/**
 * Installment states (the filter resource INSTALLMENT_STATUSES lists each country's codes), stored as col's SPEC 4 string ids; arg shows its own catalogue's names
 * (PENDING 40, PARTIAL 42, OVERDUE 44, PAID 39, UNPAID 41 for one paid late with debt left, CANCELLED 21).
 */
export const INSTALLMENT_STATES = [
  { id: 'pending', label: 'Pendiente', color: 'default' },
  { id: 'partial', label: 'Pago parcial', color: 'warning' },
  { id: 'overdue', label: 'Vencida', color: 'error' },
  { id: 'paid', label: 'Pagada', color: 'success' },
  { id: 'debt', label: 'Pagada con deuda', color: 'warning' },
  { id: 'cancelled', label: 'Anulada', color: 'default' },
] as const satisfies readonly CatalogueEntry[];
export type InstallmentStatus = (typeof INSTALLMENT_STATES)[number]['id'];

/** How each country writes an installment status (its catalogue's code). */
export const INSTALLMENT_STATUS_CODES: Record<Country, Record<InstallmentStatus, string>> = {
  arg: { pending: 'PENDING', partial: 'PARTIAL', overdue: 'OVERDUE', paid: 'PAID', debt: 'UNPAID', cancelled: 'CANCELLED' },
  col: { pending: 'pending', partial: 'partial', overdue: 'overdue', paid: 'paid', debt: 'debt', cancelled: 'cancelled' },
};

/** Days-past-due buckets of a collections portfolio. */
export const BUCKETS = [
  { id: '1-30', label: '1 a 30 días', min: 1, max: 30 },
  { id: '31-60', label: '31 a 60 días', min: 31, max: 60 },
  { id: '61-90', label: '61 a 90 días', min: 61, max: 90 },
  { id: '90+', label: 'Más de 90 días', min: 91, max: Number.POSITIVE_INFINITY },
] as const;
export type Bucket = (typeof BUCKETS)[number]['id'];

/** The bucket of a number of days past due; null while the loan is current. */
export function bucketOf(daysPastDue: number): Bucket | null {
  return BUCKETS.find((b) => daysPastDue >= b.min && daysPastDue <= b.max)?.id ?? null;
}

export const PAYMENT_CHANNELS = [
  { id: 'transfer', label: 'Transferencia' },
  { id: 'debit_card', label: 'Tarjeta de débito' },
  { id: 'cash_network', label: 'Red de cobranza' },
  { id: 'voluntary', label: 'Pago voluntario' },
] as const;
export type PaymentChannel = (typeof PAYMENT_CHANNELS)[number]['id'];

/** How a management reached the customer. */
export const MANAGEMENT_CHANNELS = [
  { id: 'call', label: 'Llamada' },
  { id: 'whatsapp', label: 'WhatsApp' },
  { id: 'sms', label: 'SMS' },
  { id: 'email', label: 'Email' },
  { id: 'visit', label: 'Visita' },
] as const;
export type ManagementChannel = (typeof MANAGEMENT_CHANNELS)[number]['id'];
export const MANAGEMENT_CHANNEL_IDS = MANAGEMENT_CHANNELS.map((c) => c.id) as [ManagementChannel, ...ManagementChannel[]];

/** The outcome of a collection management (a loan's); an application's uses SPEC 9's MANAGEMENT_STATUSES. */
export const COLLECTION_OUTCOMES = [
  { id: 'promise', label: 'Promesa de pago' },
  { id: 'paid', label: 'Pagó' },
  { id: 'refused', label: 'Se niega a pagar' },
  { id: 'wrong_number', label: 'Número equivocado' },
  { id: 'no_answer', label: 'No responde' },
  { id: 'voicemail', label: 'Contestador' },
  { id: 'third_party', label: 'Atiende tercero' },
  { id: 'call_back', label: 'Volver a llamar' },
] as const;
export type CollectionOutcome = (typeof COLLECTION_OUTCOMES)[number]['id'];

export const PROMISE_STATUSES = [
  { id: 'pending', label: 'Pendiente', color: 'info' },
  { id: 'kept', label: 'Cumplida', color: 'success' },
  { id: 'broken', label: 'Incumplida', color: 'error' },
  { id: 'cancelled', label: 'Cancelada', color: 'default' },
] as const satisfies readonly CatalogueEntry[];
export type PromiseStatus = (typeof PROMISE_STATUSES)[number]['id'];

/** What a loan's timeline holds (loan_events.type). */
export const LOAN_EVENT_TYPES = [
  'created',
  'status',
  'payment',
  'payment_reversed',
  'assignment',
  'management',
  'promise',
  'promise_kept',
  'promise_broken',
  'communication',
  'note',
  /** A call placed from the collection detail (click-to-call). */
  'call',
  'voluntary_pay_accepted',
  'voluntary_pay_rejected',
] as const;
export type LoanEventType = (typeof LOAN_EVENT_TYPES)[number];

/** The label of an id in a catalogue, or the id itself when unknown (never an empty cell). */
export function catalogueLabel(catalogue: readonly { id: string; label: string }[], id: string | null | undefined): string {
  if (id == null) return '';
  return catalogue.find((e) => e.id === id)?.label ?? id;
}
