import {
  BUCKETS,
  COLLECTION_BULK_ASSIGN_MAX,
  COLLECTION_OUTCOMES,
  COUNTRY_TIME_ZONE,
  LOAN_STATUSES,
  PROMISE_STATUSES,
  addDays,
  catalogueLabel,
  findRole,
  formatMoney,
  type CollectionDetail,
  type CollectionFilters,
  type CollectionManagementBody,
  type CollectionRow,
  type Country,
  type RoleId,
  type RoleKind,
} from '@backoffice/shared';
import { and, eq, fillPlaceholders, sql, type SQL } from 'drizzle-orm';
import { alias, PgDialect } from 'drizzle-orm/pg-core';
import { queryRows, queryRowsByIndex, type Db } from '../db/client';
import { customers, loanEvents, loans, managements, collectionPromises } from '../db/schema';
import { literalLimit, ph, StatementCache, type Params } from '../db/statements';
import { storedRolesOfKinds } from '../lib/roles';
import { defineList, type ListContext, type ListDefinition } from '../lists/definition';
import { listWhere } from '../lists/engine';
import { customerMatch, customerSearch, customerTextConditions, type CustomerSearch } from './customer-search';
import { nameIn, type TypedName } from '../lists/word-lists';
import { oneRow } from '../db/rows';

/** The collections list's name (its cursors, export files and kept counts). */
export const COLLECTIONS_LIST = 'collections';

/** Who a loan can be assigned to. */
export const COLLECTOR_KINDS: readonly RoleKind[] = ['collector'];

/** The scope and filters of /collections, as the route checked them. */
export interface CollectionListFilters extends Omit<CollectionFilters, 'q'> {
  q?: string;
  /** Set for a collector: their own queue, whatever `collector` asks. */
  ownCollectorId?: number;
  /**
   * The loans in collections whose customer matches `q`, looked up first (CollectionsRepository.loansOfText);
   * when set, the list reads them by id instead of checking each loan's customer against the text.
   */
  loanIds?: number[];
  /**
   * A name as collection_words reads it (CollectionsRepository.nameOf): when set, the list reads its words'
   * lists merged, in days past due order.
   */
  name?: TypedName;
}

const OPEN_INSTALLMENT = sql.raw(`('pending', 'partial', 'overdue')`);
const tz = (country: Country) => sql.raw(`'${COUNTRY_TIME_ZONE[country]}'`);
/** Today on the country's calendar, and the instant its next day starts. */
const today = (country: Country) => sql`(now() at time zone ${tz(country)})::date`;
const dayStart = (country: Country, day: string) => sql`(cast(${day} as date)::timestamp at time zone ${tz(country)})`;

const dueDate = sql`(select min(i.due_date) from installments i where i.loan_id = l.id and i.status in ${OPEN_INSTALLMENT})`;
const latestPromise = sql`(select p.status from collection_promises p where p.loan_id = l.id order by p.created_at desc, p.id desc limit 1)`;

/** Up to this many loans of a text looked up first, the page is a prepared statement (see `prepared`). */
const PREPARED_TEXT_LOANS = 50;

const TEXT_KEYS = new Set(['q', 'loanIds', 'name']);

/** Whether the filters are a text and nothing else (no collector's scope either). */
function textAlone(f: CollectionListFilters): boolean {
  return Object.entries(f).every(
    ([key, value]) => TEXT_KEYS.has(key) || value === undefined || (Array.isArray(value) && value.length === 0),
  );
}

/**
 * The loans in collections whose customer has every word, as `w0`: the words' lists of collection_words
 * joined on (overdue_since, loan_id), the order each list is kept in, so read in days past due order the
 * join is a merge that stops at the page. The first word's conditions and the prefixes' are the list's
 * (`nameConditions`).
 */
function wordLists(country: Country, name: TypedName): SQL {
  const joins = name.words.slice(1).map((word, i) => {
    const w = sql.raw(`w${i + 1}`);
    return sql` join collection_words ${w} on ${w}.country = ${country} and ${w}.word = ${word}
          and ${w}.overdue_since = w0.overdue_since and ${w}.loan_id = w0.loan_id`;
  });
  return sql`collection_words w0${sql.join(joins, sql``)}`;
}

