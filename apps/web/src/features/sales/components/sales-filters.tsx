import type { SalesListQuery } from '@backoffice/shared';
import { useSearchParams } from 'react-router';
import {
  AmountFilter,
  DataRateFilter,
  FilterBar,
  ManagementFilter,
  MultiSelect,
  SearchBox,
  StepFilter,
  strings,
} from '../../../components/list-filters';
import { useFilterResource } from '../../../lib/filter-resources';
import type { SalesFilterPatch } from '../hooks/use-sales-list-params';

/** SPEC 3/4 filters of the sales list: sales status, step, amount range, management status and (col) data rate. */
export function SalesFilters({
  query,
  update,
  reset,
}: {
  query: SalesListQuery;
  update: (patch: SalesFilterPatch) => void;
  reset: () => void;
}) {
  const salesStatuses = useFilterResource('sales_statuses');
  // The box shows the URL's text as it is: one too short to search is not in `query` (nor in the request).
  const [searchParams] = useSearchParams();
  return (
    <FilterBar reset={reset}>
      <SearchBox value={searchParams.get('q') ?? ''} onChange={(q) => update({ q })} />
      <MultiSelect
        label="Estado de venta"
        values={strings(query.sales_status)}
        options={salesStatuses.map((s) => ({ value: String(s.id), label: s.name }))}
        onChange={(sales_status) => update({ sales_status })}
      />
      <StepFilter values={strings(query.step)} onChange={(step) => update({ step })} />
      <AmountFilter id="sales-filter-amount" value={query.amount ?? ''} onChange={(amount) => update({ amount })} />
      <ManagementFilter values={strings(query.management)} onChange={(management) => update({ management })} />
      <DataRateFilter values={strings(query.data_rate)} onChange={(data_rate) => update({ data_rate })} />
    </FilterBar>
  );
}
