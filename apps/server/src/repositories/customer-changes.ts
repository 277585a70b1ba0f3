import { BANK_ACCOUNT_LOCKED_STATUSES, CLOSED_STATUSES, type ColAccountType, type Country } from '@backoffice/shared';
import { and, asc, eq, inArray, isNotNull, ne, notInArray } from 'drizzle-orm';
import type { Tx } from '../db/client';
import { leadEvents, leads } from '../db/schema';

/** A customer's edit; the optional fields, when absent, keep their stored values. */
export interface CustomerEdit {
  firstName: string;
  lastName: string;
  cellphone: string;
  email: string;
  address?: string | null;
  bank?: string | null;
  bankAccount?: string | null;
  /** Set with the account number: col's Ahorros or Corriente, null for a wallet or a CBU. */
  bankAccountType?: ColAccountType | null;
}

/** Timeline labels of the customer's editable fields, in form order. */
const FIELD_LABELS: [keyof CustomerEdit, string][] = [
  ['firstName', 'Nombre'],
  ['lastName', 'Apellido'],
  ['cellphone', 'Celular'],
  ['email', 'Email'],
  ['address', 'Domicilio'],
  ['bank', 'Banco'],
  ['bankAccount', 'Cuenta bancaria'],
  ['bankAccountType', 'Tipo de cuenta'],
];

type CustomerFields = Partial<Record<keyof CustomerEdit, string | null>>;

/** A 'customer' timeline event's texts: what changed, as shown, and the raw values before and after. */
export interface CustomerChange {
  body: string;
  fromValue: string;
  toValue: string;
}

/**
 * The change between two readings of a customer, over the fields both hold; undefined when none changed
 * (no event is written then).
 */
export function customerChange(before: CustomerFields, after: CustomerFields): CustomerChange | undefined {
  const changed = FIELD_LABELS.filter(([key]) => key in before && key in after && (before[key] ?? null) !== (after[key] ?? null));
  if (changed.length === 0) return undefined;
  return {
    body: changed.map(([key, label]) => `${label}: ${after[key] ?? '(vacío)'}`).join('\n'),
    fromValue: JSON.stringify(Object.fromEntries(changed.map(([key]) => [key, before[key] ?? null]))),
    toValue: JSON.stringify(Object.fromEntries(changed.map(([key]) => [key, after[key] ?? null]))),
  };
}

/**
 * The change as a 'Datos del cliente' event on every application of the customer, where calls, audits and
 * transfers read these data (closed ones too: their detail shows the customer as it is now): `leadId`, the
 * application it was made from (a new one, or the sale edited), with the change itself, and the others
 * naming it ('Por la solicitud #N'), so whoever works any of them sees who changed what.
 */
export async function recordCustomerChange(
  tx: Tx,
  country: Country,
  customerId: number,
  leadId: number,
  userId: number,
  change: CustomerChange,
): Promise<void> {
  const applications = await tx.select({ id: leads.id }).from(leads).where(eq(leads.customerId, customerId));
  await tx.insert(leadEvents).values(
    applications.map(({ id }) => ({
      country,
      leadId: id,
      type: 'customer',
      userId,
      ...change,
      body: id === leadId ? change.body : `Por la solicitud #${leadId}\n${change.body}`,
    })),
  );
}

/*
 * The holds on a customer's data, read with the customer's row locked (a status change locks it too, so the
 * statuses read are current).
 */

/**
 * The customer's first application in audit or transfer (BANK_ACCOUNT_LOCKED_STATUSES), whose audit checked
 * the bank account and the cellphone and whose transfer pays into that account; undefined when none is.
 */
export async function applicationInAuditOrTransfer(tx: Tx, country: Country, customerId: number): Promise<number | undefined> {
  const [row] = await tx
    .select({ id: leads.id })
    .from(leads)
    .where(and(eq(leads.customerId, customerId), inArray(leads.statusId, [...BANK_ACCOUNT_LOCKED_STATUSES[country]])))
    .orderBy(asc(leads.id))
    .limit(1);
  return row?.id;
}

/**
 * The customer's first open application (not in a terminal status) assigned to a seller other than
 * `sellerId`: while there is one, `sellerId` may not change the customer's identity or bank account (the
 * other seller would call someone else, or have the loan paid elsewhere). Undefined when there is none.
 */
export async function applicationOfAnotherSeller(
  tx: Tx,
  country: Country,
  customerId: number,
  sellerId: number,
): Promise<number | undefined> {
  const [row] = await tx
    .select({ id: leads.id })
    .from(leads)
    .where(
      and(
        eq(leads.customerId, customerId),
        isNotNull(leads.sellerId),
        ne(leads.sellerId, sellerId),
        notInArray(leads.statusId, [...CLOSED_STATUSES[country]]),
      ),
    )
    .orderBy(asc(leads.id))
    .limit(1);
  return row?.id;
}