/** The first word's list, and a word in each typed word's range that begins several, checked on each loan by the primary key. */
function nameConditions(country: Country, name: TypedName): SQL[] {
  return [
    sql`w0.country = ${country}`,
    sql`w0.word = ${name.words[0]}`,
    ...name.prefixes.map(
      (prefix) =>
        sql`exists (select 1 from collection_words x where x.loan_id = w0.loan_id and x.word >= ${prefix} and x.word < ${prefix} || chr(1114111) offset 0)`,
    ),
  ];
}

const LIST_FROM = sql`loans l join customers c on c.id = l.customer_id left join users u on u.id = l.collector_id`;

/** The list's customer (`c` in its FROM), for a text checked on each loan's customer. */
const listCustomer = alias(customers, 'c');

/**
 * /collections on the list engine: the country's loans in collections (a collector's own), filtered by
 * bucket, days past due, due date, promise, next action, collector and customer text.
 */
export function collectionsList(country: Country): ListDefinition<CollectionListFilters, CollectionRow> {
  const now = today(country);
  return defineList<CollectionListFilters, CollectionRow>({
    name: COLLECTIONS_LIST,
    // A name's loans come from its words' lists, each loan joined on the key they are kept in, so that the
    // list's days past due order is theirs.
    from: (f) =>
      f.name
        ? sql`${wordLists(country, f.name)} join loans l on l.id = w0.loan_id and l.overdue_since = w0.overdue_since
            join customers c on c.id = l.customer_id left join users u on u.id = l.collector_id`
        : LIST_FROM,
    // Every loan has its customer: only a text filter checked on the customers needs the join. A name alone is
    // counted in its words' lists (every loan they hold is in collections, in the list's country).
    countFrom: (f) => {
      if (f.name) return textAlone(f) ? wordLists(country, f.name) : sql`${wordLists(country, f.name)} join loans l on l.id = w0.loan_id`;
      return f.q && !f.loanIds ? undefined : sql`loans l`;
    },
    // Every filter but a text checked on each loan's customer is on indexed loan columns or ids. Past a few
    // ids a generic plan probes each one by the primary key; planned for them, the list's order is walked and
    // each loan checked against them (hashed), which stops at a page. A name's merged word lists have one plan
    // whatever the words.
    prepared: (f) => !f.q || f.name !== undefined || (f.loanIds !== undefined && f.loanIds.length <= PREPARED_TEXT_LOANS),
    cachedCounts: true,
    // The text's loans, looked up first, are the loans in collections of the country it matches.
    knownCount: (f) => (f.loanIds !== undefined && textAlone(f) ? f.loanIds.length : undefined),
    id: sql`l.id`,
    sorts: {
      // The day's work: a promise due (today or before), a next action due by the end of today, the rest;
      // each group by days past due, most first. Depends on today, so no index serves it: a collector's
      // queue is read by loans_collector_idx and sorted (docs/decisions/collections-today-order.md).
      today: {
        expr: sql`((case when l.promise_due_on <= ${now} then 0 when l.next_action_at < ((${now} + 1)::timestamp at time zone ${tz(country)}) then 1 else 2 end) * 1000000 - least(l.days_past_due, 999999))`,
        type: 'integer',
      },
      // Most days past due first is the oldest unpaid due date first (the same order on the day's run; a key
      // that stays put from day to day, so a name's word lists keep it: docs/decisions/collections-overdue-since.md).
      days_past_due: { expr: sql`l.overdue_since`, type: 'date', reversed: true },
      overdue_amount: { expr: sql`l.overdue_amount`, type: 'bigint' },
      outstanding: { expr: sql`l.outstanding`, type: 'bigint' },
      next_action_at: { expr: sql`coalesce(l.next_action_at, 'infinity'::timestamptz)`, type: 'timestamptz' },
      promise_due_on: { expr: sql`coalesce(l.promise_due_on, 'infinity'::date)`, type: 'date' },
      due_date: { expr: sql`coalesce(${dueDate}, 'infinity'::date)`, type: 'date' },
      assigned_at: { expr: sql`coalesce(l.assigned_at, '-infinity'::timestamptz)`, type: 'timestamptz' },
    },
    defaultSort: ({ user }) =>
      user && isCollector(country, user.role) ? { sort: 'today', dir: 'asc' } : { sort: 'days_past_due', dir: 'desc' },
    where: (_context, f) => {
      const collectors = f.collector ?? [];
      const named = collectors.filter((id) => id > 0);
      return [
        // Rows of a name's word lists are loans in collections of the country (their triggers keep them so).
        ...(f.name ? nameConditions(country, f.name) : [sql`l.country = ${country}`, sql`l.in_collections`]),
        f.ownCollectorId !== undefined ? sql`l.collector_id = ${f.ownCollectorId}` : undefined,
        f.ownCollectorId === undefined && collectors.length > 0
          ? sql`(${
              named.length > 0
                ? sql`l.collector_id in (${sql.join(
                    named.map((id) => sql`${id}`),
                    sql`, `,
                  )})`
                : sql`false`
            }${collectors.includes(0) ? sql` or l.collector_id is null` : sql``})`
          : undefined,
        f.bucket?.length
          ? sql`l.bucket in (${sql.join(
              f.bucket.map((b) => sql`${b}`),
              sql`, `,
            )})`
          : undefined,
        f.dpd_min !== undefined ? sql`l.days_past_due >= ${f.dpd_min}` : undefined,
        f.dpd_max !== undefined ? sql`l.days_past_due <= ${f.dpd_max}` : undefined,
        f.due_from ? sql`${dueDate} >= cast(${f.due_from} as date)` : undefined,
        f.due_to ? sql`${dueDate} <= cast(${f.due_to} as date)` : undefined,
        f.promise?.length ? promiseCondition(f.promise) : undefined,
        f.next_action_from ? sql`l.next_action_at >= ${dayStart(country, f.next_action_from)}` : undefined,
        f.next_action_to ? sql`l.next_action_at < ${dayStart(country, addDays(f.next_action_to, 1))}` : undefined,
        f.loanIds ? sql`l.id = any(cast(${`{${f.loanIds.join(',')}}`} as integer[]))` : undefined,
        // A text not looked up first (more than the cap match, or a bulk assignment's filter): on each loan's
        // customer, bound inline because the list engine plans such a query for its values.
        ...(f.q && !f.loanIds && !f.name ? customerTextConditions(f.q, listCustomer) : []),
      ];
    },
    row: sql`json_build_object(
      'id', l.id, 'lead_id', l.lead_id,
      'customer', json_build_object('id', c.id, 'name', c.first_name || ' ' || c.last_name, 'doc_number', c.doc_number, 'cellphone', c.cellphone),
      'status', l.status, 'days_past_due', l.days_past_due, 'bucket', l.bucket,
      'outstanding', l.outstanding, 'overdue_amount', l.overdue_amount, 'due_date', ${dueDate},
      'next_action_at', to_char(l.next_action_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
      'promise_due_on', l.promise_due_on, 'promise_status', ${latestPromise},
      'collector', case when u.id is null then null else json_build_object('id', u.id, 'name', u.name) end,
      'assigned_at', to_char(l.assigned_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'))`,
    export: {
      sheet: 'Cobranzas',
      columns: () => [
        { header: 'Préstamo', width: 10, kind: 'number', value: (r) => r.id },
        { header: 'Cliente', width: 26, kind: 'text', value: (r) => r.customer.name },
        { header: 'Documento', width: 14, kind: 'text', value: (r) => r.customer.doc_number },
        { header: 'Celular', width: 14, kind: 'text', value: (r) => r.customer.cellphone },
        { header: 'Estado', width: 12, kind: 'text', value: (r) => catalogueLabel(LOAN_STATUSES, r.status) },
        { header: 'Días de mora', width: 10, kind: 'number', value: (r) => r.days_past_due },
        { header: 'Tramo', width: 14, kind: 'text', value: (r) => catalogueLabel(BUCKETS, r.bucket) },
        { header: 'Saldo', width: 14, kind: 'money', value: (r) => r.outstanding / 100 },
        { header: 'Vencido', width: 14, kind: 'money', value: (r) => r.overdue_amount / 100 },
        { header: 'Vencimiento', width: 12, kind: 'text', value: (r) => r.due_date },
        { header: 'Próxima acción', width: 18, kind: 'text', value: (r) => r.next_action_at },
        { header: 'Promesa', width: 12, kind: 'text', value: (r) => r.promise_due_on },
        { header: 'Estado de promesa', width: 14, kind: 'text', value: (r) => catalogueLabel(PROMISE_STATUSES, r.promise_status) },
        { header: 'Cobrador', width: 22, kind: 'text', value: (r) => r.collector?.name ?? '' },
        // The loan's status code, as the API names it, beside its label.
        { header: 'Código de estado', width: 12, kind: 'text', value: (r) => r.status },
      ],
    },
  });
}

