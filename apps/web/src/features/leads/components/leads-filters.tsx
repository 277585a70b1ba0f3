import { NONE, type LeadListQuery } from '@backoffice/shared';
import { Box, Button, FormControl, InputLabel, MenuItem, Select, TextField } from '@mui/material';
import { IconFilterOff } from '@tabler/icons-react';
import { MultiSelect, SearchBox, strings } from '../../../components/list-filters';
import { useFilterResource } from '../../../lib/filter-resources';
import type { LeadFilterPatch } from '../hooks/use-lead-list-params';

export function LeadsFilters({ query, update, reset }: { query: LeadListQuery; update: (patch: LeadFilterPatch) => void; reset: () => void }) {
  const statuses = useFilterResource('statuses');
  const steps = useFilterResource('steps');
  const amounts = useFilterResource('amount_ranges');
  const managements = useFilterResource('management_statuses');
  const sellers = useFilterResource('sellers');

  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5, alignItems: 'center' }}>
      <SearchBox value={query.q ?? ''} onChange={(q) => update({ q })} />
      <MultiSelect label="Estado" values={strings(query.status)} options={statuses.map((s) => ({ value: String(s.id), label: s.name }))} onChange={(status) => update({ status })} />
      <MultiSelect label="Paso" values={strings(query.step)} options={steps.map((s) => ({ value: String(s.id), label: s.label }))} onChange={(step) => update({ step })} />
      <FormControl size="small" sx={{ minWidth: 170 }}>
        <InputLabel id="filter-amount">Monto</InputLabel>
        <Select labelId="filter-amount" label="Monto" value={query.amount ?? ''} onChange={(event) => update({ amount: event.target.value })}>
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
      <MultiSelect
        label="Vendedor"
        values={strings(query.seller)}
        options={[{ value: NONE, label: 'Sin asignar' }, ...sellers.map((s) => ({ value: String(s.id), label: s.name }))]}
        onChange={(seller) => update({ seller })}
      />
      <TextField size="small" type="date" label="Desde" value={query.from ?? ''} onChange={(e) => update({ from: e.target.value })} slotProps={{ inputLabel: { shrink: true } }} />
      <TextField size="small" type="date" label="Hasta" value={query.to ?? ''} onChange={(e) => update({ to: e.target.value })} slotProps={{ inputLabel: { shrink: true } }} />
      <Button onClick={reset} startIcon={<IconFilterOff size={18} />} color="secondary">
        Limpiar filtros
      </Button>
    </Box>
  );
}
