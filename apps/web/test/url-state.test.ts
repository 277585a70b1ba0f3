import { describe, expect, it } from 'vitest';
import { auditQueueQuerySchema, leadListQuerySchema, salesListQuerySchema } from '@backoffice/shared';
import { activeFilterCount, applyListPatch, isFiltered, parseListParams } from '../src/lib/url-state';
import { searchTextProblem } from '../src/components/list-filters';

const params = (text: string) => new URLSearchParams(text);

describe('list URL state', () => {
  it('writes arrays as comma lists and removes empty values', () => {
    expect(applyListPatch(params('q=ana'), { status: [1, 2], q: '' }).toString()).toBe('status=1%2C2');
    expect(applyListPatch(params('exactCount=true'), { exactCount: false }).toString()).toBe('');
  });

  it('goes back to the first page when a filter changes', () => {
    expect(applyListPatch(params('page=4&cursor=abc&sort=id'), { amount: '0-5000' }).toString()).toBe('sort=id&amount=0-5000');
  });

  it('keeps the filters when only the page changes', () => {
    expect(applyListPatch(params('status=3'), { page: 2, cursor: 'xyz' }).toString()).toBe('status=3&page=2&cursor=xyz');
    expect(applyListPatch(params('status=3&page=2&cursor=xyz'), { page: 1, cursor: undefined }).toString()).toBe('status=3');
  });

  it('tells a filtered list from one only ordered, paged or counted', () => {
    for (const schema of [leadListQuerySchema, salesListQuerySchema]) {
      expect(isFiltered(schema.parse({}))).toBe(false);
      expect(isFiltered(schema.parse({ sort: 'requested_amount', dir: 'asc', page: '3', pageSize: '50', exactCount: 'true' }))).toBe(false);
      for (const filter of [
        { step: '2' },
        { amount: '0-5000' },
        { management: 'Contestador' },
        { seller: 'none' },
        { from: '2026-11-01' },
        { q: 'ana' },
      ]) {
        expect(isFiltered(schema.parse(filter)), JSON.stringify(filter)).toBe(true);
      }
    }
    expect(isFiltered(leadListQuerySchema.parse({ status: '1,2' }))).toBe(true);
    expect(isFiltered(salesListQuerySchema.parse({ sales_status: '1' }))).toBe(true);
  });

  it('counts the filters set for a phone\'s "Filtros" button, not the order, page or count, nor a default', () => {
    expect(
      activeFilterCount(leadListQuerySchema.parse({ sort: 'requested_amount', dir: 'asc', page: '3', pageSize: '50', exactCount: 'true' })),
    ).toBe(0);
    expect(activeFilterCount(salesListQuerySchema.parse({ sales_status: '1,2' }))).toBe(1);
    expect(activeFilterCount(leadListQuerySchema.parse({ status: '1', step: '2', q: 'ana', from: '2026-11-01' }))).toBe(4);
    const defaults = auditQueueQuerySchema.parse({});
    expect(activeFilterCount(defaults, defaults)).toBe(0);
    expect(activeFilterCount(auditQueueQuerySchema.parse({ claim: 'mine' }), defaults)).toBe(1);
  });
});

describe('a list’s URL read as its request', () => {
  it('leaves a text too short to search out of the query and of the request, keeping the other filters', () => {
    for (const schema of [leadListQuerySchema, salesListQuerySchema]) {
      const { query, search } = parseListParams(schema, params('q=ab&step=3&sort=id'));
      expect(query.q).toBeUndefined();
      expect(query.step).toEqual([3]);
      expect(search).toBe('step=3&sort=id');
    }
  });

  it('leaves any malformed param out of the request, and a valid URL as it is', () => {
    expect(parseListParams(leadListQuerySchema, params('amount=nope&q=ana')).search).toBe('q=ana');
    expect(parseListParams(leadListQuerySchema, params('q=ana&status=1&status=2')).search).toBe('q=ana&status=1&status=2');
    // The audit queue's link with a claim filter no control offers: the queue as it is, not an error.
    const audits = parseListParams(auditQueueQuerySchema, params('claim=someone&status=3&page=2'));
    expect(audits.query).toMatchObject({ claim: 'all', status: [3], page: 2 });
    expect(audits.search).toBe('status=3&page=2');
  });

  it('holds a search box’s text back, with the reason, until one word has three letters or digits', () => {
    for (const text of ['a', 'ab', ' ab ', 'a b', '1-2'])
      // The tests' build is arg's: the schema's reason in voseo.
      expect(searchTextProblem(text), text).toBe('Escribí al menos 3 letras o números para buscar');
    for (const text of ['', '  ', 'ana', 'ab 123', '300']) expect(searchTextProblem(text), text).toBeUndefined();
  });
});
