import { SEARCHER_APPLICATIONS, SEARCHER_LIMIT, type Country, type SearcherCustomer } from '@backoffice/shared';
import { and, desc, eq, fillPlaceholders, sql, type SQL } from 'drizzle-orm';
import { queryRows, queryRowsByIndex, type Db } from '../db/client';
import { customers, leads, users } from '../db/schema';
import { literalLimit, ph, StatementCache, type Params } from '../db/statements';
import { customerMatch, customerSearch, pairWordsMatch, prefixCandidates, prefixPair, type CustomerSearch } from './customer-search';
import { customerColumns, isoText, personRefOf, stepLabelOf } from './leads';

export interface SearcherScope {
  country: Country;
  /** Sellers find only the customers of leads assigned to them, and only those leads. */
  ownSellerId?: number;
}

/** How many of the newest customers a broad text is first looked for in. */
const RECENT_WINDOW = 5_000;

/**
 * A text of two or more words of letters: how many of the newest customers with each of its two longest
 * words' first three letters are merged, and how many customers found in both are checked at most.
 */
const PREFIX_WINDOW = 5_000;
const PREFIX_CANDIDATES = 1_000;

/** A found customer: its columns, then its newest applications (ApplicationTuple[], one more than shown). */
type CustomerTuple = [number, string, string, string | null, string, string, string | null, string | null, ApplicationTuple[]];

/** id, created_at (ISO 8601, isoText), status_id, requested_amount, term, seller_id, seller name, management_status */
type ApplicationTuple = [number, string, number, number, number, number | null, string | null, string | null];

type StatementKind = 'recent' | 'paired' | 'indexed' | 'fragment';

/** The searcher: customers matching free text, each with their newest applications. */
export class SearcherRepository {
  constructor(private readonly db: Db) {}

  /** SQL text per shape (which words, seller or not, window or not); values are always bound. */
  private readonly statements = new StatementCache('searcher');

  /**
   * Customers matching every word, newest first. A text matching many customers (a common name) is
   * answered from the newest RECENT_WINDOW customers, read in id order; a rarer text through the indexes
   * alone (queryRowsByIndex); a document fragment by its digit windows, first: each way costs a few milliseconds
   * where it is used, and neither meets the other's bad case (a walk over every customer for a rare name,
   * a posting list of 50,000 rows sorted for a common one).
   */
  async search(scope: SearcherScope, q: string): Promise<{ customers: SearcherCustomer[]; more: boolean }> {
    const params: Params = { country: scope.country };
    const search = customerSearch(q, params);
    if (scope.ownSellerId !== undefined) params.own = scope.ownSellerId;
    const values = (statement: { params: unknown[] }) => fillPlaceholders(statement.params, params);
    let found: CustomerTuple[] | undefined;
    if (search.selective) {
      // A document or phone fragment: its digit windows find a handful of customers, first (one statement).
      // Its plan does not depend on the values: a prepared statement.
      const fragment = this.statement(scope, search, 'fragment');
      found = (await queryRows(this.db, fragment.text, values(fragment), fragment.name)) as CustomerTuple[];
    } else {
      // Two words (a first name and a surname): the customers having both words' first letters, newest
      // first, from their prefixes' index alone; otherwise the newest customers walked by id. Either
      // finds a broad text's newest matches at once, in one plan for any values (prepared).
      const pair = prefixPair(search);
      if (pair) Object.assign(params, pair.params);
      const first = this.statement(scope, search, pair ? 'paired' : 'recent');
      const rows = (await queryRows(this.db, first.text, values(first), first.name)) as CustomerTuple[];
      if (rows.length > SEARCHER_LIMIT) found = rows;
    }
    if (!found) {
      const all = this.statement(scope, search, 'indexed');
      found = (await queryRowsByIndex(this.db, all.text, values(all))) as CustomerTuple[];
    }
    return {
      more: found.length > SEARCHER_LIMIT,
      customers: found
        .slice(0, SEARCHER_LIMIT)
        .map(([id, docType, docNumber, cuil, firstName, lastName, cellphone, email, applications]) => ({
          id,
          doc_type: docType,
          doc_number: docNumber,
          cuil,
          first_name: firstName,
          last_name: lastName,
          cellphone,
          email,
          applications: applications
            .slice(0, SEARCHER_APPLICATIONS)
            .map(([leadId, createdAt, statusId, amount, term, sellerId, sellerName, management]) => ({
              id: leadId,
              created_at: createdAt,
              status_id: statusId,
              step: stepLabelOf(scope.country, statusId),
              requested_amount: Number(amount),
              term,
              seller: personRefOf(sellerId, sellerName),
              management_status: management,
            })),
          more_applications: applications.length > SEARCHER_APPLICATIONS,
        })),
    };
  }

