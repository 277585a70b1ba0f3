import { SEARCHER_APPLICATIONS, SEARCHER_LIMIT, type Country, type SearcherCustomer } from '@backoffice/shared';
import { and, desc, fillPlaceholders, sql } from 'drizzle-orm';
import { queryRows, queryRowsByIndex, type Db } from '../db/client';
import { customers, leads, users } from '../db/schema';
import { customerMatch, customerSearch, ph, type CustomerSearch, type Params } from './customer-search';
import { stepLabelOf } from './leads';

export interface SearcherScope {
  country: Country;
  /** Sellers find only the customers of leads assigned to them, and only those leads. */
  ownSellerId?: number;
}

/** How many of the newest customers a broad text is first looked for in. */
const RECENT_WINDOW = 5_000;

type CustomerTuple = [number, string, string, string | null, string, string, string | null, string | null];

interface ApplicationRow {
  customer_id: number;
  id: number;
  created_at: Date | string;
  status_id: number;
  requested_amount: number | string;
  term: number;
  seller_id: number | null;
  seller_name: string | null;
  management_status: string | null;
}

/** The searcher: customers matching free text, each with their newest applications. */
export class SearcherRepository {
  constructor(private readonly db: Db) {}

  /** SQL text per shape (which words, seller or not, window or not); values are always bound. */
  private readonly statements = new Map<string, { text: string; params: unknown[] }>();

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
      const fragment = this.statement(scope, search, 'fragment');
      found = (await queryRows(this.db, fragment.text, values(fragment))) as CustomerTuple[];
    } else {
      const recent = this.statement(scope, search, 'recent');
      const rows = (await queryRows(this.db, recent.text, values(recent))) as CustomerTuple[];
      if (rows.length > SEARCHER_LIMIT) found = rows;
    }
    if (!found) {
      const all = this.statement(scope, search, 'indexed');
      found = (await queryRowsByIndex(this.db, all.text, values(all))) as CustomerTuple[];
    }
    const shown = found.slice(0, SEARCHER_LIMIT);
    const applications = await this.applications(scope, shown.map((row) => row[0]));
    return {
      more: found.length > SEARCHER_LIMIT,
      customers: shown.map(([id, docType, docNumber, cuil, firstName, lastName, cellphone, email]) => {
        const own = applications.get(id) ?? [];
        return {
          id,
          doc_type: docType,
          doc_number: docNumber,
          cuil,
          first_name: firstName,
          last_name: lastName,
          cellphone,
          email,
          applications: own.slice(0, SEARCHER_APPLICATIONS).map((row) => ({
            id: Number(row.id),
            created_at: new Date(row.created_at).toISOString(),
            status_id: Number(row.status_id),
            step: stepLabelOf(scope.country, Number(row.status_id)),
            requested_amount: Number(row.requested_amount),
            term: Number(row.term),
            seller: row.seller_id !== null && row.seller_name !== null ? { id: Number(row.seller_id), name: row.seller_name } : null,
            management_status: row.management_status,
          })),
          more_applications: own.length > SEARCHER_APPLICATIONS,
        };
      }),
    };
  }

  /**
   * `recent`: among the newest RECENT_WINDOW customers; `indexed`: all of them (run through the indexes
   * only); `fragment`: the customers a digit fragment's windows find, as an array sub-select (an init plan:
   * the planner cannot walk the table in id order betting on frequent matches).
   */
  private statement(scope: SearcherScope, search: CustomerSearch, kind: 'recent' | 'indexed' | 'fragment') {
    const key = `${search.key}|${scope.ownSellerId !== undefined}|${kind}`;
    let statement = this.statements.get(key);
    if (statement) return statement;
    const where = [
      kind === 'fragment'
        ? sql`${customers.id} = any(array(select ${customers.id} from ${customers} where ${customerMatch(search)}))`
        : customerMatch(search),
    ];
    if (scope.ownSellerId !== undefined) {
      where.push(sql`exists (select 1 from ${leads} where ${leads.customerId} = ${customers.id} and ${leads.sellerId} = ${ph('own')})`);
    }
    const query = this.db
      .select({
        id: customers.id,
        docType: customers.docType,
        docNumber: customers.docNumber,
        cuil: customers.cuil,
        firstName: customers.firstName,
        lastName: customers.lastName,
        cellphone: customers.cellphone,
        email: customers.email,
      })
      .from(
        kind === 'recent'
          ? // The newest customers of the country, under the table's own name so that the conditions
            // (written against "customers") read the subquery's columns.
            this.db.select().from(customers).where(sql`${customers.country} = ${ph('country')}`).orderBy(desc(customers.id)).limit(RECENT_WINDOW).as('customers')
          : customers,
      )
      .where(and(...where))
      // One more than shown tells whether the text should be narrowed.
      .orderBy(desc(customers.id))
      .limit(SEARCHER_LIMIT + 1);
    const { sql: text, params } = query.toSQL();
    statement = { text, params };
    this.statements.set(key, statement);
    return statement;
  }

  /** The newest applications of each customer (one more than shown), through leads_customer_id_idx. */
  private async applications(scope: SearcherScope, customerIds: number[]): Promise<Map<number, ApplicationRow[]>> {
    const byCustomer = new Map<number, ApplicationRow[]>();
    if (customerIds.length === 0) return byCustomer;
    const own = scope.ownSellerId === undefined ? sql`` : sql` and l.seller_id = ${scope.ownSellerId}`;
    const result = (await this.db.execute(sql`
      select l.customer_id, l.id, l.created_at, l.status_id, l.requested_amount, l.term, l.seller_id,
             u.name as seller_name, l.management_status
        from unnest(${sql.param(customerIds)}::integer[]) as c(id)
       cross join lateral (
             select * from ${leads} l
              where l.customer_id = c.id and l.country = ${scope.country}${own}
              order by l.created_at desc, l.id desc
              limit ${SEARCHER_APPLICATIONS + 1}) l
        left join ${users} u on u.id = l.seller_id
       order by l.created_at desc, l.id desc`)) as unknown as { rows: ApplicationRow[] };
    for (const row of result.rows) {
      const id = Number(row.customer_id);
      const list = byCustomer.get(id) ?? [];
      list.push(row);
      byCustomer.set(id, list);
    }
    return byCustomer;
  }
}
