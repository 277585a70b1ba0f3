import { Box, Stack, Typography } from '@mui/material';
import { ExportButton } from '../../components/export-button';
import { ListCountText } from '../../components/list-count';
import { ListError } from '../../components/list-error';
import { ListFiltersFrame } from '../../components/mobile-list';
import { activeFilterCount } from '../../lib/url-state';
import { rowsOutOfDate } from '../../components/list-state';
import { useSales } from '../../features/sales/api/get-sales';
import { SalesFilters } from '../../features/sales/components/sales-filters';
import { SalesTable } from '../../features/sales/components/sales-table';
import { useSalesListParams } from '../../features/sales/hooks/use-sales-list-params';
import { useRememberListSearch } from '../../lib/list-return';

/** /sales: the seller's working list (their applications in the sales statuses; all of them for admins). */
export default function SalesRoute() {
  const { query, search, update, reset } = useSalesListParams();
  // The sale detail's breadcrumb comes back to the list as it is now.
  useRememberListSearch('/sales');
  const sales = useSales(search);
  const count = sales.data?.count;

  return (
    <Stack spacing={2.5}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap' }}>
        <Box sx={{ flexGrow: 1 }}>
          <Typography variant="h4" component="h1">
            Ventas
          </Typography>
          <ListCountText
            count={count}
            failed={!!sales.query.error || sales.countFailed}
            plural="ventas"
            singular="venta"
            onExactCount={() => update({ exactCount: true })}
            data-testid="sales-count"
          />
        </Box>
        <ExportButton path="sales/export" search={search} fallbackName="ventas" />
      </Box>
      <ListFiltersFrame active={activeFilterCount(query)}>
        <SalesFilters query={query} update={update} reset={reset} />
      </ListFiltersFrame>
      <ListError error={sales.query.error} onRetry={() => void sales.query.refetch()} />
      <SalesTable
        query={query}
        data={sales.data}
        loading={sales.query.isFetching}
        stale={rowsOutOfDate(sales.query)}
        onClearFilters={reset}
        update={update}
      />
    </Stack>
  );
}