  /**
   * `recent`: among the newest RECENT_WINDOW customers; `paired`: among the newest customers having both
   * prefixes of prefixPair (up to PREFIX_CANDIDATES of them); `indexed`: all of them (run through the
   * indexes only); `fragment`: the customers a digit fragment's windows find, as an array sub-select (an
   * init plan: the planner cannot walk the table in id order betting on frequent matches). `recent` and
   * `paired` read candidates newest first, a superset of the matches: the first SEARCHER_LIMIT + 1 matches
   * they meet are the newest ones; with fewer the text is looked for in all (`indexed`).
   */
  private statement(scope: SearcherScope, search: CustomerSearch, kind: StatementKind) {
    const key = `${search.key}|${scope.ownSellerId !== undefined}|${kind}`;
    return this.statements.get(key, () => this.build(scope, search, kind));
  }

  private build(scope: SearcherScope, search: CustomerSearch, kind: StatementKind) {
    const where = [
      kind === 'fragment'
        ? sql`${customers.id} = any(array(select ${customers.id} from ${customers} where ${customerMatch(search)}))`
        : customerMatch(search),
    ];
    if (scope.ownSellerId !== undefined) {
      where.push(sql`exists (select 1 from ${leads} where ${leads.customerId} = ${customers.id} and ${leads.sellerId} = ${ph('own')})`);
    }
    // The lists' customer columns, in CustomerTuple's order; one more than shown tells whether the text
    // should be narrowed.
    const matching =
      kind === 'paired'
        ? this.paired(where)
        : this.db
            .select(customerColumns)
            .from(
              kind === 'recent'
                ? // The newest customers of the country, under the table's own name so that the conditions
                  // (written against "customers") read the subquery's columns.
                  this.db
                    .select()
                    .from(customers)
                    .where(sql`${customers.country} = ${ph('country')}`)
                    .orderBy(desc(customers.id))
                    .limit(literalLimit(RECENT_WINDOW))
                    .as('customers')
                : customers,
            )
            .where(and(...where))
            .orderBy(desc(customers.id))
            .limit(literalLimit(SEARCHER_LIMIT + 1))
            .as('found');
    // Each found customer's newest applications (one more than shown), through leads_customer_id_idx, in
    // the same statement: one round trip per search (a recent window with too few customers is dropped
    // with theirs: at most SEARCHER_LIMIT lookups). `found.id` is the subquery's alias below.
    const own = scope.ownSellerId === undefined ? sql`` : sql` and l.seller_id = ${ph('own')}`;
    const applications = sql<ApplicationTuple[]>`(
      select coalesce(json_agg(json_build_array(a.id, ${isoText(sql`a.created_at`)}, a.status_id, a.requested_amount, a.term, a.seller_id, u.name, a.management_status)
                               order by a.created_at desc, a.id desc), '[]'::json)
        from (select l.id, l.created_at, l.status_id, l.requested_amount, l.term, l.seller_id, l.management_status
                from ${leads} l
               where l.customer_id = found.id and l.country = ${ph('country')}${own}
               order by l.created_at desc, l.id desc
               limit ${sql.raw(String(SEARCHER_APPLICATIONS + 1))}) a
        left join ${users} u on u.id = a.seller_id)`;
    return this.db
      .select({ ...matching._.selectedFields, applications })
      .from(matching)
      .orderBy(desc(matching.customerId));
  }

  /**
   * The customers having both words of prefixPair newest first: prefixCandidates (up to PREFIX_CANDIDATES),
   * those without the two words left out on their index entries (pairWordsMatch), the rest checked on their
   * row against every condition (a lateral subquery: read in the candidates' order, never the other way
   * round).
   */
  private paired(where: SQL[]) {
    const candidates = prefixCandidates(this.db, 'candidates', { window: PREFIX_WINDOW, limit: PREFIX_CANDIDATES });
    const candidate = this.db
      .select()
      .from(customers)
      .where(and(eq(customers.id, candidates.customerId), ...where))
      .offset(literalLimit(0))
      .as('customers');
    return this.db
      .select(customerColumns)
      .from(candidates)
      .crossJoinLateral(candidate)
      .where(pairWordsMatch(candidates))
      .orderBy(desc(candidates.customerId))
      .limit(literalLimit(SEARCHER_LIMIT + 1))
      .as('found');
  }
}
