import type { LeadDetail } from '@backoffice/shared';

/*
 * A customer edit that someone else's save overtook (a 409, or a newer version read while typing): what the
 * user typed is kept on the stored version, and the fields the other user changed are named, so nothing is
 * lost and nothing of theirs is overwritten unseen. Pure logic of the customer form (customer-form.tsx).
 */

/** The customer form's fields, as the form holds them (a blank string for a null). */
export const CUSTOMER_FORM_FIELDS = [
  'first_name',
  'last_name',
  'cellphone',
  'email',
  'address',
  'bank',
  'bank_account',
  'bank_account_type',
] as const;
export type CustomerFormField = (typeof CUSTOMER_FORM_FIELDS)[number];
export type CustomerFormValues = Record<CustomerFormField, string> & { version: number };

/** The form's values of a stored customer. */
export function customerFormValues(customer: LeadDetail['customer']): CustomerFormValues {
  return {
    first_name: customer.first_name,
    last_name: customer.last_name,
    cellphone: customer.cellphone ?? '',
    email: customer.email ?? '',
    address: customer.address ?? '',
    bank: customer.bank ?? '',
    bank_account: customer.bank_account ?? '',
    bank_account_type: customer.bank_account_type ?? '',
    version: customer.version,
  };
}

const text = (value: unknown): string => (value === undefined || value === null ? '' : String(value));

/** A field the other user changed, with what is stored now. */
export interface OtherUserChange {
  field: CustomerFormField;
  /** Their value, stored now. */
  stored: string;
  /**
   * The user had changed the field too, to something else: the form keeps what they typed (saving again
   * replaces the other user's value, which they have now seen). Otherwise the form shows the stored value.
   */
  conflict: boolean;
}

export interface RebasedEdit {
  /** What the form shows now, on the stored version. */
  values: CustomerFormValues;
  /** The fields the other user changed whose stored value differs from what the form showed, in form order. */
  changes: OtherUserChange[];
  /** Whether the user had changed anything (when not, the form simply shows the stored customer). */
  typed: boolean;
}

/**
 * Moves an edit onto the stored customer. `base` is the stored customer the user started from (undefined
 * when it is not known, e.g. a draft kept before this was remembered); `typed` the form's values; `stored`
 * the customer as stored now. Each field takes what the user typed when they changed it, the stored value
 * otherwise; a field changed on both sides keeps the user's value and is flagged as a conflict. Without a
 * base nobody can tell who changed a field: every field where the form and the store differ keeps what the
 * form had and is flagged, so the user sees both values before saving.
 */
export function rebaseCustomerEdit(
  base: CustomerFormValues | undefined,
  typed: CustomerFormValues,
  stored: CustomerFormValues,
): RebasedEdit {
  const values: CustomerFormValues = { ...stored };
  const changes: OtherUserChange[] = [];
  let anyTyped = false;
  for (const field of CUSTOMER_FORM_FIELDS) {
    const mine = text(typed[field]);
    const theirs = text(stored[field]);
    if (base === undefined) {
      if (mine !== theirs) {
        anyTyped = true;
        values[field] = mine;
        changes.push({ field, stored: theirs, conflict: true });
      }
      continue;
    }
    const before = text(base[field]);
    const userChanged = mine !== before;
    const otherChanged = theirs !== before;
    if (userChanged) {
      anyTyped = true;
      values[field] = mine;
    }
    if (otherChanged && mine !== theirs) changes.push({ field, stored: theirs, conflict: userChanged });
  }
  return { values, changes, typed: anyTyped };
}

/** The changes still to show after another rebase: a field named again takes its newest entry. */
export function mergeChanges(previous: readonly OtherUserChange[], next: readonly OtherUserChange[]): OtherUserChange[] {
  const byField = new Map<CustomerFormField, OtherUserChange>();
  for (const change of [...previous, ...next]) byField.set(change.field, change);
  return CUSTOMER_FORM_FIELDS.flatMap((field) => {
    const change = byField.get(field);
    return change ? [change] : [];
  });
}

/** Reads a stored JSON snapshot of the form's values (a draft's base), or undefined when it is not one. */
export function parseFormValues(json: string): CustomerFormValues | undefined {
  if (!json) return undefined;
  try {
    const value: unknown = JSON.parse(json);
    if (!value || typeof value !== 'object' || Array.isArray(value)) return undefined;
    const record = value as Record<string, unknown>;
    if (typeof record.version !== 'number') return undefined;
    const values = { version: record.version } as CustomerFormValues;
    for (const field of CUSTOMER_FORM_FIELDS) values[field] = text(record[field]);
    return values;
  } catch {
    return undefined;
  }
}
