import type { Country, MessageChannel, MessageRow, MessageTemplate } from '@backoffice/shared';
import { and, asc, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../db/client';
import { customerMessages, customers, leadEvents, leads, loanEvents, loans, messageTemplates, webhookSignatures } from '../db/schema';
import { oneRow } from '../db/rows';

export type NewMessage = typeof customerMessages.$inferInsert;
export interface ClaimedMessage {
  id: number;
  country: Country;
  channel: MessageChannel;
  toAddress: string;
  subject: string | null;
  body: string;
  attempts: number;
}

/** A claimed message is left to another node after this long (a node that died mid-send). */
const LEASE = sql`interval '2 minutes'`;

type Runner = Db | Tx;

/** What a message to an application's customer needs: the lead, its seller and its customer's addresses. */
export interface LeadContact {
  leadId: number;
  sellerId: number | null;
  requestedAmount: number;
  customerId: number;
  firstName: string;
  cellphone: string | null;
  email: string | null;
  docNumber: string;
  bankAccount: string | null;
}

/** A loan's application, collector and its next open installment's amount owed and due date. */
export interface LoanContact {
  leadId: number;
  collectorId: number | null;
  dueDate: string | null;
  owed: number | null;
}

const templateColumns = {
  id: messageTemplates.id,
  name: messageTemplates.name,
  channel: messageTemplates.channel,
  subject: messageTemplates.subject,
  body: messageTemplates.body,
  active: messageTemplates.active,
  version: messageTemplates.version,
};

/** Customer messages (the outbound queue among them), their templates and the webhooks' seen signatures. */
export class CommunicationsRepository {
  constructor(readonly db: Db) {}

  async templates(country: Country, activeOnly: boolean): Promise<Omit<MessageTemplate, 'variables'>[]> {
    return this.db
      .select(templateColumns)
      .from(messageTemplates)
      .where(and(eq(messageTemplates.country, country), activeOnly ? eq(messageTemplates.active, true) : undefined))
      .orderBy(asc(messageTemplates.channel), asc(messageTemplates.name));
  }

  async template(country: Country, id: number, runner: Runner = this.db) {
    const [row] = await runner
      .select(templateColumns)
      .from(messageTemplates)
      .where(and(eq(messageTemplates.country, country), eq(messageTemplates.id, id)));
    return row;
  }

  /** A template by id or by name (case ignored), active or not: a batch's file names it either way. */
  async templateByIdOrName(country: Country, value: string, runner: Runner = this.db) {
    const text = value.trim();
    const match =
      /^\d+$/.test(text) && Number(text) <= 2_147_483_647
        ? eq(messageTemplates.id, Number(text))
        : sql`lower(${messageTemplates.name}) = ${text.toLowerCase()}`;
    const [row] = await runner
      .select(templateColumns)
      .from(messageTemplates)
      .where(and(eq(messageTemplates.country, country), match))
      .limit(1);
    return row;
  }

  async saveTemplate(
    country: Country,
    id: number | undefined,
    values: { name: string; channel: MessageChannel; subject: string | null; body: string; active: boolean },
    version?: number,
  ) {
    if (id === undefined) {
      const row = oneRow(
        await this.db
          .insert(messageTemplates)
          .values({ country, ...values })
          .returning({ id: messageTemplates.id }),
      );
      return row.id;
    }
    const updated = await this.db
      .update(messageTemplates)
      .set({ ...values, version: sql`${messageTemplates.version} + 1`, updatedAt: sql`now()` })
      .where(
        and(
          eq(messageTemplates.country, country),
          eq(messageTemplates.id, id),
          version === undefined ? undefined : eq(messageTemplates.version, version),
        ),
      )
      .returning({ id: messageTemplates.id });
    return updated[0]?.id;
  }

  /** The lead and its customer's addresses, in the country. */
  async leadContact(country: Country, leadId: number, runner: Runner = this.db) {
    return (await this.leadContacts(country, [leadId], runner)).get(leadId);
  }

  /** Many leads' contacts in one query (a batch's chunk), by lead id. */
  async leadContacts(country: Country, leadIds: number[], runner: Runner = this.db): Promise<Map<number, LeadContact>> {
    if (leadIds.length === 0) return new Map();
    const rows = await runner
      .select({
        leadId: leads.id,
        sellerId: leads.sellerId,
        requestedAmount: leads.requestedAmount,
        customerId: customers.id,
        firstName: customers.firstName,
        cellphone: customers.cellphone,
        email: customers.email,
        docNumber: customers.docNumber,
        bankAccount: customers.bankAccount,
      })
      .from(leads)
      .innerJoin(customers, eq(customers.id, leads.customerId))
      .where(and(eq(leads.country, country), inArray(leads.id, [...new Set(leadIds)])));
    return new Map(rows.map((row) => [row.leadId, row]));
  }

  /**
   * A loan's application, collector and what its next open installment owes and when (the collection detail's
   * messages: amount and due date default to it); undefined when not this country's.
   */
  async loanContact(country: Country, loanId: number, runner: Runner = this.db) {
    return (await this.loanContacts(country, [loanId], runner)).get(loanId);
  }

  /** Many loans' contacts in one query (a batch's chunk), by loan id. */
  async loanContacts(country: Country, loanIds: number[], runner: Runner = this.db): Promise<Map<number, LoanContact>> {
    if (loanIds.length === 0) return new Map();
    const ids = sql.join(
      [...new Set(loanIds)].map((id) => sql`${id}`),
      sql`, `,
    );
    const result = (await runner.execute(sql`
      select l.id, l.lead_id, l.collector_id, i.due_date::text as due,
        (i.principal + i.interest + i.vat + i.late_interest - i.paid_principal - i.paid_interest - i.paid_vat - i.paid_late_interest)::text as owed
      from loans l
      left join lateral (select * from installments i where i.loan_id = l.id and i.status in ('pending', 'partial', 'overdue') order by i.number limit 1) i on true
      where l.id in (${ids}) and l.country = ${country}`)) as unknown as {
      rows: { id: number; lead_id: number; collector_id: number | null; due: string | null; owed: string | null }[];
    };
    return new Map(
      result.rows.map((row) => [
        Number(row.id),
        {
          leadId: Number(row.lead_id),
          collectorId: row.collector_id === null ? null : Number(row.collector_id),
          dueDate: row.due,
          owed: row.owed === null ? null : Number(row.owed),
        },
      ]),
    );
  }

  /** The message on its loan's timeline (the collection detail); `data` adds to the message's id (a batch's). */
  async loanEvent(
    tx: Runner,
    country: Country,
    loanId: number,
    userId: number | null,
    body: string,
    messageId: number,
    data: Record<string, unknown> = {},
  ) {
    await tx.insert(loanEvents).values({ country, loanId, type: 'communication', userId, body, data: { message_id: messageId, ...data } });
  }

  /** The customer's newest loan (an inbound message goes on its timeline too). */
  async newestLoan(country: Country, customerId: number): Promise<number | null> {
    const [row] = await this.db
      .select({ id: loans.id })
      .from(loans)
      .where(and(eq(loans.country, country), eq(loans.customerId, customerId)))
      .orderBy(desc(loans.id))
      .limit(1);
    return row?.id ?? null;
  }

  /**
   * Whether the user may see the customer (join their realtime room, read their conversation): the customer is
   * the country's, and a seller's application's or a collector's loan's when the user is one.
   */
  async customerVisible(country: Country, customerId: number, own: { sellerId?: number; collectorId?: number }): Promise<boolean> {
    const scope =
      own.sellerId !== undefined
        ? sql` and exists (select 1 from leads l where l.customer_id = c.id and l.seller_id = ${own.sellerId})`
        : own.collectorId !== undefined
          ? sql` and exists (select 1 from loans o where o.customer_id = c.id and o.collector_id = ${own.collectorId})`
          : sql``;
    const result = (await this.db.execute(
      sql`select 1 from customers c where c.id = ${customerId} and c.country = ${country}${scope}`,
    )) as unknown as { rows: unknown[] };
    return result.rows.length > 0;
  }

  /**
   * A customer's conversation, oldest first (the newest 500), and their newest application the user may write on;
   * a seller sees their applications' messages, a collector their loans' customers' messages.
   */
  async conversation(country: Country, customerId: number, own: { sellerId?: number }, rowJson: SQL, from: SQL) {
    const seller = own.sellerId !== undefined ? sql` and l.seller_id = ${own.sellerId}` : sql``;
    const rows = await this.db
      .select({ json: sql<string>`(${rowJson})::text` })
      .from(sql`${from}`)
      .where(sql`m.country = ${country} and m.customer_id = ${customerId}${seller}`)
      .orderBy(sql`m.created_at desc`, sql`m.id desc`)
      .limit(500);
    const [customer] = await this.db
      .select({
        id: customers.id,
        name: sql<string>`${customers.lastName} || ', ' || ${customers.firstName}`,
        leadId: sql<
          number | null
        >`(select max(l.id) from leads l where l.customer_id = ${customers.id}${own.sellerId !== undefined ? sql` and l.seller_id = ${own.sellerId}` : sql``})`,
      })
      .from(customers)
      .where(and(eq(customers.country, country), eq(customers.id, customerId)));
    return {
      customer: { id: customer!.id, name: customer!.name },
      lead_id: customer!.leadId === null ? null : Number(customer!.leadId),
      messages: rows.reverse().map((row) => JSON.parse(row.json) as MessageRow),
    };
  }

  /** The customer of an inbound message: by national cellphone or email, with their newest application. */
  async customerByAddress(country: Country, channel: MessageChannel, address: string) {
    const match = channel === 'email' ? sql`lower(${customers.email}) = ${address}` : eq(customers.cellphone, address);
    const [row] = await this.db
      .select({
        customerId: customers.id,
        leadId: sql<number | null>`(select max(l.id) from leads l where l.customer_id = ${customers.id})`,
      })
      .from(customers)
      .where(and(eq(customers.country, country), match))
      .orderBy(desc(customers.id))
      .limit(1);
    return row;
  }

  async insert(tx: Runner, message: NewMessage): Promise<number> {
    const row = oneRow(await tx.insert(customerMessages).values(message).returning({ id: customerMessages.id }));
    return row.id;
  }

  /** The message on its application's timeline. */
  async timelineEvent(tx: Runner, country: Country, leadId: number, userId: number | null, body: string, messageId: number) {
    await tx.insert(leadEvents).values({ country, leadId, type: 'message', userId, body, toValue: String(messageId) });
  }

  /**
   * Claims due queued messages (all, or one message's id), SKIP LOCKED like stage runs: each claim counts an
   * attempt and pushes `send_after` by a lease, so only one node sends it and a dead node's is taken over.
   */
  async claimDue(limit: number, id?: number): Promise<ClaimedMessage[]> {
    const due = this.db
      .select({ id: customerMessages.id })
      .from(customerMessages)
      .where(
        and(
          eq(customerMessages.status, 'queued'),
          sql`${customerMessages.sendAfter} <= now()`,
          id === undefined ? undefined : eq(customerMessages.id, id),
        ),
      )
      .orderBy(asc(customerMessages.sendAfter))
      .limit(limit)
      .for('update', { skipLocked: true });
    return (await this.db
      .update(customerMessages)
      .set({ attempts: sql`${customerMessages.attempts} + 1`, sendAfter: sql`now() + ${LEASE}`, updatedAt: sql`now()` })
      .where(sql`${customerMessages.id} in ${due}`)
      .returning({
        id: customerMessages.id,
        country: customerMessages.country,
        channel: customerMessages.channel,
        toAddress: customerMessages.toAddress,
        subject: customerMessages.subject,
        body: customerMessages.body,
        attempts: customerMessages.attempts,
      })) as ClaimedMessage[];
  }

  async markSent(id: number, providerId: string): Promise<void> {
    await this.db
      .update(customerMessages)
      .set({ status: 'sent', providerId, sentAt: sql`now()`, sendAfter: null, error: null, updatedAt: sql`now()` })
      .where(eq(customerMessages.id, id));
  }

  /** A failed attempt: due again in `retrySeconds`, or failed for good (null). */
  async markFailed(id: number, error: string, retrySeconds: number | null): Promise<void> {
    await this.db
      .update(customerMessages)
      .set(
        retrySeconds === null
          ? { status: 'failed', error, sendAfter: null, updatedAt: sql`now()` }
          : { error, sendAfter: sql`now() + make_interval(secs => ${retrySeconds})`, updatedAt: sql`now()` },
      )
      .where(eq(customerMessages.id, id));
  }

  /** A delivery receipt: the message it names (by the provider's id) delivered or failed; false when unknown. */
  async receipt(
    providerId: string,
    status: 'delivered' | 'failed',
    error: string | undefined,
  ): Promise<{ id: number; leadId: number | null; country: string } | undefined> {
    const [row] = await this.db
      .update(customerMessages)
      .set(
        status === 'delivered'
          ? { status, deliveredAt: sql`now()`, updatedAt: sql`now()` }
          : { status, error: error ?? 'El proveedor no pudo entregarlo', updatedAt: sql`now()` },
      )
      .where(and(eq(customerMessages.providerId, providerId), eq(customerMessages.direction, 'out')))
      .returning({ id: customerMessages.id, leadId: customerMessages.leadId, country: customerMessages.country });
    return row;
  }

  /** Records a webhook's signature; false when it was seen already (a replay). Old ones are dropped. */
  async firstSighting(signature: string): Promise<boolean> {
    await this.db.delete(webhookSignatures).where(sql`${webhookSignatures.receivedAt} < now() - interval '1 day'`);
    const rows = await this.db
      .insert(webhookSignatures)
      .values({ signature })
      .onConflictDoNothing()
      .returning({ signature: webhookSignatures.signature });
    return rows.length > 0;
  }
}
