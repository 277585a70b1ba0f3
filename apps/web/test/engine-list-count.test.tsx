import type { ListCount, ListPageResponse } from '@backoffice/shared';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { listQueryOptions, useEngineList } from '../src/components/entity-list/list-query';
import { ListScreen } from '../src/components/entity-list/list-screen';

/*
 * An engine list (here /collections) asks its rows with `count=later` and, when the page comes without a
 * count, its `/count` with the filters alone; the screen reads "Cargando…" until then, the total after, "—"
 * if the count is refused. Rendered on the server (no DOM here): the cache stands for what has arrived.
 */

interface Row {
  id: number;
  name: string;
}

const SEARCH = 'q=ana+gomez&status=late&page=2&cursor=abc&sort=days_past_due&dir=desc';
const QUERY = { page: 2, pageSize: 25, sort: 'days_past_due', dir: 'desc' as const };
const page = (count: ListCount | null): ListPageResponse<Row> => ({
  rows: [{ id: 7, name: 'Ana Gómez' }],
  count,
  pageInfo: { page: 2, pageSize: 25, nextCursor: 'next', prevCursor: 'prev' },
});

let asked: string[];
let countAnswer: () => Response;

beforeEach(() => {
  asked = [];
  countAnswer = () => Response.json({ total: 1234, exact: true });
  vi.stubGlobal('fetch', (url: string) => {
    asked.push(url);
    return Promise.resolve(url.includes('/count') ? countAnswer() : Response.json(page(null)));
  });
});
afterEach(() => vi.unstubAllGlobals());

function Screen() {
  const list = useEngineList<Row>(['collections'], 'collections', SEARCH);
  return (
    <ListScreen<Row, typeof QUERY>
      title="Cobranzas"
      plural="préstamos"
      singular="préstamo"
      path="/collections"
      params={{ query: QUERY, search: SEARCH, update: () => {} }}
      list={list}
      columns={[{ field: 'name', headerName: 'Cliente', width: 200 }]}
      mobileRow={(row) => ({ primary: row.name })}
      noRowsLabel="Ninguno"
      emptyLabel="Nada"
      testId="collections"
    />
  );
}

/** The count shown under the title, as the server renders the screen with what the cache holds. */
function shownCount(client: QueryClient): string {
  const html = renderToString(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[`/collections?${SEARCH}`]}>
        <Screen />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  const match = /data-testid="collections-count"[^>]*>([^<]*)</.exec(html);
  expect(match).not.toBeNull();
  return match![1];
}

// No retries: a refused count stays refused (the screen's "—").
const newClient = () => new QueryClient({ defaultOptions: { queries: { retry: false, retryOnMount: false } } });
const pageKey = listQueryOptions<Row>(['collections'], 'collections', SEARCH).queryKey;
/** The count query the screen's hook made (under the page's key root, so refreshing the list refreshes it). */
const countQuery = (client: QueryClient) => client.getQueryCache().find({ queryKey: ['collections', 'list', 'count'], exact: false });
/** Whether the hook would ask it (its observer's options, which the query keeps: nothing is fetched on the server). */
const asks = (client: QueryClient) => (countQuery(client)?.options as { enabled?: boolean } | undefined)?.enabled;

describe('an engine list whose count comes after its rows', () => {
  it('asks its page with count=later', async () => {
    await newClient().fetchQuery(listQueryOptions<Row>(['collections'], 'collections', SEARCH));
    expect(asked).toHaveLength(1);
    const url = new URL(asked[0], 'http://x');
    expect(url.pathname).toMatch(/\/collections$/);
    expect(url.searchParams.get('count')).toBe('later');
    expect(url.searchParams.get('q')).toBe('ana gomez');
  });

  it('shows "Cargando…" with the rows, asks /count with the filters alone, then shows the total', async () => {
    const client = newClient();
    client.setQueryData(pageKey, page(null));
    expect(shownCount(client)).toBe('Cargando…');

    expect(asks(client)).toBe(true);
    await countQuery(client)!.fetch();
    const url = new URL(asked[0], 'http://x');
    expect(url.pathname).toMatch(/\/collections\/count$/);
    // Paging and order left out: every page of the filter shares one count.
    expect([...url.searchParams.keys()].sort()).toEqual(['q', 'status']);

    expect(shownCount(client)).toBe('1.234 préstamos');
  });

  it('says "—" when the count is refused, and asks none when the page came with its own', async () => {
    const refused = newClient();
    refused.setQueryData(pageKey, page(null));
    shownCount(refused);
    countAnswer = () => Response.json({ statusCode: 500, message: 'boom' }, { status: 500 });
    await countQuery(refused)!
      .fetch()
      .catch(() => {});
    expect(shownCount(refused)).toBe('—');

    const counted = newClient();
    counted.setQueryData(pageKey, page({ total: 3, exact: true }));
    expect(shownCount(counted)).toBe('3 préstamos');
    expect(asks(counted)).toBe(false);
  });
});