function promiseCondition(states: readonly string[]): SQL {
  const named = states.filter((s) => s !== 'none');
  const parts: SQL[] = [];
  if (named.length > 0)
    parts.push(
      sql`${latestPromise} in (${sql.join(
        named.map((s) => sql`${s}`),
        sql`, `,
      )})`,
    );
  if (states.includes('none')) parts.push(sql`not exists (select 1 from collection_promises p where p.loan_id = l.id)`);
  return sql`(${sql.join(parts, sql` or `)})`;
}

export function isCollector(country: Country, role: RoleId): boolean {
  return findRole(country, role)?.kind === 'collector';
}

const dialect = new PgDialect();

export interface LoanAccess {
  id: number;
  leadId: number;
  collectorId: number | null;
  cellphone: string | null;
}

export type ManagementOutcome = { ok: true; managementId: number } | { ok: false; reason: 'not_found' | 'not_yours' };

/** Data access of the collections desk (the list itself is `collectionsList`, run by the list engine). */
export class CollectionsRepository {
  constructor(private readonly db: Db) {}

  private run(query: SQL): Promise<unknown[][]> {
    const { sql: text, params } = dialect.sqlToQuery(query);
    return queryRows(this.db, text, params);
  }

  /** The text lookups' SQL per shape (which words, which way); values are always bound. */
  private readonly statements = new StatementCache('collections');

