import {
  missingNewCustomerFields,
  type ColAccountType,
  type Country,
  type FieldError,
  type LeadCreated,
  type LeadSource,
} from '@backoffice/shared';
import type { Db, Tx } from '../db/client';
import {
  applicationInAuditOrTransfer,
  applicationOfAnotherSeller,
  customerChange,
  recordCustomerChange,
  type CustomerChange,
} from '../repositories/customer-changes';
import { earlierAnswer, keepAnswer, type EarlierAnswer, type IdempotencyKey } from '../repositories/idempotency-keys';
import {
  insertLeadWithHistory,
  insertNewCustomer,
  lockCustomerOfDocument,
  takeNewDocumentTurn,
  updateReusedCustomer,
  type StoredCustomer,
} from '../repositories/leads';

/** The fields a reused customer may keep (identity, a stored or held bank account, a held cellphone), by their API names. */
const KEPT_FIELDS = [
  ['firstName', 'first_name'],
  ['lastName', 'last_name'],
  ['birthDate', 'birth_date'],
  ['cuil', 'cuil'],
  ['cellphone', 'cellphone'],
  ['bank', 'bank'],
  ['bankAccount', 'bank_account'],
  ['bankAccountType', 'bank_account_type'],
] as const satisfies readonly [keyof NewLeadInput['customer'], KeptField][];
type KeptField = LeadCreated['customer_kept'][number];

/** A blank address is "not given" (the schema already says so; this holds for any caller): it never erases. */
const givenAddress = (address: string | null) => address?.trim() || null;

/**
 * What a new application writes into a reused customer (same country and document), its row locked (a status
 * change and a customer edit lock it too: the applications read here are current):
 * - cellphone, email and address take the values given, when given (nothing given keeps the stored one);
 * - not the cellphone while an application of the customer is in audit or transfer: the audit checked its
 *   'Teléfono' item against the stored one;
 * - where the money is paid is not changed by a new application (that is the sale detail's versioned
 *   customer edit): an account is filled in only when none is stored (bank and number together), and not
 *   while an application of the customer is in audit or transfer (whose account is the one audited), nor by
 *   a seller while an open application of the customer is another seller's.
 */
async function reusedValues(tx: Tx, input: NewLeadInput, stored: StoredCustomer) {
  const given = input.customer;
  const inAudit = await applicationInAuditOrTransfer(tx, input.country, stored.id);
  // A seller's application never gets here while another seller works the customer (HeldByAnotherSeller).
  const accountFillable = stored.bankAccount === null && inAudit === undefined;
  return {
    // Not given (blank in the form): the stored one stays.
    cellphone: (inAudit === undefined ? given.cellphone : undefined) ?? stored.cellphone,
    email: given.email ?? stored.email,
    address: givenAddress(given.address) ?? stored.address,
    bank: accountFillable ? given.bank : stored.bank,
    bankAccount: accountFillable ? given.bankAccount : stored.bankAccount,
    bankAccountType: accountFillable ? given.bankAccountType : stored.bankAccountType,
  };
}

/**
 * A new lead and, when its document is new to the country, its customer (which then needs its identity and
 * contact data: 'incomplete' names the missing ones, nothing written). An existing customer (same country
 * and document) is reused: its contact data (cellphone, email, address) take the values given, a field not
 * given keeping the stored one, except the cellphone while an application of the customer is in audit or
 * transfer; its identity (names, birth date, CUIL) and a stored bank account stay as they were (a bank
 * account given fills in only a missing one, see `reusedValues`); its version moves only when something
 * changes, and then every application of the customer gets a 'Datos del cliente' event. `kept` names the
 * values given that the customer's own replaced. Lead, customer, events and the first status history row
 * are written in one transaction; of concurrent creations for the same new document one inserts the
 * customer and the others reuse it. The rows are written by the leads repository; the rules are here.
 */
export class LeadCreationService {
  constructor(private readonly db: Db) {}

  /**
   * A new application (and its customer, reused by document), at most once per idempotency key: a repeat of
   * the key answers the first creation ('replayed'), or 'keyReused' when it came with other data.
   */
  async create(
    input: NewLeadInput,
    once?: IdempotencyKey,
  ): Promise<
    | { outcome: 'created' | 'replayed'; lead: LeadCreated }
    | { outcome: 'incomplete'; fields: FieldError[] }
    | { outcome: 'heldByAnotherSeller'; leadId: number }
    | { outcome: 'keyReused' }
  > {
    const asLead = (earlier: EarlierAnswer<LeadCreated>) =>
      earlier.outcome === 'replayed' ? { outcome: 'replayed' as const, lead: earlier.answer } : earlier;
    const earlier = once && (await earlierAnswer<LeadCreated>(this.db, once));
    if (earlier) return asLead(earlier);
    try {
      return { outcome: 'created', lead: await this.insertLead(input, once) };
    } catch (error) {
      if (error instanceof IncompleteNewCustomer) return { outcome: 'incomplete', fields: error.fields };
      if (error instanceof HeldByAnotherSeller) return { outcome: 'heldByAnotherSeller', leadId: error.leadId };
      // A concurrent request with the key committed first: answer what it answered.
      const answer = error instanceof KeyTaken && once && (await earlierAnswer<LeadCreated>(this.db, once));
      if (answer) return asLead(answer);
      throw error;
    }
  }

