import { NONE, type LeadListQuery } from '@backoffice/shared';
import { Box, Button, Checkbox, FormControl, InputAdornment, InputLabel, ListItemText, MenuItem, Select, TextField } from '@mui/material';
import { IconFilterOff, IconSearch } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useFilterResource } from '../../../lib/filter-resources';
import type { LeadFilterPatch } from '../hooks/use-lead-list-params';

interface Option {
  value: string;
  label: string;
}

function MultiSelect({ label, values, options, onChange }: { label: string; values: string[]; options: Option[]; onChange: (values: string[]) => void }) {
  const id = `filter-${label.toLowerCase().replace(/\s+/g, '-')}`;
  return (
    <FormControl size="small" sx={{ minWidth: 180, maxWidth: 260 }}>
      <InputLabel id={id}>{label}</InputLabel>
      <Select
        labelId={id}
        multiple
        label={label}
        value={values}
        onChange={(event) => onChange(typeof event.target.value === 'string' ? event.target.value.split(',') : event.target.value)}
        renderValue={(selected) => options.filter((o) => selected.includes(o.value)).map((o) => o.label).join(', ')}
        MenuProps={{ slotProps: { paper: { sx: { maxHeight: 420 } } } }}
      >
        {options.map((option) => (
          <MenuItem key={option.value} value={option.value}>
            <Checkbox size="small" checked={values.includes(option.value)} />
            <ListItemText primary={option.label} />
          </MenuItem>
        ))}
      </Select>
    </FormControl>
  );
}

const strings = (values: (string | number)[] | undefined) => (values ?? []).map(String);

/** Free text waits for a pause in typing before it touches the URL. */
function SearchBox({ value, onChange }: { value: string; onChange: (value: string) => void }) {
  const [text, setText] = useState(value);
  // Follow the URL when it changes from outside (back/forward, clear filters).
  const [urlValue, setUrlValue] = useState(value);
  if (value !== urlValue) {
    setUrlValue(value);
    setText(value);
  }
  useEffect(() => {
    if (text === value) return;
    const timer = setTimeout(() => onChange(text), 350);
    return () => clearTimeout(timer);
  }, [text, value, onChange]);
  return (
    <TextField
      size="small"
      label="Buscar"
      placeholder="Documento, nombre, celular o email"
      value={text}
      onChange={(event) => setText(event.target.value)}
      sx={{ minWidth: 280, flexGrow: 1 }}
      slotProps={{ input: { startAdornment: <InputAdornment position="start"><IconSearch size={18} /></InputAdornment> } }}
    />
  );
}

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