  /** How a text is read from collection_words (nameIn): 'none' when no loan in collections can match it. */
  nameOf(country: Country, q: string): Promise<TypedName | 'none' | undefined> {
    return nameIn(this.db, 'collection_words', country, customerSearch(q, {}));
  }

  /**
   * The country's loans in collections whose customer matches the text; undefined when more than `cap` match
   * (the list then checks each loan's customer). Words of letters only, each beginning several stored words
   * ("martin": martin and martinez): each word's range of collection_words, intersected, from the index alone; any other text (a document fragment, letters with digits) through the customers'
   * indexes, then their loans through loans_collections_customer_idx.
   */
  async loansOfText(country: Country, q: string, cap: number): Promise<number[] | undefined> {
    const params: Params = { country };
    const search = customerSearch(q, params);
    if (search.words.length === 0) return undefined;
    const named = search.letters.length === search.words.length;
    if (named) {
      const statement = this.statements.get(`text|${search.key}|ranges|${cap}`, () =>
        this.loansOfWordRangesQuery(search.letters.length, cap),
      );
      const rows = await queryRows(
        this.db,
        statement.text,
        fillPlaceholders(statement.params, { country, letters: search.letters }),
        statement.name,
      );
      return rows.length > cap ? undefined : rows.map((row) => Number(row[0]));
    }
    const statement = this.statements.get(`text|${search.key}|indexed|${cap}`, () => this.loansOfCustomersQuery(search, cap));
    // The customers' indexes' answer depends on the words: planned for them.
    const rows = await queryRowsByIndex(this.db, statement.text, fillPlaceholders(statement.params, params));
    return rows.length > cap ? undefined : rows.map((row) => Number(row[0]));
  }

  /** The loans having a word in each typed word's range ([word, word || U+10FFFF) in the "C" collation). */
  private loansOfWordRangesQuery(n: number, cap: number) {
    const range = (i: number) =>
      sql`select loan_id from collection_words where country = ${ph('country')}
            and word >= (${ph('letters')}::text[])[${sql.raw(String(i + 1))}] and word < (${ph('letters')}::text[])[${sql.raw(String(i + 1))}] || chr(1114111)`;
    const ranges = Array.from({ length: n }, (_, i) => range(i));
    const loans = n === 1 ? sql`select distinct loan_id from (${ranges[0]}) one` : sql.join(ranges, sql` intersect `);
    const query = sql`select loan_id from (${loans}) found limit ${sql.raw(String(cap + 1))}`;
    return { toSQL: () => dialect.sqlToQuery(query) };
  }

