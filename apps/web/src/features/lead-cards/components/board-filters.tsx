import { NONE } from '@backoffice/shared';
import { DateField } from '../../../components/date-fields';
import { AmountFilter, FilterBar, MultiSelect, strings } from '../../../components/list-filters';
import { useFilterResource } from '../../../lib/filter-resources';
import type { BoardFilterPatch, BoardFilters as Filters } from '../hooks/use-board-filters';

interface BoardFiltersProps {
  filters: Filters;
  update: (patch: BoardFilterPatch) => void;
  reset: () => void;
  /** Whether to offer the seller filter (not to sellers, who only see their own leads). */
  sellerFilter: boolean;
}

/** The lists' seller, amount and creation date filters, applied to every column of the board. */
export function BoardFilters({ filters, update, reset, sellerFilter }: BoardFiltersProps) {
  const sellers = useFilterResource('sellers');
  return (
    <FilterBar reset={reset}>
      {sellerFilter && (
        <MultiSelect
          label="Vendedor"
          values={strings(filters.seller)}
          options={[{ value: NONE, label: 'Sin asignar' }, ...sellers.map((s) => ({ value: String(s.id), label: s.name }))]}
          onChange={(seller) => update({ seller })}
        />
      )}
      <AmountFilter id="board-filter-amount" value={filters.amount ?? ''} onChange={(amount) => update({ amount })} />
      <DateField
        size="small"
        label="Desde"
        value={filters.from ?? ''}
        max={filters.to}
        reportWhenChosen
        onChange={(from) => update({ from })}
      />
      <DateField
        size="small"
        label="Hasta"
        value={filters.to ?? ''}
        min={filters.from}
        reportWhenChosen
        onChange={(to) => update({ to })}
      />
    </FilterBar>
  );
}
