import {
  bankAccountLockedMessage,
  cellphoneLockedMessage,
  customerHeldMessage,
  findRole,
  namesLockedMessage,
  type Country,
  type RoleKind,
  type SaleCustomerUpdate,
} from '@backoffice/shared';
import { HttpError, leadRefused } from '../lib/errors';
import type { AuthUser } from '../plugins/app/auth';
import type { CustomerEdit } from '../repositories/customer-changes';
import type { HeldField, SalesRepository } from '../repositories/sales';
import { banReasonText } from './customer-bans';

const BANNED_FIELD_LABELS = { cellphone: 'El celular', email: 'El email', bank_account: 'La cuenta bancaria' } as const;

export const STALE_CUSTOMER_MESSAGE = 'El cliente fue modificado por otro usuario: revisa sus cambios y vuelve a intentarlo.';

/**
 * Who may change the identity and bank account of a customer another seller works: the back office and
 * customer service (who correct a customer's data from the lead detail). Anyone else who edits a customer
 * (a seller, from the sale detail) is held to it while an open application of the customer is another
 * seller's.
 */
const NOT_HELD: readonly RoleKind[] = ['operator', 'supervisor', 'admin', 'atc'];

/** Why a held field cannot change, as the 409 names it. */
const heldMessage = (reason: 'otherSeller' | 'inAudit', field: HeldField, leadId: number) =>
  reason === 'otherSeller'
    ? customerHeldMessage(leadId)
    : field === 'cellphone'
      ? cellphoneLockedMessage(leadId)
      : field === 'bank_account'
        ? bankAccountLockedMessage(leadId)
        : namesLockedMessage(leadId);

/**
 * A customer edit made from one of the customer's applications (`leadId`), on the version the user read:
 * saved, or refused with a 409 that says why (stale; or each held field with its reason), nothing written.
 */
export async function editCustomer(
  sales: SalesRepository,
  country: Country,
  user: AuthUser,
  /** `ownSellerId`: the editor is a seller, who edits only while the application is theirs. */
  application: { leadId: number; customerId: number; ownSellerId: number | undefined },
  body: SaleCustomerUpdate,
): Promise<void> {
  const edit: CustomerEdit = {
    firstName: body.first_name,
    lastName: body.last_name,
    cellphone: body.cellphone,
    email: body.email,
    // A field left out keeps its value: it is neither written nor shown as a change in the timeline.
    ...(body.address !== undefined && { address: body.address }),
    ...(body.bank !== undefined && { bank: body.bank }),
    // The type goes with the number (col sends the bank, number and type together; arg has no type).
    ...(body.bank_account !== undefined && { bankAccount: body.bank_account, bankAccountType: body.bank_account_type ?? null }),
  };
  const kind = findRole(country, user.role)?.kind;
  const editor = { userId: user.id, sellerId: kind && NOT_HELD.includes(kind) ? undefined : user.id, ownSellerId: application.ownSellerId };
  const result = await sales.updateCustomer(country, application.leadId, application.customerId, editor, body.version, edit);
  if (!result.saved && result.reason === 'stale') throw new HttpError(409, STALE_CUSTOMER_MESSAGE);
  if (!result.saved && result.reason === 'refused') throw leadRefused(result.refusal);
  if (!result.saved && result.reason === 'banned') {
    const message = `${BANNED_FIELD_LABELS[result.field]} no se puede usar: ${banReasonText(result.ban)}`;
    throw new HttpError(409, message, [{ field: result.field, message }]);
  }
  if (!result.saved) {
    // A conflict with the state of the customer's other applications, not a permission: it passes once
    // that application closes (or leaves audit and transfer). Each refused field says why.
    const { reason, leadId } = result;
    const fields = result.fields.map((field) => ({ field, message: heldMessage(reason, field, leadId) }));
    throw new HttpError(409, [...new Set(fields.map((f) => f.message))].join(' '), fields);
  }
}
