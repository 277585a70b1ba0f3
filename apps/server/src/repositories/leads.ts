import {
  BANK_ACCOUNT_LOCKED_STATUSES,
  managementTimelineText,
  stepsOf,
  CLOSED_STATUSES,
  type Country,
  type CustomerSummary,
  type LeadDetail,
  type LeadSource,
} from '@backoffice/shared';
import { and, count, eq, fillPlaceholders, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { queryRows, type Db, type Tx } from '../db/client';
import { customers, leadEvents, leadStatusHistory, leads, users } from '../db/schema';
import type { JsonText } from '../lib/json-text';
import { jsonMembersText, jsonObjectText, type JsonMembers } from '../db/json-sql';
import { ph, StatementCache, type Compiled, type Params } from '../db/statements';
import { handOverCallBacks } from './calls';
import { recordLeadManagement } from './management-records';
import { holdLead, type LeadRefusal } from './lead-lock';
import { earlierAnswer, keepAnswer, type IdempotencyKey } from './idempotency-keys';
import { oneRow } from '../db/rows';

/** CREATED is id 1 in both catalogues. */
export const CREATED_STATUS = 1;

const stepLabels = {
  arg: new Map(stepsOf('arg').map((step) => [step.id, step.label])),
  col: new Map(stepsOf('col').map((step) => [step.id, step.label])),
} satisfies Record<Country, Map<number, string>>;

/** The customer columns of a joined row (customerSummaryOf maps them). */
export const customerColumns = {
  customerId: customers.id,
  docType: customers.docType,
  docNumber: customers.docNumber,
  cuil: customers.cuil,
  firstName: customers.firstName,
  lastName: customers.lastName,
  cellphone: customers.cellphone,
  email: customers.email,
};

/**
 * A timestamp as the API gives it (ISO 8601, UTC, milliseconds), formatted by PostgreSQL: the driver then
 * hands over the text as it is, instead of parsing a Date per column that would only be formatted again.
 */
export function isoText(column: PgColumn | SQL): SQL<string> {
  return sql<string>`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
}

export function stepLabelOf(country: Country, statusId: number): string | null {
  return stepLabels[country].get(statusId) ?? null;
}

type CustomerColumns = {
  customerId: number;
  docType: string;
  docNumber: string;
  cuil: string | null;
  firstName: string;
  lastName: string;
  cellphone: string | null;
  email: string | null;
};

/** A customer as lists show it, from the customer columns of a joined row. */
export function customerSummaryOf(row: CustomerColumns): CustomerSummary {
  return {
    id: row.customerId,
    doc_type: row.docType,
    doc_number: row.docNumber,
    cuil: row.cuil,
    first_name: row.firstName,
    last_name: row.lastName,
    cellphone: row.cellphone,
    email: row.email,
  };
}

/** `{id, name}` of a user joined by a left join (null when there is none). */
export function personRefOf(id: number | null, name: string | null): { id: number; name: string } | null {
  return id !== null && name !== null ? { id, name } : null;
}

/** Step labels by status id (index id - 1: PostgreSQL arrays start at 1), bound as `steps` for listItemJson. */
export const STEP_LABEL_ARRAYS = {
  arg: stepLabelArray('arg'),
  col: stepLabelArray('col'),
} satisfies Record<Country, (string | null)[]>;

function stepLabelArray(country: Country): (string | null)[] {
  const labels = stepLabels[country];
  const last = Math.max(0, ...labels.keys());
  return Array.from({ length: last }, (_, i) => labels.get(i + 1) ?? null);
}

/**
 * A lead as the JSON text of the API's LeadListItem, built by PostgreSQL (jsonObjectText): the rows of list
 * pages and the core of the detail. Node's one thread is what a list request waits for; this way it neither
 * parses two dozen columns per row nor serialises them again, it joins the rows' texts. `steps`: the
 * country's STEP_LABEL_ARRAYS as a text[] value. `detail`: the LeadDetail's further members of the customer
 * and of the lead.
 */
export function listItemJson(steps: SQL, detail?: { customer: JsonMembers; lead: JsonMembers }): SQL<string> {
  // Stored with the customer's row (customers.list_json); the detail's further members go before its brace.
  const customer = detail ? sql`(left(${customers.listJson}, -1) || ${jsonMembersText(detail.customer)} || '}')` : customers.listJson;
  const seller = sql`case when ${users.id} is null then null else ${jsonObjectText([
    ['id', users.id, 'number'],
    ['name', users.name, 'string'],
  ])} end`;
  return jsonObjectText([
    ['id', leads.id, 'number'],
    ['created_at', isoText(leads.createdAt), 'plain'],
    ['updated_at', isoText(leads.updatedAt), 'plain'],
    ['status_id', leads.statusId, 'number'],
    // The country's step labels: catalogue texts, bound as a parameter.
    ['step', sql`(${steps}::text[])[${leads.statusId}]`, 'plain'],
    ['customer', customer, 'json'],
    ['requested_amount', leads.requestedAmount, 'number'],
    ['term', leads.term, 'number'],
    ['seller', seller, 'json'],
    ['management_status', leads.managementStatus, 'string'],
    ['next_call_at', isoText(leads.nextCallAt), 'plain'],
    ['data_rate', leads.dataRate, 'number'],
    ['source', leads.source, 'string'],
    ['version', leads.version, 'number'],
    ...(detail?.lead ?? []),
  ]);
}

/**
 * The lead's status history and events as a JSON array of TimelineEntry, newest first: a sub-select of the
 * detail's statement (one round trip for the whole detail).
 */
const timelineJson = sql<string>`(
  select coalesce(json_agg(json_build_object(
           'id', t.id, 'type', t.type, 'at', t.at,
           'user', case when t.user_id is null or t.user_name is null then null else json_build_object('id', t.user_id, 'name', t.user_name) end,
           'from_status', t.from_status, 'to_status', t.to_status, 'text', t.text)
         order by t.ts desc, t.seq desc, t.id desc), '[]'::json)
    from (select 's' || h.id::text as id, 'status' as type, ${isoText(sql`h.created_at`)} as at, h.created_at as ts, h.id as seq,
                 h.user_id, u.name as user_name, h.from_status, h.to_status, h.reason as text
            from ${leadStatusHistory} h left join ${users} u on u.id = h.user_id
           where h.lead_id = ${leads.id}
          union all
          select 'e' || e.id::text, e.type, ${isoText(sql`e.created_at`)}, e.created_at, e.id,
                 e.user_id, u.name, null, null, e.body
            from ${leadEvents} e left join ${users} u on u.id = e.user_id
           where e.lead_id = ${leads.id}) t)`;

/** A reused customer as stored: the fields a new application may change (services/lead-creation.ts) and its identity. */
const storedCustomerColumns = {
  id: customers.id,
  cellphone: customers.cellphone,
  email: customers.email,
  address: customers.address,
  bank: customers.bank,
  bankAccount: customers.bankAccount,
  bankAccountType: customers.bankAccountType,
  firstName: customers.firstName,
  lastName: customers.lastName,
  birthDate: customers.birthDate,
  cuil: customers.cuil,
};
export type StoredCustomer = Pick<typeof customers.$inferSelect, keyof typeof storedCustomerColumns>;

/** The transaction-scoped lock that creations of one new document (country, type, number) take in turn. */
export function newDocumentTurn(country: Country, docType: string, docNumber: string): SQL {
  return sql`select pg_advisory_xact_lock(hashtextextended(${`new-customer:${country}:${docType}:${docNumber}`}, 0))`;
}

/** Waits for this transaction's turn among the creations of one new document (newDocumentTurn). */
export async function takeNewDocumentTurn(tx: Tx, country: Country, docType: string, docNumber: string): Promise<void> {
  await tx.execute(newDocumentTurn(country, docType, docNumber));
}

/** The customer of a document in the country, its row locked until the transaction commits. */
export async function lockCustomerOfDocument(
  tx: Tx,
  country: Country,
  docType: string,
  docNumber: string,
): Promise<StoredCustomer | undefined> {
  const byDocument = and(eq(customers.country, country), eq(customers.docType, docType), eq(customers.docNumber, docNumber));
  return (await tx.select(storedCustomerColumns).from(customers).where(byDocument).for('no key update'))[0];
}

/**
 * A customer new to the country; undefined when a concurrent creation inserted the same document first (this
 * waited for it to commit: the caller then reads and locks that one).
 */
export async function insertNewCustomer(tx: Tx, values: typeof customers.$inferInsert): Promise<StoredCustomer | undefined> {
  const inserted = oneRow(
    await tx
      .insert(customers)
      .values(values)
      .onConflictDoNothing({ target: [customers.country, customers.docType, customers.docNumber] })
      .returning(storedCustomerColumns),
  );
  return inserted;
}

/** The contact data and account a new application writes into a reused customer (a new version of it). */
export type ReusedCustomerValues = Pick<StoredCustomer, 'cellphone' | 'email' | 'address' | 'bank' | 'bankAccount' | 'bankAccountType'>;

export async function updateReusedCustomer(tx: Tx, customerId: number, values: ReusedCustomerValues): Promise<void> {
  await tx
    .update(customers)
    .set({ ...values, version: sql`${customers.version} + 1`, updatedAt: sql`now()` })
    .where(eq(customers.id, customerId));
}

/** A new lead and its first status history row (from no status); answers its id. */
export async function insertLeadWithHistory(
  tx: Tx,
  lead: {
    country: Country;
    customerId: number;
    requestedAmount: number;
    term: number;
    statusId: number;
    source: LeadSource;
    sellerId: number | null;
    userId: number;
    reason: string;
  },
): Promise<number> {
  const { country, statusId, userId, reason } = lead;
  const inserted = oneRow(
    await tx
      .insert(leads)
      .values({
        country,
        customerId: lead.customerId,
        requestedAmount: lead.requestedAmount,
        term: lead.term,
        statusId,
        source: lead.source,
        sellerId: lead.sellerId,
      })
      .returning({ id: leads.id }),
  );
  await tx.insert(leadStatusHistory).values({
    country,
    leadId: inserted.id,
    fromStatus: null,
    toStatus: statusId,
    userId,
    reason,
  });
  return inserted.id;
}

export class LeadsRepository {
  constructor(private readonly db: Db) {}

  /** Statements by shape, compiled once. */
  private readonly statements = new StatementCache('leads');

  /**
   * Rows as arrays. `prepared`: run as the statement's named prepared statement, whose generic plan
   * PostgreSQL keeps (for statements whose best plan is the same whatever the values); otherwise unnamed,
   * planned for each run's values.
   */
  private run(statement: Compiled, values: Params, prepared = false): Promise<unknown[][]> {
    return queryRows(this.db, statement.text, fillPlaceholders(statement.params, values), prepared ? statement.name : undefined);
  }

  /** A lead of the country, as the writes check it (seller, customer), or undefined (unknown id or other country). */
  async find(country: Country, id: number) {
    const [row] = await this.db
      .select({ id: leads.id, sellerId: leads.sellerId, customerId: leads.customerId })
      .from(leads)
      .where(and(eq(leads.id, id), eq(leads.country, country)))
      .limit(1);
    return row;
  }

  /**
   * The lead as the detail screens show it, with its timeline: one prepared statement (its plan is the same
   * for any lead: primary keys), whose answer PostgreSQL renders as the LeadDetail's JSON text (`json`,
   * what GET /leads/:id sends as it is); `lead` is that text parsed (on each read), for the routes that
   * answer the lead after a change.
   */
  async detail(
    country: Country,
    id: number,
  ): Promise<{ lead: LeadDetail; json: JsonText<LeadDetail>; sellerId: number | null } | undefined> {
    const statement = this.statements.get('detail', () =>
      this.db
        .select({
          sellerId: leads.sellerId,
          json: listItemJson(sql`${ph('steps')}`, {
            customer: [
              ['birth_date', sql`${customers.birthDate}::text`, 'plain'],
              ['address', customers.address, 'string'],
              ['bank', customers.bank, 'string'],
              ['bank_account', customers.bankAccount, 'string'],
              ['bank_account_type', customers.bankAccountType, 'string'],
              ['version', customers.version, 'number'],
            ],
            lead: [
              ['offered_amount', leads.offeredAmount, 'number'],
              ['rate', leads.rate, 'number'],
              ['timeline', timelineJson, 'json'],
            ],
          }),
        })
        .from(leads)
        .innerJoin(customers, eq(customers.id, leads.customerId))
        .leftJoin(users, eq(users.id, leads.sellerId))
        .where(and(sql`${leads.id} = ${ph('id')}::integer`, sql`${leads.country} = ${ph('country')}`)),
    );
    const [row] = await this.run(statement, { id, country, steps: STEP_LABEL_ARRAYS[country] }, true);
    if (!row) return undefined;
    const [sellerId, json] = row as [number | null, string];
    // Parsed only by the routes that read it (GET /leads/:id sends the text as it is).
    return {
      sellerId,
      json,
      get lead() {
        return JSON.parse(json) as LeadDetail;
      },
    };
  }

  /**
   * The customer of a document in the country and how many applications it has: what the new lead form
   * says before saving (GET /customers/lookup). One row through the (country, doc_type, doc_number) unique
   * index, its count through leads' customer index; with what a new application would keep as it is now
   * (`reusedValues` in services/lead-creation.ts, for `sellerId`'s application when a seller asks): the cellphone while an application is
   * in audit or transfer, and whether the account given would be saved.
   */
  async customerByDocument(
    country: Country,
    docType: string,
    docNumber: string,
    sellerId: number | null = null,
  ): Promise<
    | {
        id: number;
        firstName: string;
        lastName: string;
        applications: number;
        hasBankAccount: boolean;
        cellphoneLocked: boolean;
        bankAccountFillable: boolean;
        otherSellerApplication: number | null;
      }
    | undefined
  > {
    const inList = (ids: readonly number[]) =>
      sql.join(
        ids.map((id) => sql`${id}`),
        sql`, `,
      );
    const [row] = await this.db
      .select({
        id: customers.id,
        firstName: customers.firstName,
        lastName: customers.lastName,
        applications: count(leads.id),
        hasBankAccount: sql<boolean>`(${customers.bankAccount} is not null)`,
        cellphoneLocked: sql<boolean>`coalesce(bool_or(${leads.statusId} in (${inList(BANK_ACCOUNT_LOCKED_STATUSES[country])})), false)`,
        // As applicationOfAnotherSeller: the first open application assigned to another seller.
        otherSellerApplication:
          sellerId === null
            ? sql<number | null>`null::integer`
            : sql<
                number | null
              >`min(${leads.id}) filter (where ${leads.sellerId} <> ${sellerId} and ${leads.statusId} not in (${inList(CLOSED_STATUSES[country])}))`,
      })
      .from(customers)
      .leftJoin(leads, eq(leads.customerId, customers.id))
      .where(and(eq(customers.country, country), eq(customers.docType, docType), eq(customers.docNumber, docNumber)))
      .groupBy(customers.id);
    if (!row) return undefined;
    return { ...row, bankAccountFillable: !row.hasBankAccount && !row.cellphoneLocked && row.otherSellerApplication === null };
  }

  /**
   * A note on the lead's history (notes do not change the lead, so they need no version), at most once per
   * idempotency key: a repeat of the key ('replayed': a send whose answer was lost, sent again) writes nothing;
   * 'keyReused' when it came with another note or lead. `by.ownSellerId`: the writer is a seller, whose note
   * lands only while the lead is theirs.
   */
  async addNote(
    country: Country,
    leadId: number,
    by: { userId: number; ownSellerId: number | undefined },
    body: string,
    once?: IdempotencyKey,
  ): Promise<'added' | 'replayed' | 'keyReused' | LeadRefusal> {
    const { userId } = by;
    const earlier = once && (await earlierAnswer<{ event_id: number }>(this.db, once));
    if (earlier) return earlier.outcome;
    try {
      return await this.db.transaction(async (tx) => {
        const lead = await holdLead(tx, country, leadId, by.ownSellerId);
        if (!lead.ok) return lead;
        const event = oneRow(
          await tx.insert(leadEvents).values({ country, leadId, type: 'note', userId, body }).returning({ id: leadEvents.id }),
        );
        if (once && !(await keepAnswer(tx, country, once, { lead_id: leadId, event_id: event.id }))) throw new KeyTaken();
        return 'added' as const;
      });
    } catch (error) {
      // The same note sent twice at once: the other one committed first, this one wrote nothing.
      const answer = error instanceof KeyTaken && once && (await earlierAnswer(this.db, once));
      if (answer) return answer.outcome;
      throw error;
    }
  }

  /**
   * A management of the application: its status, one `managements` row (channel, note, next action, the call
   * it came from) and one timeline entry telling it, in one transaction; false when someone else changed the
   * lead first (see versionedChange).
   */
  setManagementStatus(
    country: Country,
    leadId: number,
    userId: number,
    version: number,
    managementStatus: string,
    contact: { channel: string; note?: string | null; nextActionAt?: Date | null } = { channel: 'call' },
  ): Promise<boolean> {
    return this.versionedChange(
      country,
      leadId,
      version,
      { managementStatus },
      (before) => ({
        type: 'management',
        userId,
        body: managementTimelineText(country, { result: managementStatus, ...contact }),
        fromValue: before.managementStatus,
        toValue: managementStatus,
      }),
      async (tx) => {
        await recordLeadManagement(tx, { country, leadId, userId, result: managementStatus, ...contact });
      },
    );
  }

  /** The assigned seller (checked by the caller); false when someone else changed the lead first. */
  reassignSeller(
    country: Country,
    leadId: number,
    userId: number,
    version: number,
    seller: { id: number; name: string },
  ): Promise<boolean> {
    return this.versionedChange(
      country,
      leadId,
      version,
      { sellerId: seller.id },
      (before) => ({
        type: 'assignment',
        userId,
        body: seller.name,
        fromValue: before.sellerId === null ? null : String(before.sellerId),
        toValue: String(seller.id),
      }),
      (tx) => handOverCallBacks(tx, country, leadId, seller.id),
    );
  }

  /**
   * Optimistic concurrency: the update only matches the version the client read, and bumps it. False
   * when someone else changed the lead first (nothing written); the timeline event, built from the row as
   * it was, goes in the same transaction.
   */
  private versionedChange(
    country: Country,
    leadId: number,
    version: number,
    set: { managementStatus?: string; sellerId?: number },
    event: (before: {
      managementStatus: string | null;
      sellerId: number | null;
    }) => Omit<typeof leadEvents.$inferInsert, 'country' | 'leadId'>,
    /** More work that commits or rolls back with the change. */
    within?: (tx: Tx) => Promise<void>,
  ): Promise<boolean> {
    return this.db.transaction(async (tx) => {
      const where = and(eq(leads.id, leadId), eq(leads.country, country));
      const [before] = await tx.select({ managementStatus: leads.managementStatus, sellerId: leads.sellerId }).from(leads).where(where);
      if (!before) return false;
      const updated = await tx
        .update(leads)
        .set({ ...set, version: sql`${leads.version} + 1`, updatedAt: sql`now()` })
        .where(and(where, eq(leads.version, version)))
        .returning({ id: leads.id });
      if (updated.length === 0) return false;
      await tx.insert(leadEvents).values({ country, leadId, ...event(before) });
      await within?.(tx);
      return true;
    });
  }
}

/** Rolls back a note whose idempotency key a concurrent request took. */
class KeyTaken extends Error {}
