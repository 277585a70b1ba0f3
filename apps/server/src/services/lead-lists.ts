import {
  AMOUNT_RANGES,
  COUNTRY_TIME_ZONE,
  isSellerOrWoAssignation,
  STATUSES,
  stepsOf,
  type Country,
  type LeadListQuery,
  type LeadListResponse,
  type LeadSortField,
  type ListCount,
} from '@backoffice/shared';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { CountCache } from '../lib/count-cache';
import { ExpiringMap } from '../lib/expiring-map';
import { decodeCursor, type Cursor } from '../lib/cursor';
import { PageAnchors } from '../lib/page-anchors';
import { invalidData } from '../lib/errors';
import type { JsonText } from '../lib/json-text';
import { signedInUser, type AuthUser } from '../plugins/app/auth';
import { FEW_MATCHES, type LeadFilters, type LeadScope } from '../lists/leads';
import { acceptsGzip, csvStream, gzipStream, xlsxStream } from './lead-export';

/** The filter values of a list query as they arrive (validated by the route's schema). */
export type ListFilterQuery = Pick<
  LeadListQuery,
  'status' | 'step' | 'amount' | 'management' | 'seller' | 'data_rate' | 'from' | 'to' | 'q'
> & {
  /** Exports only: the selected leads. */
  ids?: number[];
};

export interface ListPageRequest {
  sort: LeadSortField;
  dir: 'asc' | 'desc';
  page: number;
  pageSize: number;
  cursor?: string;
  exactCount?: boolean;
  /** `count=later`: the page does not wait for a count it would have to make (then null; see `total`). */
  count?: 'later';
}

type Problem = { field: string; message: string };

/** How many texts, and for how long, LeadLists remembers that resolveText left them as they are. */
const KEPT_TEXTS = 1_000;
const KEPT_TEXT_MS = 10 * 60_000;

/**
 * The filters as the user gave them, for cache keys: what resolveText adds (customerIds, dense) follows from
 * the text, which stays in the key instead of a (long) list of ids.
 */
function asAsked(filters: LeadFilters): LeadFilters {
  return { ...filters, customerIds: undefined, dense: undefined, name: undefined };
}

/**
 * An export's filters as the security log keeps them: the free text only as "there was one" (it may be a
 * customer's name or document, personal data the log must not hold), selected rows as their number.
 */
function loggedFilters(filters: LeadFilters): Record<string, unknown> {
  const { q, ids, customerIds: _customerIds, dense: _dense, name: _name, ...rest } = filters;
  return { ...rest, ...(q ? { text: true } : {}), ...(ids ? { selected: ids.length } : {}) };
}

/**
 * What the lists over leads (/leads, /sales) share for one country: the user's scope, the filter checks, a
 * page with its capped count, and the streamed export. The per-node count cache is one per country, so a
 * write seen through either list (or a status change of the workflow) drops the counts of both.
 */
export class LeadLists {
  private readonly counts: CountCache;
  private readonly anchors: PageAnchors;
  /** The country's catalogue: a status or step filter outside it is a 400, not an empty list. */
  private readonly statusIds: Set<number>;
  private readonly stepIds: Set<number>;

  constructor(
    private readonly app: FastifyInstance,
    readonly country: Country,
  ) {
    this.statusIds = new Set(STATUSES[country].map((status) => status.id));
    this.stepIds = new Set(stepsOf(country).map((step) => step.id));
    this.counts = new CountCache(app.config.countCacheSeconds);
    this.anchors = new PageAnchors(app.config.countCacheSeconds, app.config.pageAnchorRows);
  }

  /** Sellers (with or without assignation) see only the leads assigned to them. */
  scopeOf(user: AuthUser): LeadScope {
    return { country: this.country, ownSellerId: isSellerOrWoAssignation(this.country, user.role) ? user.id : undefined };
  }

