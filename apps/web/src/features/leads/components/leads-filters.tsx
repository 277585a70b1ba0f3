import { NONE, STATUS_LABELS, type LeadListQuery } from '@backoffice/shared';
import { useSearchParams } from 'react-router';
import { DateField } from '../../../components/date-fields';
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
import type { LeadFilterPatch } from '../hooks/use-lead-list-params';

interface LeadsFiltersProps {
  query: LeadListQuery;
  update: (patch: LeadFilterPatch) => void;
  reset: () => void;
  /** Whether to offer the seller filter (not to sellers, who only see their own leads). */
  sellerFilter: boolean;
}

export function LeadsFilters({ query, update, reset, sellerFilter }: LeadsFiltersProps) {
  const statuses = useFilterResource('statuses');
  const sellers = useFilterResource('sellers');
  // The box shows the URL's text as it is: one too short to search is not in `query` (nor in the request).
  const [searchParams] = useSearchParams();

  return (
    <FilterBar reset={reset}>
      <SearchBox value={searchParams.get('q') ?? ''} onChange={(q) => update({ q })} />
      <MultiSelect
        label="Estado"
        values={strings(query.status)}
        options={statuses.map((s) => ({ value: String(s.id), label: STATUS_LABELS[s.name] ?? s.name }))}
        onChange={(status) => update({ status })}
      />
      <StepFilter values={strings(query.step)} onChange={(step) => update({ step })} />
      <AmountFilter id="filter-amount" value={query.amount ?? ''} onChange={(amount) => update({ amount })} />
      <ManagementFilter values={strings(query.management)} onChange={(management) => update({ management })} />
      <DataRateFilter values={strings(query.data_rate)} onChange={(data_rate) => update({ data_rate })} />
      {sellerFilter && (
        <MultiSelect
          label="Vendedor"
          values={strings(query.seller)}
          options={[{ value: NONE, label: 'Sin asignar' }, ...sellers.map((s) => ({ value: String(s.id), label: s.name }))]}
          onChange={(seller) => update({ seller })}
        />
      )}
      <DateField
        size="small"
        label="Desde"
        value={query.from ?? ''}
        max={query.to}
        reportWhenChosen
        onChange={(from) => update({ from })}
      />
      <DateField size="small" label="Hasta" value={query.to ?? ''} min={query.from} reportWhenChosen onChange={(to) => update({ to })} />
    </FilterBar>
  );
}
