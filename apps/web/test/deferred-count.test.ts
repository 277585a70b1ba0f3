import type { ListCount } from '@backoffice/shared';
import { describe, expect, it } from 'vitest';
import { pageCount } from '../src/components/keyset-pagination';
import { countSearch, pageWithCount, withCountLater } from '../src/lib/deferred-count';
import { gridRowCount, listLocaleText } from '../src/lib/grid-locale';

const page = (count: ListCount | null) => ({ rows: [{ id: 1 }], count, pageInfo: { nextCursor: 'n', prevCursor: null } });
const displayed = (count: ListCount | undefined) =>
  (listLocaleText('Sin filas', count).paginationDisplayedRows as (p: { from: number; to: number; count: number }) => string)({
    from: 26,
    to: 50,
    count: -1,
  });

describe('a list total that comes after its rows', () => {
  it('asks the page without its count, and the count with the filters alone', () => {
    expect(withCountLater('')).toBe('count=later');
    expect(withCountLater('q=maria+gomez&page=2')).toBe('q=maria+gomez&page=2&count=later');
    // Paging and order leave one count for every page; exactCount and the filters stay.
    expect(countSearch('q=maria+gomez&page=3&pageSize=50&cursor=abc&sort=id&dir=asc&exactCount=true&status=4,5')).toBe(
      'q=maria+gomez&exactCount=true&status=4%2C5',
    );
    expect(countSearch('page=2')).toBe('');
  });

  it('shows "…" for the total until it arrives, then the total and the last page number', () => {
    const waiting = pageWithCount(page(null), undefined);
    expect(waiting?.rows).toEqual([{ id: 1 }]);
    expect(waiting?.count).toBeUndefined();
    expect(displayed(waiting?.count)).toBe('26–50 de …');
    // Unknown: the grid pages forward by cursor meanwhile.
    expect(gridRowCount(waiting?.count)).toBe(-1);

    const arrived = pageWithCount(page(null), { total: 1234, exact: true });
    expect(arrived?.count).toEqual({ total: 1234, exact: true });
    expect(displayed(arrived?.count)).toBe('26–50 de 1.234');
    expect(gridRowCount(arrived?.count)).toBe(1234);
    expect(pageCount(arrived!.count!.total, 25)).toBe(50);
  });

  it("keeps the page's own count when it came with one, and nothing before the page", () => {
    const own = { total: 3, exact: true };
    expect(pageWithCount(page(own), { total: 99, exact: true })?.count).toEqual(own);
    expect(pageWithCount(undefined, { total: 99, exact: true })).toBeUndefined();
  });
});