  private async insertLead(input: NewLeadInput, once: IdempotencyKey | undefined): Promise<LeadCreated> {
    const { country, customer: given } = input;
    return this.db.transaction(async (tx) => {
      // The customer of the document, locked until this commits: what it was is the timeline's record of a change.
      const lockStored = () => lockCustomerOfDocument(tx, country, given.docType, given.docNumber);
      let stored = await lockStored();
      if (!stored) {
        // A document new as far as this transaction sees: its creations take turns, and the re-read after the
        // turn sees one that committed meanwhile. So a body without the customer's data (sent because the
        // lookup saw the customer another creation had just written) reuses it instead of being refused.
        await takeNewDocumentTurn(tx, country, given.docType, given.docNumber);
        stored = await lockStored();
      }
      let inserted: StoredCustomer | undefined;
      if (!stored) {
        // A document new to the country needs the customer's identity and contact data, which an existing
        // customer's application may leave out: told here, where it is known (nothing written yet).
        const missing = missingNewCustomerFields(country, {
          first_name: given.firstName,
          last_name: given.lastName,
          birth_date: given.birthDate,
          cuil: given.cuil,
          cellphone: given.cellphone,
          email: given.email,
        });
        if (missing.length > 0) throw new IncompleteNewCustomer(missing);
        inserted = await insertNewCustomer(tx, {
          country,
          docType: given.docType,
          docNumber: given.docNumber,
          cuil: given.cuil ?? null,
          firstName: given.firstName!,
          lastName: given.lastName!,
          birthDate: given.birthDate!,
          cellphone: given.cellphone!,
          email: given.email!,
          address: givenAddress(given.address),
          bank: given.bank,
          bankAccount: given.bankAccount,
          bankAccountType: given.bankAccountType,
        });
        // A concurrent creation for the same new document inserted it first (this waited for it to commit):
        // then this one is a reuse like any other, read and locked here.
        if (!inserted) stored = await lockStored();
      }
      let customer: StoredCustomer;
      let change: CustomerChange | undefined;
      if (inserted) customer = inserted;
      else {
        if (!stored) throw new Error(`customer ${given.docType} ${given.docNumber} neither inserted nor found`);
        // One seller at a time works a customer: a seller's new application would show them the customer
        // another seller is working and change the contact data that seller calls.
        if (input.sellerId !== null) {
          const theirs = await applicationOfAnotherSeller(tx, country, stored.id, input.sellerId);
          if (theirs !== undefined) throw new HeldByAnotherSeller(theirs);
        }
        const values = await reusedValues(tx, input, stored);
        change = customerChange(stored, values);
        customer = { ...stored, ...values };
        // Only a real change is a new version: someone editing the customer in a sale detail meanwhile is not
        // refused (409) because another application repeated the data they already read.
        if (change) await updateReusedCustomer(tx, stored.id, values);
      }
      // The customer as this application leaves it decides where it starts (a banned one stops at prefilter).
      const screening = input.screen ? await input.screen(tx, customer) : { statusId: input.statusId, reason: input.reason };
      const leadId = await insertLeadWithHistory(tx, {
        country,
        customerId: customer.id,
        requestedAmount: input.requestedAmount,
        term: input.term,
        statusId: screening.statusId,
        source: input.source,
        sellerId: input.sellerId,
        userId: input.userId,
        reason: screening.reason,
      });
      await screening.after?.(tx, leadId);
      // On every application of the customer: the new one, and the others naming it (whoever created it changed them).
      if (change) await recordCustomerChange(tx, country, customer.id, leadId, input.userId, change);
      const kept = KEPT_FIELDS.filter(([key]) => given[key] != null && given[key] !== customer[key]).map(([, field]) => field);
      const created: LeadCreated = { id: leadId, customer_id: customer.id, customer_reused: !inserted, customer_kept: kept };
      if (once && !(await keepAnswer(tx, country, once, created))) throw new KeyTaken();
      return created;
    });
  }
}

/** Rolls back a creation whose idempotency key a concurrent request took. */
class KeyTaken extends Error {}

/** Rolls back a creation for a document new to the country that lacks the customer's data (`fields`). */
class IncompleteNewCustomer extends Error {
  constructor(readonly fields: FieldError[]) {
    super('new customer without its data');
  }
}

/** A seller's application for a customer whose open application `leadId` another seller works (nothing written). */
class HeldByAnotherSeller extends Error {
  constructor(readonly leadId: number) {
    super('customer worked by another seller');
  }
}

export interface NewLeadInput {
  country: Country;
  customer: {
    docType: string;
    docNumber: string;
    /*
     * The customer's identity and contact data, undefined when not given: an existing customer keeps its
     * own (and its stored contact data); a document new to the country needs them all (NEW_CUSTOMER_FIELDS;
     * col has no CUIL: null).
     */
    cuil: string | null | undefined;
    firstName: string | undefined;
    lastName: string | undefined;
    birthDate: string | undefined;
    cellphone: string | undefined;
    email: string | undefined;
    address: string | null;
    /** col only (arg's CBU names its bank); with the account or not at all. */
    bank: string | null;
    bankAccount: string | null;
    /** col only, with a bank's account (a wallet's has none). */
    bankAccountType: ColAccountType | null;
  };
  /** Minor units. */
  requestedAmount: number;
  term: number;
  statusId: number;
  source: LeadSource;
  sellerId: number | null;
  /** Who created it (the status history's author). */
  userId: number;
  reason: string;
  /**
   * Decides the status and reason instead of `statusId` and `reason`, in the creation's transaction, from the
   * customer as the application leaves it; `after` writes what goes with that start (the lead's id known).
   */
  screen?: (
    tx: Tx,
    customer: StoredCustomer,
  ) => Promise<{ statusId: number; reason: string; after?: (tx: Tx, leadId: number) => Promise<void> }>;
}