  /**
   * The filters of a list query, checked against the country's catalogues: 400 naming each field otherwise,
   * together with the caller's own `problems` (e.g. the sales statuses). A broad free text is resolved
   * to its customers here (LeadListQueries.resolveText, lists/free-text.ts), once for the page, its count and exports;
   * a name alone in a list read the way lead_words serves it (`byWords`: a page in the default order, a count)
   * is looked up there instead (`name`), which costs two index descents where resolveText samples customers.
   */
  async filters(query: ListFilterQuery, problems: Problem[] = [], byWords = false): Promise<LeadFilters> {
    const unknownOf = (ids: number[] | undefined, known: Set<number>) => ids?.filter((id) => !known.has(id)) ?? [];
    const unknownStatuses = unknownOf(query.status, this.statusIds);
    if (unknownStatuses.length > 0) problems.push({ field: 'status', message: `Estado desconocido: ${unknownStatuses.join(', ')}` });
    const unknownSteps = unknownOf(query.step, this.stepIds);
    if (unknownSteps.length > 0) problems.push({ field: 'step', message: `Paso desconocido: ${unknownSteps.join(', ')}` });
    let amount;
    if (query.amount !== undefined) {
      amount = AMOUNT_RANGES[this.country].find((range) => range.id === query.amount);
      if (!amount) problems.push({ field: 'amount', message: 'Rango de monto desconocido' });
    }
    if (query.data_rate?.length && this.country !== 'col') {
      problems.push({ field: 'data_rate', message: 'La calificación de datos es un filtro de Colombia' });
    }
    if (query.from && query.to && query.from > query.to) {
      problems.push({ field: 'to', message: 'La fecha hasta no puede ser anterior a la fecha desde' });
    }
    if (problems.length > 0) throw invalidData(problems);
    const { status, step, management, seller, data_rate: dataRate, from, to, q, ids } = query;
    const filters: LeadFilters = { status, step, amount, management, seller, dataRate, from, to, q, ids };
    if (!q) return filters;
    const textAlone = Object.entries(filters).every(
      ([key, value]) => key === 'q' || value === undefined || (Array.isArray(value) && value.length === 0),
    );
    if (byWords && textAlone) {
      const name = await this.app.leadQueries.nameOf(this.country, q);
      if (name) return { ...filters, name };
    }
    const kept = this.textsKept.get(q);
    if (kept) return kept === 'dense' ? { ...filters, dense: true } : filters;
    const resolved = await this.app.leadQueries.resolveText(this.country, filters);
    if (!resolved.customerIds) this.textsKept.set(q, resolved.dense ? 'dense' : 'as typed');
    return resolved;
  }

  /**
   * Texts resolveText left as they are lately: a document fragment ('as typed'), a text matching many
   * customers ('dense'). A text that matched many customers minutes ago still does, so its next pages, its
   * count and its exports skip the look. Only the way rows are found depends on it, never which rows.
   * Bounded, the oldest first out.
   */
  private readonly textsKept = new ExpiringMap<string, 'as typed' | 'dense'>(KEPT_TEXT_MS, KEPT_TEXTS);

  /**
   * One page and its count (capped at LIST_COUNT_THRESHOLD unless `exactCount`), read side by side, in the
   * user's scope unless the caller gives one (the unassigned pool is outside a seller's own scope). The
   * answer is its JSON text (sendJsonText): the rows arrive as JSON from PostgreSQL.
   */
  async page(
    user: AuthUser,
    filters: LeadFilters,
    request: ListPageRequest,
    scope = this.scopeOf(user),
  ): Promise<JsonText<LeadListResponse>> {
    const { sort, dir, page, pageSize, exactCount } = request;
    const countKey = this.countKey(scope, filters, exactCount === true);
    // A count this node made lately that says few leads match: the page reads them all and sorts them.
    const known = this.counts.get(countKey);
    const few = known !== undefined && known.exact && known.total <= FEW_MATCHES;
    const read = async () => {
      const start = await this.start(scope, filters, request);
      const found = await this.app.leadQueries.page(scope, filters, { sort, dir, page, pageSize, few, ...start });
      // A page placed by its number (not by a client's cursor, whose page number is only a label) tells
      // where the next one starts.
      const next = start.byNumber ? decodeCursor(found.nextCursor ?? undefined) : undefined;
      if (start.byNumber && next) this.anchors.learn(start.byNumber, page * pageSize, next);
      // The first page with no page after it holds every match: it is its own exact count.
      const complete = page === 1 && !start.cursor && found.nextCursor === null;
      return { found, complete };
    };
    let result: Awaited<ReturnType<typeof read>>['found'];
    let count: ListCount | null;
    const text = known === undefined && filters.q !== undefined;
    if (request.count === 'later' && known === undefined) {
      // The screen asks for the count apart (`total`) once the rows are shown: only a count at hand comes
      // with them, the first page that holds every match.
      const { found, complete } = await read();
      result = found;
      count = complete ? { total: found.rows.length, exact: true } : null;
      if (count) this.counts.set(countKey, count);
    } else if (text && !filters.dense) {
      // A free text mostly looks for someone: few matches, a text seldom repeated (no count cached). Its
      // first page, read first, usually holds them all, and the count is then not asked for.
      const { found, complete } = await read();
      result = found;
      count = complete ? { total: found.rows.length, exact: true } : await this.count(scope, filters, exactCount === true, countKey);
      if (complete) this.counts.set(countKey, count);
    } else {
      // No text, a count known, or a dense text (its first page is full and its count needed: a seller's
      // common name does not wait for the page's walk before counting): both at once.
      const [{ found, complete }, counted] = await Promise.all([
        read(),
        known ?? this.count(scope, filters, exactCount === true, countKey),
      ]);
      result = found;
      count = counted;
      if (text && complete) {
        // In a narrow scope a dense text's page may still hold every match: then it is the exact count, as above.
        count = { total: found.rows.length, exact: true };
        this.counts.set(countKey, count);
      }
    }
    const pageInfo: LeadListResponse['pageInfo'] = {
      page: result.page,
      pageSize,
      nextCursor: result.nextCursor,
      prevCursor: result.prevCursor,
    };
    return `{"rows":[${result.rows.join(',')}],"count":${JSON.stringify(count)},"pageInfo":${JSON.stringify(pageInfo)}}`;
  }

