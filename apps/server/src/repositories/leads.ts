import {
  BANK_ACCOUNT_LOCKED_STATUSES,
  COUNTRY_TIME_ZONE,
  managementTimelineText,
  NONE,
  stepsOf,
  CLOSED_STATUSES,
  type AmountRange,
  type Country,
  type CustomerSummary,
  type LeadDetail,
  type LeadSortField,
  type LeadSource,
  type ListCount,
} from '@backoffice/shared';
import { and, asc, count, desc, eq, fillPlaceholders, is, SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { queryRows, queryRowsByIndex, queryRowsInIndexOrder, type Db, type Tx } from '../db/client';
import { customers, leadEvents, leadStatusHistory, leads, users } from '../db/schema';
import { encodeCursor, INFINITY_KEYS, type Cursor } from '../lib/cursor';
import type { JsonText } from '../lib/json-text';
import { jsonMembersText, jsonObjectText, type JsonMembers } from '../db/json-sql';
import { literalLimit, ph, StatementCache, type Compiled, type Params } from '../db/statements';
import { handOverCallBacks } from './calls';
import { recordLeadManagement } from './management-records';
import { holdLead, type LeadRefusal } from './lead-lock';
import { earlierAnswer, keepAnswer, type IdempotencyKey } from './idempotency-keys';
import { customerMatch, customerSearch, pairWordsMatch, prefixCandidates, prefixPair, wholeWordParams, type Condition, type CustomerSearch } from './customer-search';

/** Who is asking: sellers only ever see the leads assigned to them. */
export interface LeadScope {
  country: Country;
  /** Set for sellers: every query adds `seller_id = ownSellerId`. */
  ownSellerId?: number;
}

/** The list filters, already validated (the amount range resolved in the country's catalogue). */
export interface LeadFilters {
  status?: number[];
  step?: number[];
  amount?: AmountRange;
  management?: string[];
  seller?: (number | typeof NONE)[];
  /** col: data rates ('1' … '7'), `none` for leads without one. */
  dataRate?: string[];
  from?: string;
  to?: string;
  q?: string;
  /** Only these leads (an export of the rows a user selected). */
  ids?: number[];
  /**
   * The customers a broad text matches, when they are few (resolveText): the leads are then read by
   * customer instead of checking the text on every lead in list order.
   */
  customerIds?: number[];
  /**
   * The text matches more customers than resolveText looks up: a broad scope's first page is full of them,
   * so its count is asked for beside the page rather than after it (LeadLists.page).
   */
  dense?: boolean;
}


export interface LeadSort {
  sort: LeadSortField;
  dir: 'asc' | 'desc';
}

export interface LeadPageRequest extends LeadSort {
  page: number;
  pageSize: number;
  cursor?: Cursor;
  /** Rows skipped after a 'next' cursor: a page by number reached from a PageAnchors anchor. */
  skip?: number;
  /** A recent count says at most FEW_MATCHES leads match (LeadLists): the page gathers them all and sorts them. */
  few?: boolean;
}

/**
 * Up to this many matching leads, a filtered page reads every match through the filters' index and sorts
 * them (an index-only scan of a few thousand entries) in one prepared statement.
 */
export const FEW_MATCHES = 2_000;

export interface LeadPage {
  /** Each row as the JSON text of a LeadListItem (listItemJson). */
  rows: string[];
  page: number;
  nextCursor: string | null;
  prevCursor: string | null;
}

/** CREATED is id 1 in both catalogues. */
export const CREATED_STATUS = 1;

const SORT_COLUMNS = {
  created_at: leads.createdAt,
  updated_at: leads.updatedAt,
  requested_amount: leads.requestedAmount,
  id: leads.id,
} as const;

/**
 * The sort by next call (the soonest pending call back) orders by an expression with no nulls in it, one
 * per direction, so that leads without a call back come last both ways (and a keyset compares whole rows,
 * where a NULL compares as unknown): NULL is +infinity ascending, -infinity descending. The same
 * expressions as the indexes leads_list_next_call_idx, leads_list_seller_next_call_idx and their `_desc`
 * twins (db/schema.ts), so a page is an index range (the descending ones read backwards).
 */
const NEXT_CALL_KEYS = {
  asc: sql`coalesce(${leads.nextCallAt}, 'infinity'::timestamptz)`,
  desc: sql`coalesce(${leads.nextCallAt}, '-infinity'::timestamptz)`,
} as const;

/** What a list sorted by `sort` in the direction `dir` orders by (then by id). */
function sortExpression(sort: LeadSortField, dir: 'asc' | 'desc'): PgColumn | SQL {
  return sort === 'next_call_at' ? NEXT_CALL_KEYS[dir] : SORT_COLUMNS[sort];
}

const TIMESTAMP_SORTS = new Set<LeadSortField>(['created_at', 'updated_at', 'next_call_at']);

/**
 * The sort value as exact text (timestamps in epoch microseconds: JS dates only keep milliseconds). The
 * next call's infinities (leads without one) are the bigint's bounds, INFINITY_KEYS (lib/cursor.ts).
 */
function sortKeyOf(sort: LeadSortField, dir: 'asc' | 'desc'): SQL<string> {
  const column = sortExpression(sort, dir);
  const micros = sql<string>`(extract(epoch from ${column}) * 1000000)::bigint::text`;
  if (sort === 'next_call_at') {
    return sql<string>`(case when isfinite(${column}) then ${micros} when ${column} > timestamptz 'epoch' then '${sql.raw(INFINITY_KEYS.infinity)}' else '${sql.raw(INFINITY_KEYS['-infinity'])}' end)`;
  }
  return TIMESTAMP_SORTS.has(sort) ? micros : sql<string>`${column}::text`;
}

/** A cursor's text value back as a value of the sort expression, bound as a parameter. */
function sortValueOf(sort: LeadSortField, value: SQL): SQL {
  const timestamp = sql`(timestamptz 'epoch' + ${value}::bigint * interval '1 microsecond')`;
  if (sort === 'next_call_at') {
    return sql`(case ${value}::bigint when '${sql.raw(INFINITY_KEYS.infinity)}'::bigint then 'infinity'::timestamptz when '${sql.raw(INFINITY_KEYS['-infinity'])}'::bigint then '-infinity'::timestamptz else ${timestamp} end)`;
  }
  return TIMESTAMP_SORTS.has(sort) ? timestamp : sql`${value}::bigint`;
}

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

/** The columns of an export row (pages and the detail are JSON rendered by PostgreSQL: listItemJson). */
const rowFields = {
  id: leads.id,
  country: leads.country,
  createdAt: isoText(leads.createdAt),
  updatedAt: isoText(leads.updatedAt),
  statusId: leads.statusId,
  requestedAmount: leads.requestedAmount,
  term: leads.term,
  managementStatus: leads.managementStatus,
  dataRate: leads.dataRate,
  source: leads.source,
  version: leads.version,
  sellerId: leads.sellerId,
  sellerName: users.name,
  ...customerColumns,
};

export type ExportRow = LeadRowData & { sortKey: string; createdLocal: string; updatedLocal: string; nextCallLocal: string | null };

export type LeadRowData = {
  id: number;
  country: string;
  /** ISO 8601 (isoText). */
  createdAt: string;
  updatedAt: string;
  statusId: number;
  requestedAmount: number;
  term: number;
  managementStatus: string | null;
  dataRate: number | null;
  source: LeadSource;
  version: number;
  sellerId: number | null;
  sellerName: string | null;
  customerId: number;
  docType: string;
  docNumber: string;
  cuil: string | null;
  firstName: string;
  lastName: string;
  cellphone: string | null;
  email: string | null;
};

export function stepLabelOf(country: Country, statusId: number): string | null {
  return stepLabels[country].get(statusId) ?? null;
}

type CustomerColumns = Pick<LeadRowData, 'customerId' | 'docType' | 'docNumber' | 'cuil' | 'firstName' | 'lastName' | 'cellphone' | 'email'>;

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
const STEP_LABEL_ARRAYS = {
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
function listItemJson(steps: SQL, detail?: { customer: JsonMembers; lead: JsonMembers }): SQL<string> {
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

/**
 * The columns of a fetched row: always its id and the sort key of its cursor, then either the list item's
 * JSON text (pages) or rowFields with the local times (exports).
 */
function listSelection(sort: LeadSortField, dir: 'asc' | 'desc', output: 'page' | 'export') {
  const position = { id: leads.id, sortKey: sortKeyOf(sort, dir) };
  if (output === 'page') return { ...position, json: listItemJson(sql`${ph('steps')}`) };
  return {
    ...position,
    ...rowFields,
    createdLocal: sql<string>`to_char(${leads.createdAt} at time zone ${ph('zone')}::text, 'YYYY-MM-DD HH24:MI')`,
    updatedLocal: sql<string>`to_char(${leads.updatedAt} at time zone ${ph('zone')}::text, 'YYYY-MM-DD HH24:MI')`,
    nextCallLocal: sql<string | null>`to_char(${leads.nextCallAt} at time zone ${ph('zone')}::text, 'YYYY-MM-DD HH24:MI')`,
  };
}

/** The export selection's keys, in the order of the statement's columns (drizzle selects a flat object's fields in order). */
const EXPORT_KEYS = Object.keys(listSelection('id', 'desc', 'export'));

/**
 * An export row from its columns as an array (pg's array row mode): the driver has already parsed the
 * integers and left texts as they are; only the bigint amount needs converting.
 */
function exportRowOf(values: unknown[]): ExportRow {
  const row: Record<string, unknown> = {};
  for (let i = 0; i < EXPORT_KEYS.length; i++) row[EXPORT_KEYS[i]] = values[i];
  row.requestedAmount = Number(row.requestedAmount);
  return row as ExportRow;
}

/** A fetched page row: its position (for cursors) and the list item's JSON text. */
interface PageRow {
  id: number;
  sortKey: string;
  json: string;
}



/** A list filter whose values may include NONE: `col = any($n) or col is null`. */
function inOrNull(column: PgColumn, name: string, values: readonly (string | number)[], params: Params): Condition {
  const plain = values.filter((value) => value !== NONE);
  const withNull = values.includes(NONE);
  if (plain.length > 0) params[name] = plain;
  return () => {
    const parts: SQL[] = [];
    if (plain.length > 0) parts.push(sql`${column} = any(${ph(name)})`);
    if (withNull) parts.push(sql`${column} is null`);
    return parts.length === 1 ? parts[0] : sql`(${parts[0]} or ${parts[1]})`;
  };
}

/**
 * The WHERE of a list, written with placeholders: every value (user input included) travels as a bound
 * parameter, never in the SQL text. The text depends only on the filters' shape (which filters are set,
 * how many search words), so `key` identifies it and the statement is compiled once per
 * shape (see LeadsRepository.compiled); `conditions` are only built then. `needsCustomer`: the
 * conditions read customers (free text).
 */
export function leadConditions(
  scope: LeadScope,
  filters: LeadFilters,
): {
  conditions: Condition[];
  params: Params;
  key: string;
  needsCustomer: boolean;
  stablePlan: boolean;
  textAlone: boolean;
  /** The text read through customers' words (needsCustomer). */
  text?: CustomerSearch;
  /** A document or phone fragment: its search, and its condition among `conditions`. */
  fragment?: { search: CustomerSearch; condition: Condition };
} {
  const params: Params = { country: scope.country };
  const key: string[] = [];
  const conditions: Condition[] = [() => sql`${leads.country} = ${ph('country')}`];
  if (scope.ownSellerId !== undefined) {
    params.own = scope.ownSellerId;
    conditions.push(() => sql`${leads.sellerId} = ${ph('own')}`);
    key.push('own');
  }
  if (filters.status?.length) {
    params.status = filters.status;
    conditions.push(() => sql`${leads.statusId} = any(${ph('status')})`);
    key.push('status');
  }
  if (filters.step?.length) {
    params.step = filters.step;
    conditions.push(() => sql`${leads.statusId} = any(${ph('step')})`);
    key.push('step');
  }
  // Ranges are whole currency units, min inclusive and max exclusive; amounts are stored in minor units.
  if (filters.amount?.min !== undefined) {
    params.amountMin = filters.amount.min * 100;
    conditions.push(() => sql`${leads.requestedAmount} >= ${ph('amountMin')}`);
    key.push('min');
  }
  if (filters.amount?.max !== undefined) {
    params.amountMax = filters.amount.max * 100;
    conditions.push(() => sql`${leads.requestedAmount} < ${ph('amountMax')}`);
    key.push('max');
  }
  if (filters.management?.length) {
    conditions.push(inOrNull(leads.managementStatus, 'management', filters.management, params));
    key.push(`m${Number(filters.management.some((v) => v !== NONE))}${Number(filters.management.includes(NONE))}`);
  }
  if (filters.seller?.length) {
    conditions.push(inOrNull(leads.sellerId, 'seller', filters.seller, params));
    key.push(`s${Number(filters.seller.some((v) => v !== NONE))}${Number(filters.seller.includes(NONE))}`);
  }
  if (filters.dataRate?.length) {
    conditions.push(inOrNull(leads.dataRate, 'dataRate', filters.dataRate.map((value) => (value === NONE ? value : Number(value))), params));
    key.push(`r${Number(filters.dataRate.some((v) => v !== NONE))}${Number(filters.dataRate.includes(NONE))}`);
  }
  if (filters.ids?.length) {
    params.ids = filters.ids;
    conditions.push(() => sql`${leads.id} = any(${ph('ids')}::integer[])`);
    key.push('ids');
  }
  // Calendar days of the country: [from 00:00, to + 1 day 00:00) in its time zone, as timestamps so the
  // (country, created_at) index serves the range.
  if (filters.from || filters.to) params.zone = COUNTRY_TIME_ZONE[scope.country];
  if (filters.from) {
    params.from = filters.from;
    conditions.push(() => sql`${leads.createdAt} >= ((${ph('from')}::date)::timestamp at time zone ${ph('zone')}::text)`);
    key.push('from');
  }
  if (filters.to) {
    params.to = filters.to;
    conditions.push(() => sql`${leads.createdAt} < ((${ph('to')}::date + 1)::timestamp at time zone ${ph('zone')}::text)`);
    key.push('to');
  }
  let needsCustomer = false;
  let fragment: { search: CustomerSearch; condition: Condition } | undefined;
  let text: CustomerSearch | undefined;
  if (filters.customerIds) {
    params.customerIds = filters.customerIds;
    conditions.push(() => sql`${leads.customerId} = any(${ph('customerIds')}::integer[])`);
    key.push('cids');
  } else if (filters.q) {
    const search = customerSearch(filters.q, params);
    if (search.selective) {
      // A document or phone fragment matches a handful of customers, but PostgreSQL cannot tell from the
      // search columns' statistics and may pick a plan that walks every lead checking its customer. As an
      // array sub-select (an init plan, run once first) the customers are found first and the leads come
      // from leads_customer_id_idx.
      const condition = () => sql`${leads.customerId} = any(array(select ${customers.id} from ${customers} where ${customerMatch(search)}))`;
      conditions.push(condition);
      fragment = { search, condition };
    } else {
      conditions.push(...search.words);
      needsCustomer = search.words.length > 0;
      text = search;
    }
    key.push(search.key);
  }
  // No filter (the whole country, a seller's own leads), or nothing but a document/phone fragment (its
  // customers by their digit windows, then their leads by customer id): the best plan is the same for any
  // values, so one prepared statement with a generic plan serves them all.
  const stablePlan = key.every((part) => part === 'own' || part === fragment?.search.key);
  // Nothing but a text read through customers (resolveText found it dense), in the user's scope.
  const textAlone = needsCustomer && key.every((part) => part === 'own' || part === text?.key);
  return { conditions, params, key: key.join(','), needsCustomer, stablePlan, textAlone, text, fragment };
}

/** The conditions on the lead itself: all but the text's words (on its customer). */
function onLead(conditions: Condition[], text: CustomerSearch | undefined): Condition[] {
  return conditions.filter((condition) => !text?.words.includes(condition));
}

/**
 * The lead's customer if it matches every word of the text, behind an OFFSET 0 fence: checked on each lead as
 * it comes, never turned into a join PostgreSQL could start from the customers.
 */
function leadCustomerMatching(db: Db, text: CustomerSearch | undefined) {
  return db
    .select({ one: sql`1`.as('one') })
    .from(customers)
    .where(and(eq(customers.id, leads.customerId), ...(text?.words ?? []).map((word) => word())))
    .offset(literalLimit(0));
}

/**
 * resolveText's first look: the newest TEXT_SAMPLE customers of the country (under the table's own name, so
 * the text conditions read the subquery). TEXT_SAMPLE_DENSE matches among them (0.4%) mean thousands in a
 * million: dense.
 */
const TEXT_SAMPLE = 5_000;
const TEXT_SAMPLE_DENSE = 20;
/** As many matches in the sample make a first name + surname worth the paired look (resolveText). */
const TEXT_SAMPLE_MAYBE_DENSE = 5;
/**
 * The entries of each prefix the paired look reads at most. A name the sample met TEXT_SAMPLE_MAYBE_DENSE
 * times passes the cap well within it ('val' and 'gon', 49,865 and 88,628 entries at a million customers: the
 * cap after 22,672 and ~40,000); a prefix of every email ('com': a million) is read no further.
 */
const PAIRED_PROBE_WINDOW = 200_000;

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
export async function lockCustomerOfDocument(tx: Tx, country: Country, docType: string, docNumber: string): Promise<StoredCustomer | undefined> {
  const byDocument = and(eq(customers.country, country), eq(customers.docType, docType), eq(customers.docNumber, docNumber));
  return (await tx.select(storedCustomerColumns).from(customers).where(byDocument).for('no key update'))[0];
}

/**
 * A customer new to the country; undefined when a concurrent creation inserted the same document first (this
 * waited for it to commit: the caller then reads and locks that one).
 */
export async function insertNewCustomer(tx: Tx, values: typeof customers.$inferInsert): Promise<StoredCustomer | undefined> {
  const [inserted] = await tx
    .insert(customers)
    .values(values)
    .onConflictDoNothing({ target: [customers.country, customers.docType, customers.docNumber] })
    .returning(storedCustomerColumns);
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
  const [inserted] = await tx
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
    .returning({ id: leads.id });
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
  /** @param textProbeCap up to this many customers matching a text, its leads are read by customer id (resolveText). */
  constructor(
    private readonly db: Db,
    private readonly textProbeCap = 2_000,
  ) {}

  /**
   * A text that is not a document or phone fragment (a name, an email) may match a few customers or
   * tens of thousands, and PostgreSQL cannot tell which: betting on many, it walks the list in order
   * checking each lead's customer, which costs seconds when they are few. So the matching customers are
   * looked up first, through the word index only, up to textProbeCap: when that many or fewer match, the
   * leads are read by customer id; when more do, matches are dense (the answer says `dense`) and walking
   * the list in order finds a page of them at once. Whole words first (wholeWordParams): more of them than
   * the cap settle it for a fraction of what the words' beginnings cost.
   */
  async resolveText(country: Country, filters: LeadFilters): Promise<LeadFilters> {
    if (!filters.q) return filters;
    const params: Params = { country };
    const search = customerSearch(filters.q, params);
    if (search.selective) return filters;
    // A quick look at the newest customers first: a text that many of them match is dense for sure, and
    // the lookup below would only read a long posting list to learn it.
    const sample = this.statements.get(`sample|${search.key}`, () =>
      this.db
        .select({ n: count() })
        .from(this.db.select().from(customers).where(sql`${customers.country} = ${ph('country')}`).orderBy(desc(customers.id)).limit(literalLimit(TEXT_SAMPLE)).as('customers'))
        .where(customerMatch(search)),
    );
    const dense = { ...filters, dense: true };
    const sampled = Number((await this.run(sample, params))[0][0]);
    if (sampled >= TEXT_SAMPLE_DENSE) return dense;
    // A first name and a surname and nothing else, that the sample met a few times: likely dense, which the
    // word index would learn by reading a customer row per match, past the cap (a common name: thousands of
    // random pages). Their two prefixes' index entries tell it first (prefixCandidates and
    // pairWordsMatch on customer_word_prefixes' primary key alone), newest first until one past
    // the cap. Each list is read up to a window, so a prefix every email has ('com', 'gma') costs a bounded
    // read; fewer matches than the cap there leave the answer to the word index, as for any other text.
    const pair = sampled >= TEXT_SAMPLE_MAYBE_DENSE ? prefixPair(search) : undefined;
    if (pair?.whole) {
      const paired = this.statements.get(`probe-paired|${this.textProbeCap}`, () => {
        const candidates = prefixCandidates(this.db, 'candidates', { window: PAIRED_PROBE_WINDOW });
        const matching = this.db
          .select({ one: sql`1`.as('one') })
          .from(candidates)
          .where(pairWordsMatch(candidates))
          .limit(literalLimit(this.textProbeCap + 1));
        return this.db.select({ n: count() }).from(matching.as('matching'));
      });
      if (Number((await this.run(paired, { ...params, ...pair.params }))[0][0]) > this.textProbeCap) return dense;
    }
    const statement = this.statements.get(`probe|${search.key}|${this.textProbeCap}`, () =>
      this.db
        .select({ id: customers.id })
        .from(customers)
        .where(customerMatch(search))
        .limit(literalLimit(this.textProbeCap + 1)),
    );
    const probe = async (values: Params) =>
      (await queryRowsByIndex(this.db, statement.text, fillPlaceholders(statement.params, values))).map((row) => Number(row[0]));
    const whole = wholeWordParams(search, params);
    if (whole && (await probe(whole)).length > this.textProbeCap) return dense;
    const ids = await probe(params);
    return ids.length > this.textProbeCap ? dense : { ...filters, customerIds: ids };
  }

  /** One page: keyset from a cursor, or by position (offset over an index, ids only) without one. */
  async page(scope: LeadScope, filters: LeadFilters, request: LeadPageRequest): Promise<LeadPage> {
    const { sort, dir, pageSize } = request;
    const cursor = request.cursor && request.cursor.sort === sort && request.cursor.dir === dir ? request.cursor : undefined;
    if (cursor?.direction === 'prev') {
      const rows = await this.fetch(scope, filters, { sort, dir }, { cursor, limit: pageSize + 1, few: request.few });
      const hasPrev = rows.length > pageSize;
      const pageRows = rows.slice(0, pageSize).reverse();
      // Fewer rows than a page before the cursor: that is the first page (rows were deleted or moved).
      if (!hasPrev && pageRows.length < pageSize) return this.page(scope, filters, { ...request, page: 1, cursor: undefined });
      return this.pageOf(pageRows, request.page, { sort, dir }, { hasNext: pageRows.length > 0, hasPrev });
    }
    const offset = cursor ? (request.skip ?? 0) : (request.page - 1) * pageSize;
    const rows = await this.fetch(scope, filters, { sort, dir }, { cursor, offset, limit: pageSize + 1, few: request.few });
    const pageRows = rows.slice(0, pageSize);
    return this.pageOf(pageRows, request.page, { sort, dir }, {
      hasNext: rows.length > pageSize,
      hasPrev: (cursor !== undefined || offset > 0) && pageRows.length > 0,
    });
  }

  /** The cursor ('next') of the row at 0-based `position` after `from` (the list's start without it); null past the end. */
  async cursorAt(scope: LeadScope, filters: LeadFilters, sort: LeadSort, from: Cursor | undefined, position: number): Promise<Cursor | null> {
    const [row] = await this.fetch(scope, filters, sort, { cursor: from, offset: position, limit: 1 });
    return row ? { ...sort, value: row.sortKey, id: row.id, direction: 'next' } : null;
  }

  private pageOf(
    rows: PageRow[],
    page: number,
    sort: LeadSort,
    { hasNext, hasPrev }: { hasNext: boolean; hasPrev: boolean },
  ): LeadPage {
    const cursorOf = (row: PageRow, direction: Cursor['direction']) =>
      encodeCursor({ ...sort, value: row.sortKey, id: row.id, direction });
    return {
      rows: rows.map((row) => row.json),
      page,
      nextCursor: hasNext ? cursorOf(rows[rows.length - 1], 'next') : null,
      prevCursor: hasPrev ? cursorOf(rows[0], 'prev') : null,
    };
  }

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

  /** Page rows in the list's order (see rowsInOrder). */
  private async fetch(
    scope: LeadScope,
    filters: LeadFilters,
    sort: LeadSort,
    range: { cursor?: Cursor; offset?: number; limit: number; few?: boolean },
  ): Promise<PageRow[]> {
    const rows = await this.rowsInOrder(scope, filters, sort, range, 'page');
    return rows.map(([id, sortKey, json]) => ({ id: id as number, sortKey: sortKey as string, json: json as string }));
  }

  /**
   * Rows in the list's order after (or, for a 'prev' cursor, before: then in reverse order) the cursor, as
   * arrays of listSelection's columns. Where ids come first (an offset, a plan that depends on the values),
   * they come from the matching index alone and only the page's rows are then read and joined.
   */
  private async rowsInOrder(
    scope: LeadScope,
    filters: LeadFilters,
    { sort, dir }: LeadSort,
    { cursor, offset = 0, limit, few = false }: { cursor?: Cursor; offset?: number; limit: number; few?: boolean },
    output: 'page' | 'export',
  ): Promise<unknown[][]> {
    const { conditions, params, key, needsCustomer, stablePlan, textAlone, text, fragment } = leadConditions(scope, filters);
    const reverse = cursor?.direction === 'prev';
    const effective = reverse ? (dir === 'asc' ? 'desc' : 'asc') : dir;
    if (offset > 0) params.offset = offset;
    if (cursor) {
      params.cursorValue = cursor.value;
      params.cursorId = cursor.id;
    }
    const selected: Params = output === 'page' ? { steps: STEP_LABEL_ARRAYS[scope.country] } : { zone: COUNTRY_TIME_ZONE[scope.country] };
    // The next call's expression (and its cursor's key) depends on the requested direction, not only on the way it is read.
    const sorted = sort === 'next_call_at' ? `${sort}:${dir}` : sort;
    const shape = `${key}|${sorted}|${effective}|${cursor ? 'c' : ''}|${limit}|${offset > 0 ? 'o' : ''}|${output}`;
    // The requested direction's expression (a 'prev' page reads it the other way).
    const column = sortExpression(sort, dir);
    const order = effective === 'desc' ? [desc(column), desc(leads.id)] : [asc(column), asc(leads.id)];
    const where = (only = conditions) => {
      const parts = only.map((condition) => condition());
      if (cursor) {
        const value = sortValueOf(sort, sql`${ph('cursorValue')}`);
        parts.push(
          effective === 'desc'
            ? sql`(${column}, ${leads.id}) < (${value}, ${ph('cursorId')}::integer)`
            : sql`(${column}, ${leads.id}) > (${value}, ${ph('cursorId')}::integer)`,
        );
      }
      return and(...parts);
    };
    const ids = () => {
      const statement = this.db.select({ id: leads.id }).from(leads).$dynamic();
      if (needsCustomer) statement.innerJoin(customers, eq(customers.id, leads.customerId));
      statement.where(where()).orderBy(...order).limit(literalLimit(limit));
      if (offset > 0) statement.offset(ph('offset'));
      return statement;
    };
    // The leads in the list's order, each one's customer checked against the text as it comes. Joined
    // plainly, PostgreSQL chose for a seller's own leads to scan every customer and sort the matches, far
    // slower than the walk at a million.
    const walk = () => {
      const statement = this.db
        .select({ id: leads.id })
        .from(leads)
        .crossJoinLateral(leadCustomerMatching(this.db, text).as('matching'))
        .where(where(onLead(conditions, text)))
        .orderBy(...order)
        .limit(literalLimit(limit))
        .$dynamic();
      if (offset > 0) statement.offset(ph('offset'));
      return statement;
    };
    const rows = () =>
      this.db
        .select(listSelection(sort, dir, output))
        .from(leads)
        .innerJoin(customers, eq(customers.id, leads.customerId))
        .leftJoin(users, eq(users.id, leads.sellerId))
        .$dynamic();

    // When the plan does not depend on the values (see leadConditions): one prepared statement, whose
    // generic plan PostgreSQL keeps. It walks the list's index and joins each row as it goes; past an
    // offset, the ids come first (a subquery with a LIMIT is planned as if it ran alone) so the skipped
    // entries are only read in the index, and only the page's rows are joined.
    if (stablePlan) {
      const statement = this.statements.get(`page|${shape}`, () => {
        if (offset === 0 && fragment) {
          // A document or phone fragment: its customers (their digit windows), then each one's leads
          // (leads_customer_id_idx, a lateral subquery: never walked the other way round), so each
          // customer's row is read once, not found by id again for the join.
          const customerLeads = this.db.select().from(leads).where(eq(leads.customerId, customers.id)).offset(literalLimit(0)).as('leads');
          return this.db
            .select(listSelection(sort, dir, output))
            .from(customers)
            .crossJoinLateral(customerLeads)
            .leftJoin(users, eq(users.id, leads.sellerId))
            .where(and(customerMatch(fragment.search), where(conditions.filter((condition) => condition !== fragment.condition))))
            .orderBy(...order)
            .limit(literalLimit(limit));
        }
        if (offset === 0) return rows().where(where()).orderBy(...order).limit(literalLimit(limit));
        const pageIds = ids().as('page_ids');
        return rows().innerJoin(pageIds, eq(pageIds.id, leads.id)).orderBy(...order);
      });
      return this.run(statement, { ...params, ...selected }, true);
    }

    // Few matches (a recent count says so): every match is gathered behind a fence (an OFFSET: the
    // subquery is planned alone, through whichever index its conditions' columns have, never by walking
    // the list's order hoping to meet matches soon), sorted, and the page joined, in one prepared statement
    // whose generic plan suits any values that match few. PostgreSQL would re-plan it on every run (its
    // estimates favour custom plans), so it runs on the pool that keeps generic plans (queryRows).
    if (few && !needsCustomer && output === 'page') {
      const statement = this.statements.get(`few|${shape}`, () => {
        // The key always gets its own name: sorted by id, a bare column would select "id" twice (ambiguous).
        const key = is(column, SQL) ? column.as('sort_key') : sql`${column}`.as('sort_key');
        const matching = this.db.select({ id: leads.id, key }).from(leads).where(where()).offset(literalLimit(0)).as('matching');
        const byKey = effective === 'desc' ? [desc(matching.key), desc(matching.id)] : [asc(matching.key), asc(matching.id)];
        const pageIds = this.db.select({ id: matching.id }).from(matching).orderBy(...byKey).limit(literalLimit(limit)).$dynamic();
        if (offset > 0) pageIds.offset(ph('offset'));
        const ids = pageIds.as('page_ids');
        return rows().innerJoin(ids, eq(ids.id, leads.id)).orderBy(...order);
      });
      return this.run(statement, { ...params, ...selected }, true);
    }

    // Otherwise the best plan depends on the values (which index, how many rows a search word matches):
    // the ids come from an unnamed statement, planned for this run's values and kept small (planning a
    // join with it would cost more than the second round trip); their rows from a prepared one. A page
    // filtered by nothing but a dense text (resolveText) is walked in the list's order: a page of matches
    // comes within a few thousand rows, where PostgreSQL, underestimating prefix words, would first collect
    // every match through the word index. (Other filters might match none of those customers and turn the
    // walk into one over their whole range; exports read every match anyway.)
    const walking = textAlone && output === 'page';
    const idsStatement = walking ? this.statements.get(`walk|${shape}`, walk) : this.statements.get(`ids|${shape}`, ids);
    const idRows = walking
      ? await queryRowsInIndexOrder(this.db, idsStatement.text, fillPlaceholders(idsStatement.params, params))
      : await this.run(idsStatement, params);
    const found = idRows.map((row) => Number(row[0]));
    if (found.length === 0) return [];
    const byIds = this.statements.get(`rows|${sorted}|${output}`, () => rows().where(sql`${leads.id} = any(${ph('ids')}::integer[])`));
    const byId = new Map<number, unknown[]>();
    for (const row of await this.run(byIds, { ids: found, ...selected }, true)) byId.set(row[0] as number, row);
    // A row deleted between the two statements is just left out.
    return found.map((id) => byId.get(id)).filter((row) => row !== undefined);
  }

  /**
   * Counts up to `cap` + 1 matching rows (the subquery stops there), so a count over a million rows costs
   * no more than one over `cap`. Without a cap it counts them all (exactCount, exports).
   */
  async count(scope: LeadScope, filters: LeadFilters, cap?: number): Promise<ListCount> {
    const { conditions, params, key, needsCustomer, stablePlan, text, textAlone } = leadConditions(scope, filters);
    const capped = (n: number): ListCount => (cap !== undefined && n > cap ? { total: cap, exact: false } : { total: n, exact: true });
    // A broad name alone (thousands of customers share it; resolveText left it as it is), in the user's
    // scope: its candidates are the customers having both of its words' prefixes, read from
    // customer_word_prefixes' primary key alone (two backward scans merged by id) and checked against the
    // two words there, and only they are joined to their leads, newest first until the cap. The word index
    // would first gather every match into a bitmap, then read each customer row; a seller's own leads,
    // where the cap is seldom reached, meant reading every one of them, twice (whole words, then
    // beginnings), then reading each candidate's customer row; with the words on the index entries (migration
    // 0030) no customer row is read.
    const pair = textAlone && text && cap !== undefined ? prefixPair(text) : undefined;
    if (pair && text) {
      const statement = this.statements.get(`count-paired|${key}|${pair.whole}|${cap}`, () => this.pairedCount(conditions, text, pair.whole, cap!));
      return capped(Number((await this.run(statement, { ...params, ...pair.params }))[0][0]));
    }
    const build = () => {
      const inner = this.db.select({ one: sql`1`.as('one') }).from(leads).$dynamic();
      if (needsCustomer) inner.innerJoin(customers, eq(customers.id, leads.customerId));
      inner.where(and(...conditions.map((condition) => condition())));
      if (cap !== undefined) inner.limit(literalLimit(cap + 1));
      return this.db.select({ n: count() }).from(inner.as('matching'));
    };
    // Prepared (one generic plan) when the plan does not depend on the values; other counts are planned
    // for their values. A broad text (many matching customers, see resolveText) is counted from the
    // customers its words find: walking the list in order would check every lead when fewer than `cap` match.
    const statementKey = `count|${key}|${cap ?? 'all'}`;
    const statement = this.statements.get(statementKey, build);
    const countWith = async (values: Params) =>
      Number((await queryRowsByIndex(this.db, statement.text, fillPlaceholders(statement.params, values)))[0][0]);
    // A name typed in full ("maria gomez") often has more than `cap` matches as whole words already, which
    // the index tells ~10 times cheaper than the words as beginnings (wholeWordParams).
    if (needsCustomer && text && cap !== undefined) {
      const whole = wholeWordParams(text, params);
      if (whole && (await countWith(whole)) > cap) return { total: cap, exact: false };
    }
    const n = needsCustomer ? await countWith(params) : Number((await this.run(statement, params, stablePlan))[0][0]);
    return capped(n);
  }

  /**
   * The count statement of a prefixPair text alone (see count): up to `cap` + 1 matching leads. Every step
   * is fenced (OFFSET 0) into the order that stays cheap whatever PostgreSQL estimates (a pair of common
   * prefixes once made it read all of a seller's leads and hash them): the candidates as a merge of the
   * two prefixes checked against the two words on their index entries, then each one's leads in the user's
   * scope from leads_customer_id_idx alone, then, only when the text has other words (`whole` false), the
   * customer of each lead that passed checked against all of them.
   */
  private pairedCount(conditions: Condition[], text: CustomerSearch, whole: boolean, cap: number) {
    const candidates = prefixCandidates(this.db, 'candidates');
    const leadsInScope = this.db
      .select({ one: sql`1`.as('one') })
      .from(leads)
      .where(
        and(
          eq(leads.customerId, candidates.customerId),
          ...onLead(conditions, text).map((condition) => condition()),
          whole ? undefined : sql`exists (${leadCustomerMatching(this.db, text)})`,
        ),
      )
      .offset(literalLimit(0))
      .as('leads_in_scope');
    const inner = this.db
      .select({ one: leadsInScope.one })
      .from(candidates)
      .crossJoinLateral(leadsInScope)
      .where(pairWordsMatch(candidates))
      .limit(literalLimit(cap + 1));
    return this.db.select({ n: count() }).from(inner.as('matching'));
  }

  /** The whole filtered set in keyset batches, for exports: memory stays at one batch. */
  async *batches(scope: LeadScope, filters: LeadFilters, sort: LeadSort, batchSize: number) {
    let cursor: Cursor | undefined;
    for (;;) {
      const rows = (await this.rowsInOrder(scope, filters, sort, { cursor, limit: batchSize }, 'export')).map(exportRowOf);
      if (rows.length === 0) return;
      yield rows;
      if (rows.length < batchSize) return;
      const last = rows[rows.length - 1];
      cursor = { ...sort, value: last.sortKey, id: last.id, direction: 'next' };
    }
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
  async detail(country: Country, id: number): Promise<{ lead: LeadDetail; json: JsonText<LeadDetail>; sellerId: number | null } | undefined> {
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
    const inList = (ids: readonly number[]) => sql.join(ids.map((id) => sql`${id}`), sql`, `);
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
            : sql<number | null>`min(${leads.id}) filter (where ${leads.sellerId} <> ${sellerId} and ${leads.statusId} not in (${inList(CLOSED_STATUSES[country])}))`,
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
        const [event] = await tx.insert(leadEvents).values({ country, leadId, type: 'note', userId, body }).returning({ id: leadEvents.id });
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
  reassignSeller(country: Country, leadId: number, userId: number, version: number, seller: { id: number; name: string }): Promise<boolean> {
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
    event: (before: { managementStatus: string | null; sellerId: number | null }) => Omit<typeof leadEvents.$inferInsert, 'country' | 'leadId'>,
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
