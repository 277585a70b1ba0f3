import { Checkbox, FormControl, InputAdornment, InputLabel, ListItemText, MenuItem, Select, TextField } from '@mui/material';
import { IconSearch } from '@tabler/icons-react';
import { useEffect, useState } from 'react';

/* Filter controls every list shares (leads, sales): a multiple choice select and a debounced search box. */

export interface Option {
  value: string;
  label: string;
}

export function MultiSelect({ label, values, options, onChange }: { label: string; values: string[]; options: Option[]; onChange: (values: string[]) => void }) {
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

/** Free text waits for a pause in typing before it touches the URL. */
export function SearchBox({ value, onChange }: { value: string; onChange: (value: string) => void }) {
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

/** URL list values as the strings the selects hold. */
export const strings = (values: (string | number)[] | undefined) => (values ?? []).map(String);
