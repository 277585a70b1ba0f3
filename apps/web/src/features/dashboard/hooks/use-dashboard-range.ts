import { dashboardQuerySchema, resolveDashboardRange, type DashboardQuery } from '@backoffice/shared';
import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { COUNTRY } from '../../../config/env';

/**
 * The period a query means, defaults applied; one the server would refuse (a hand-edited link) is `invalid`,
 * its missing end taken from the default period.
 */
function rangeOf(query: DashboardQuery): { from: string; to: string; invalid: boolean } {
  const asked = resolveDashboardRange(COUNTRY, query);
  if (!asked.errors) return { ...asked, invalid: false };
  const fallback = resolveDashboardRange(COUNTRY, {});
  if (fallback.errors) throw new Error('The default dashboard range is invalid');
  return { from: query.from ?? fallback.from, to: query.to ?? fallback.to, invalid: true };
}

/**
 * The dashboard's range lives in the URL (`/?from=2026-10-01&to=2026-10-31`): a copied link opens the same
 * view and back/forward work. No params = the server's default (the last 30 days); a malformed one is
 * ignored, as the server would refuse it.
 */
export function useDashboardRange() {
  const [searchParams, setSearchParams] = useSearchParams();

  const query = useMemo<DashboardQuery>(() => {
    const from = dashboardQuerySchema.shape.from.safeParse(searchParams.get('from') ?? undefined);
    const to = dashboardQuerySchema.shape.to.safeParse(searchParams.get('to') ?? undefined);
    return { from: from.success ? from.data : undefined, to: to.success ? to.data : undefined };
  }, [searchParams]);

  const setRange = useCallback(
    (range: DashboardQuery) =>
      setSearchParams((current) => {
        const next = new URLSearchParams(current);
        for (const key of ['from', 'to'] as const) {
          const value = range[key];
          if (value) next.set(key, value);
          else next.delete(key);
        }
        return next;
      }),
    [setSearchParams],
  );

  const range = useMemo(() => rangeOf(query), [query]);

  return { query, range, setRange };
}
