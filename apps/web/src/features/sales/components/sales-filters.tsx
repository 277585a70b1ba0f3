import { NONE, type SalesListQuery } from '@backoffice/shared';
import { Box, Button, FormControl, InputLabel, MenuItem, Select } from '@mui/material';
import { IconFilterOff } from '@tabler/icons-react';
import { MultiSelect, SearchBox, strings } from '../../../components/list-filters';
import { useFilterResource } from '../../../lib/filter-resources';
import type { SalesFilterPatch } from '../hooks/use-sales-list-params';

/** SPEC 3/4 filters of the sales list: sales status, step, amount range and management status. */
export function SalesFilters({ query, update, reset }: { query: SalesListQuery; update: (patch: SalesFilterPatch) => void; reset: () => void }) {
  const salesStatuses = useFilterResource('sales_statuses');
  const steps = useFilterResource('steps');
  const amounts = useFilterResource('amount_ranges');
  const managements = useFilterResource('management_statuses');

  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5, alignItems: 'center' }}>
      <SearchBox value={query.q ?? ''} onChange={(q) => update({ q })} />
      <MultiSelect
        label="Estado de venta"
        values={strings(query.sales_status)}
        options={salesStatuses.map((s) => ({ value: String(s.id), label: s.name }))}
        onChange={(sales_status) => update({ sales_status })}
      />
      <MultiSelect label="Paso" values={strings(query.step)} options={steps.map((s) => ({ value: String(s.id), label: s.label }))} onChange={(step) => update({ step })} />
      <FormControl size="small" sx={{ minWidth: 170 }}>
        <InputLabel id="sales-filter-amount">Monto</InputLabel>
        <Select labelId="sales-filter-amount" label="Monto" value={query.amount ?? ''} onChange={(event) => update({ amount: event.target.value })}>
          <MenuItem value="">
            <em>Todos</em>
          </MenuItem>
          {amounts.map((range) => (
            <MenuItem key={range.id} value={range.id}>
              {range.label}
            </MenuItem>
          ))}
        </Select>
      </FormControl>
      <MultiSelect
        label="Gestión"
        values={strings(query.management)}
        options={[{ value: NONE, label: 'Sin gestión' }, ...managements.map((m) => ({ value: m, label: m }))]}
        onChange={(management) => update({ management })}
      />
      <Button onClick={reset} startIcon={<IconFilterOff size={18} />} color="secondary">
        Limpiar filtros
      </Button>
    </Box>
  );
}