  private loansOfCustomersQuery(search: CustomerSearch, cap: number) {
    return this.db
      .select({ id: loans.id })
      .from(customers)
      .innerJoin(loans, eq(loans.customerId, customers.id))
      .where(and(customerMatch(search), eq(loans.country, ph('country')), sql`${loans.inCollections}`))
      .limit(literalLimit(cap + 1));
  }

  /** The loan's owner and customer's cellphone (for permission checks and calls); undefined: not this country's. */
  async access(country: Country, id: number): Promise<LoanAccess | undefined> {
    const rows = await this.run(
      sql`select l.id, l.lead_id, l.collector_id, c.cellphone from loans l join customers c on c.id = l.customer_id where l.id = ${id} and l.country = ${country}`,
    );
    const row = rows[0];
    if (!row) return undefined;
    return {
      id: Number(row[0]),
      leadId: Number(row[1]),
      collectorId: row[2] === null ? null : Number(row[2]),
      cellphone: (row[3] as string | null) ?? null,
    };
  }

  /** The country's active collectors, by name. */
  async collectors(country: Country): Promise<{ id: number; name: string }[]> {
    const roles = storedRolesOfKinds(country, COLLECTOR_KINDS);
    const rows = await this.run(
      sql`select id, name from users where country = ${country} and active and role in (${sql.join(
        roles.map((r) => sql`${r}`),
        sql`, `,
      )}) order by name, id`,
    );
    return rows.map(([id, name]) => ({ id: Number(id), name: String(name) }));
  }

  async detail(country: Country, id: number): Promise<Omit<CollectionDetail, 'can_write' | 'can_assign'> | undefined> {
    const iso = (column: SQL) => sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
    const rows = await this.run(sql`select json_build_object(
        'id', l.id, 'lead_id', l.lead_id, 'version', l.version, 'status', l.status,
        'customer', json_build_object('id', c.id, 'first_name', c.first_name, 'last_name', c.last_name, 'doc_type', c.doc_type,
          'doc_number', c.doc_number, 'cellphone', c.cellphone, 'email', c.email),
        'principal', l.principal, 'term', l.term, 'disbursed_on', l.disbursed_on,
        'outstanding', l.outstanding, 'overdue_amount', l.overdue_amount,
        'late_interest', (select coalesce(sum(i.late_interest - i.paid_late_interest), 0) from installments i where i.loan_id = l.id and i.status in ${OPEN_INSTALLMENT}),
        'days_past_due', l.days_past_due, 'bucket', l.bucket, 'in_collections', l.in_collections,
        'collector', case when u.id is null then null else json_build_object('id', u.id, 'name', u.name) end,
        'assigned_at', ${iso(sql`l.assigned_at`)}, 'next_action_at', ${iso(sql`l.next_action_at`)}, 'promise_due_on', l.promise_due_on,
        'promises', coalesce((select json_agg(json_build_object('id', p.id, 'due_on', p.due_on, 'amount', p.amount, 'status', p.status,
            'created_at', ${iso(sql`p.created_at`)}) order by p.created_at desc, p.id desc) from collection_promises p where p.loan_id = l.id), '[]'::json),
        'timeline', coalesce((select json_agg(json_build_object('id', e.id, 'type', e.type, 'body', e.body, 'data', e.data,
            'user', case when eu.id is null then null else json_build_object('id', eu.id, 'name', eu.name) end,
            'created_at', ${iso(sql`e.created_at`)}) order by e.created_at desc, e.id desc)
          from loan_events e left join users eu on eu.id = e.user_id where e.loan_id = l.id), '[]'::json)
      )::text
      from loans l join customers c on c.id = l.customer_id left join users u on u.id = l.collector_id
      where l.id = ${id} and l.country = ${country}`);
    const row = rows[0];
    return row ? (JSON.parse(String(row[0])) as Omit<CollectionDetail, 'can_write' | 'can_assign'>) : undefined;
  }