  /**
   * The count a page asked with `count=later` left out: the same scope, filters, cap and per-node cache as a
   * page's own count, so the pages after it find it there.
   */
  total(user: AuthUser, filters: LeadFilters, exactCount = false, scope = this.scopeOf(user)): Promise<ListCount> {
    return this.count(scope, filters, exactCount);
  }

  /**
   * The whole filtered set as a CSV or XLSX file named `<prefix>-<country>-<local date>`, streamed in
   * keyset batches (memory holds one batch), announced by `X-Total-Count`.
   */
  async export(
    request: FastifyRequest,
    reply: FastifyReply,
    filters: LeadFilters,
    options: { sort: LeadSortField; dir: 'asc' | 'desc'; format: 'csv' | 'xlsx'; filePrefix: string },
  ) {
    const { sort, dir, format, filePrefix } = options;
    const scope = this.scopeOf(signedInUser(request));
    const { total } = await this.app.leadQueries.count(scope, filters);
    await this.app.securityEvents.record({
      country: this.country,
      type: 'export',
      userId: signedInUser(request).id,
      ip: request.ip,
      details: { list: filePrefix, format, rows: total, filters: loggedFilters(filters) },
    });
    const batches = this.app.leadQueries.batches(scope, filters, { sort, dir }, this.app.config.exportBatch);
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: COUNTRY_TIME_ZONE[this.country] }).format(new Date());
    void reply
      .header('content-disposition', `attachment; filename="${filePrefix}-${this.country}-${today}.${format}"`)
      .header('x-total-count', String(total))
      .header('cache-control', 'no-store');
    if (format === 'csv') {
      const csv = csvStream(this.country, batches);
      void reply.type('text/csv; charset=utf-8').header('vary', 'accept-encoding');
      if (!acceptsGzip(request.headers['accept-encoding'])) return reply.send(csv);
      return reply.header('content-encoding', 'gzip').send(gzipStream(csv));
    }
    const stream = xlsxStream(this.country, batches, (error) => request.log.error({ err: error }, 'xlsx export failed'));
    return reply.type('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet').send(stream);
  }

  /** Any write that can change which leads a filter matches (this node's counts and anchors are dropped at once). */
  changed(): void {
    this.counts.clear();
    this.anchors.clear();
  }

  /**
   * A write that moves leads within a sort without changing which leads a filter matches (a call back
   * scheduled, resolved or postponed moves its lead in the next call's order): only the positions go.
   */
  reordered(): void {
    this.anchors.clear();
  }

  /**
   * Where the page starts: the request's cursor when it has one for this sort; a page by number from the
   * nearest anchor (PageAnchors) rather than an offset walking every row before it.
   */
  private async start(
    scope: LeadScope,
    filters: LeadFilters,
    request: ListPageRequest,
  ): Promise<{ cursor?: Cursor; skip?: number; byNumber?: string }> {
    const { sort, dir, page, pageSize } = request;
    const cursor = decodeCursor(request.cursor);
    if (cursor && cursor.sort === sort && cursor.dir === dir) return { cursor };
    if (page === 1) return {};
    // The list's key among the anchors.
    const byNumber = JSON.stringify([scope.ownSellerId ?? null, asAsked(filters), sort, dir]);
    const start = await this.anchors.start(byNumber, (page - 1) * pageSize, (from, position) =>
      this.app.leadQueries.cursorAt(scope, filters, { sort, dir }, from, position),
    );
    return start.cursor ? { ...start, byNumber } : { byNumber };
  }

  /** A count's key among the cached counts. */
  private countKey(scope: LeadScope, filters: LeadFilters, exact: boolean): string {
    return JSON.stringify([scope.ownSellerId ?? null, asAsked(filters), exact]);
  }

  private async count(
    scope: LeadScope,
    filters: LeadFilters,
    exact: boolean,
    key = this.countKey(scope, filters, exact),
  ): Promise<ListCount> {
    const cached = this.counts.get(key);
    if (cached) return cached;
    // A free text's count visits a customer row per match (its words' index finds candidates, not counts),
    // so it stops sooner: "más de 1.000" says enough about a search, and "Contar exacto" is one click away.
    const { listCountThreshold, listTextCountThreshold } = this.app.config;
    const cap = filters.q ? Math.min(listCountThreshold, listTextCountThreshold) : listCountThreshold;
    const count = await this.app.leadQueries.count(scope, filters, exact ? undefined : cap);
    this.counts.set(key, count);
    return count;
  }
}
