import type { Country } from '@backoffice/shared';
import { count, desc, fillPlaceholders, sql } from 'drizzle-orm';
import { queryRows, queryRowsByIndex, type Db } from '../db/client';
import { customers } from '../db/schema';
import { literalLimit, ph, StatementCache, type Compiled, type Params } from '../db/statements';
import {
  customerMatch,
  customerSearch,
  pairWordsMatch,
  prefixCandidates,
  prefixPair,
  wholeWordParams,
} from '../repositories/customer-search';
import { firstValue } from '../db/rows';

/**
 * The filters of a list that searches its rows' customers by free text, as resolveText reads and completes
 * them (the leads lists' LeadFilters; any list whose rows have a customer can use it the same way).
 */
export interface TextFilters {
  q?: string;
  /**
   * The customers a broad text matches, when they are few (resolveText): the rows are then read by
   * customer instead of checking the text on every row in list order.
   */
  customerIds?: number[];
  /** The text matches more customers than resolveText looks up: walking the list in order finds a page of them. */
  dense?: boolean;
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

/** Free text resolved to its customers before a list reads its rows (resolveText). */
export class FreeTextResolver {
  /** @param textProbeCap up to this many customers matching a text, its rows are read by customer id (resolveText). */
  constructor(
    private readonly db: Db,
    private readonly textProbeCap = 2_000,
  ) {}

  /** Statements by shape, compiled once. */
  private readonly statements = new StatementCache('leads');

  /** Rows as arrays, planned for each run's values. */
  private run(statement: Compiled, values: Params): Promise<unknown[][]> {
    return queryRows(this.db, statement.text, fillPlaceholders(statement.params, values));
  }

  /**
   * A text that is not a document or phone fragment (a name, an email) may match a few customers or
   * tens of thousands, and PostgreSQL cannot tell which: betting on many, it walks the list in order
   * checking each lead's customer, which costs seconds when they are few. So the matching customers are
   * looked up first, through the word index only, up to textProbeCap: when that many or fewer match, the
   * leads are read by customer id; when more do, matches are dense (the answer says `dense`) and walking
   * the list in order finds a page of them at once. Whole words first (wholeWordParams): more of them than
   * the cap settle it for a fraction of what the words' beginnings cost.
   */
  async resolveText<F extends TextFilters>(country: Country, filters: F): Promise<F> {
    if (!filters.q) return filters;
    const params: Params = { country };
    const search = customerSearch(filters.q, params);
    if (search.selective) return filters;
    // A quick look at the newest customers first: a text that many of them match is dense for sure, and
    // the lookup below would only read a long posting list to learn it.
    const sample = this.statements.get(`sample|${search.key}`, () =>
      this.db
        .select({ n: count() })
        .from(
          this.db
            .select()
            .from(customers)
            .where(sql`${customers.country} = ${ph('country')}`)
            .orderBy(desc(customers.id))
            .limit(literalLimit(TEXT_SAMPLE))
            .as('customers'),
        )
        .where(customerMatch(search)),
    );
    const dense = { ...filters, dense: true };
    const sampled = Number(firstValue(await this.run(sample, params)));
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
      if (Number(firstValue(await this.run(paired, { ...params, ...pair.params }))) > this.textProbeCap) return dense;
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
}