  /**
   * A management on a loan, in one transaction: the `managements` row, its timeline row, the loan's next
   * action, and for a promise to pay the promise row (pending ones before it cancelled: one open promise a
   * loan) and the loan's promise date. The loan is locked and its collector checked again inside, so a
   * reassignment committed meanwhile refuses a collector who no longer has it.
   */
  async recordManagement(
    country: Country,
    loanId: number,
    user: { id: number; name: string },
    ownOnly: boolean,
    body: CollectionManagementBody,
  ): Promise<ManagementOutcome> {
    return this.db.transaction(async (tx) => {
      const locked = (await tx.execute(
        sql`select collector_id from loans where id = ${loanId} and country = ${country} for update`,
      )) as unknown as {
        rows: { collector_id: number | null }[];
      };
      const loan = locked.rows[0];
      if (!loan) return { ok: false, reason: 'not_found' } as const;
      if (ownOnly && loan.collector_id !== user.id) return { ok: false, reason: 'not_yours' } as const;
      const nextActionAt = body.next_action_at ? new Date(body.next_action_at) : null;
      const management = oneRow(
        await tx
          .insert(managements)
          .values({ country, userId: user.id, loanId, channel: body.channel, result: body.result, note: body.note ?? null, nextActionAt })
          .returning({ id: managements.id }),
      );
      const outcome = catalogueLabel(COLLECTION_OUTCOMES, body.result);
      await tx.insert(loanEvents).values({
        country,
        loanId,
        type: 'management',
        userId: user.id,
        body: body.note ? `${outcome}: ${body.note}` : outcome,
        data: { management_id: management.id, channel: body.channel, result: body.result, next_action_at: body.next_action_at ?? null },
      });
      const changes: Record<string, unknown> = { nextActionAt, updatedAt: sql`now()`, version: sql`${loans.version} + 1` };
      if (body.promise) {
        await tx.execute(
          sql`update collection_promises set status = 'cancelled', resolved_at = now() where loan_id = ${loanId} and status = 'pending'`,
        );
        const promise = oneRow(
          await tx
            .insert(collectionPromises)
            .values({
              country,
              loanId,
              userId: user.id,
              managementId: management.id,
              dueOn: body.promise.due_on,
              amount: body.promise.amount,
            })
            .returning({ id: collectionPromises.id }),
        );
        await tx.insert(loanEvents).values({
          country,
          loanId,
          type: 'promise',
          userId: user.id,
          body: `Promesa de pago por ${formatMoney(country, body.promise.amount)} para el ${body.promise.due_on}`,
          data: { promise_id: promise.id, due_on: body.promise.due_on, amount: body.promise.amount },
        });
        changes.promiseDueOn = body.promise.due_on;
      }
      await tx
        .update(loans)
        .set(changes)
        .where(sql`${loans.id} = ${loanId}`);
      return { ok: true, managementId: management.id } as const;
    });
  }

  /**
   * Assigns loans to a collector in one statement: the loans matching `target` (a condition over the
   * collections list's FROM), unless more than the cap match; each moved loan gets an `assignment` timeline
   * row. Loans already theirs are left as they are. Answers how many matched, and which moved from whom.
   */
  async assign(
    country: Country,
    target: SQL,
    collector: { id: number; name: string },
    by: { id: number; name: string },
  ): Promise<{ matched: number; moved: { id: number; previous: number | null }[] }> {
    const cap = COLLECTION_BULK_ASSIGN_MAX;
    const body = `Asignado a ${collector.name}`;
    const rows = await this.db.transaction(async (tx) => {
      const result = (await tx.execute(sql`with target as (
          select l.id from loans l join customers c on c.id = l.customer_id left join users u on u.id = l.collector_id
           where ${target} limit ${cap + 1}),
        matched as (select count(*)::int as n from target),
        before as (
          select l.id, l.collector_id from loans l join target t on t.id = l.id
           where (select n from matched) <= ${cap} and l.collector_id is distinct from cast(${collector.id} as integer) for update of l),
        moved as (
          update loans set collector_id = cast(${collector.id} as integer), assigned_at = now(), updated_at = now(), version = loans.version + 1
            from before where loans.id = before.id returning loans.id, before.collector_id as previous),
        events as (
          insert into loan_events (country, loan_id, type, user_id, body, data)
          select cast(${country} as text), moved.id, 'assignment', cast(${by.id} as integer), cast(${body} as text),
                 jsonb_build_object('collector_id', cast(${collector.id} as integer), 'previous_collector_id', moved.previous)
            from moved returning 1)
        select (select n from matched), moved.id, moved.previous from (select 1) one left join moved on true`)) as unknown as {
        rows: { n: number; id: number | null; previous: number | null }[];
      };
      return result.rows;
    });
    const matched = Number(rows[0]?.n ?? 0);
    const moved = rows
      .filter((r) => r.id !== null)
      .map((r) => ({ id: Number(r.id), previous: r.previous === null ? null : Number(r.previous) }));
    return { matched, moved };
  }

