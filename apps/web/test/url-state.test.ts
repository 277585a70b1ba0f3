import { describe, expect, it } from 'vitest';
import { leadListQuerySchema, salesListQuerySchema } from '@backoffice/shared';
import { applyListPatch, isFiltered } from '../src/lib/url-state';

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
      for (const filter of [{ step: '2' }, { amount: '0-5000' }, { management: 'Contestador' }, { seller: 'none' }, { from: '2026-11-01' }, { q: 'ana' }]) {
        expect(isFiltered(schema.parse(filter)), JSON.stringify(filter)).toBe(true);
      }
    }
    expect(isFiltered(leadListQuerySchema.parse({ status: '1,2' }))).toBe(true);
    expect(isFiltered(salesListQuerySchema.parse({ sales_status: '1' }))).toBe(true);
  });
});