  /** The condition of one loan of the country in collections (a single assignment). */
  oneLoan(country: Country, id: number): SQL {
    return sql`l.id = ${id} and l.country = ${country}`;
  }

  /** The rows a collections list shows with these filters: what a bulk assignment moves. */
  matching(definition: ListDefinition<CollectionListFilters, CollectionRow>, context: ListContext, filters: CollectionListFilters): SQL {
    return listWhere(definition, context, filters);
  }

  /**
   * Promises resolved (kept or broken) per collector, by the day they fell due within the range, and the
   * pending ones due in it. `collectorId` narrows to one collector.
   */
  async promiseRates(
    country: Country,
    range: { from: string; to: string },
    collectorId?: number,
  ): Promise<{ collector: { id: number; name: string }; kept: number; broken: number; pending: number }[]> {
    const rows = await this.run(sql`select u.id, u.name,
        count(*) filter (where p.status = 'kept')::int, count(*) filter (where p.status = 'broken')::int,
        count(*) filter (where p.status = 'pending')::int
      from collection_promises p join users u on u.id = p.user_id
      where p.country = ${country} and p.due_on between cast(${range.from} as date) and cast(${range.to} as date)
        ${collectorId !== undefined ? sql`and p.user_id = ${collectorId}` : sql``}
      group by u.id, u.name order by u.name, u.id`);
    return rows.map(([id, name, kept, broken, pending]) => ({
      collector: { id: Number(id), name: String(name) },
      kept: Number(kept),
      broken: Number(broken),
      pending: Number(pending),
    }));
  }

  /** The portfolio at risk now: loans in collections and what they owe, by bucket. */
  async portfolioAtRisk(country: Country, collectorId?: number): Promise<{ bucket: string; count: number; amount: number }[]> {
    const rows = await this.run(sql`select l.bucket, count(*)::int, coalesce(sum(l.outstanding), 0)::bigint
      from loans l where l.country = ${country} and l.in_collections and l.bucket is not null
        ${collectorId !== undefined ? sql`and l.collector_id = ${collectorId}` : sql``}
      group by l.bucket`);
    return rows.map(([bucket, count, amount]) => ({ bucket: String(bucket), count: Number(count), amount: Number(amount) }));
  }

  /** Payments received per day (not reversed), over the range. */
  async recoveredPerDay(
    country: Country,
    range: { from: string; to: string },
    collectorId?: number,
  ): Promise<{ date: string; amount: number }[]> {
    const rows = await this.run(sql`select to_char(p.paid_on, 'YYYY-MM-DD'), coalesce(sum(p.amount), 0)::bigint
      from payments p ${collectorId !== undefined ? sql`join loans l on l.id = p.loan_id and l.collector_id = ${collectorId}` : sql``}
      where p.country = ${country} and p.reversed_at is null and p.paid_on between cast(${range.from} as date) and cast(${range.to} as date)
      group by p.paid_on order by p.paid_on`);
    return rows.map(([date, amount]) => ({ date: String(date), amount: Number(amount) }));
  }

  /** A loan's call, on its timeline. */
  async recordCall(country: Country, loanId: number, userId: number, callId: number, cellphone: string): Promise<void> {
    await this.db
      .insert(loanEvents)
      .values({ country, loanId, type: 'call', userId, body: `Llamada a ${cellphone} iniciada`, data: { call_id: callId } });
  }
}
