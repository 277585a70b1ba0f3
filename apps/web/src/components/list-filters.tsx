import { NONE, searchTextSchema } from '@backoffice/shared';
import { Box, Button, Checkbox, FormControl, InputAdornment, InputLabel, ListItemText, MenuItem, Select, TextField } from '@mui/material';
import { IconFilterOff, IconSearch } from '@tabler/icons-react';
import { useEffect, useState, type ReactNode } from 'react';
import { useFilterResource } from '../lib/filter-resources';
import { LABEL_FONT, textWidth } from '../lib/text-width';
import { say } from '../lib/voice';

/* Filter controls every list shares (leads, sales): a multiple choice select, a debounced search box, the step, amount and management filters and the bar that holds them. */

export interface Option {
  value: string;
  label: string;
}

/**
 * What a small outlined select needs around its label, resting in the field, to show it whole: the label's
 * start (14 px) and the arrow's room (32 px), plus a pixel of rounding.
 */
const LABEL_ROOM = 14 + 32 + 2;

export function MultiSelect({
  label,
  values,
  options,
  onChange,
  minWidth = 180,
}: {
  label: string;
  values: string[];
  options: Option[];
  onChange: (values: string[]) => void;
  /** At least this wide; wider when the label, resting in the field while nothing is chosen, needs it to show whole. */
  minWidth?: number;
}) {
  const id = `filter-${label.toLowerCase().replace(/\s+/g, '-')}`;
  // 'Calificación de datos' is wider than the filters' usual 180 px: cut short, it read 'Calificación de d…'.
  const width = Math.max(minWidth, textWidth(label, LABEL_FONT) + LABEL_ROOM);
  return (
    <FormControl size="small" sx={{ minWidth: width, maxWidth: { xs: 'none', sm: Math.max(260, width) } }}>
      <InputLabel id={id}>{label}</InputLabel>
      <Select
        labelId={id}
        multiple
        label={label}
        value={values}
        onChange={(event) => onChange(typeof event.target.value === 'string' ? event.target.value.split(',') : event.target.value)}
        renderValue={(selected) =>
          options
            .filter((o) => selected.includes(o.value))
            .map((o) => o.label)
            .join(', ')
        }
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

/** Why a list's free text cannot search yet (the shared schema's reason: too short), or nothing when it can. */
export function searchTextProblem(text: string): string | undefined {
  const parsed = searchTextSchema.safeParse(text);
  const reason = parsed.success ? undefined : parsed.error.issues[0]?.message;
  return reason === undefined ? undefined : say(reason);
}

/**
 * Free text waits for a pause in typing before it touches the URL. `value` is the URL's text as it is, even
 * one the list cannot search by (a shared link's `q=ab`): the box shows it with the reason under it. A text
 * too short to search is held back, as on /searcher: the URL and the list stay as they are until it is long
 * enough (or emptied).
 */
export function SearchBox({ value, onChange }: { value: string; onChange: (value: string) => void }) {
  const [text, setText] = useState(value);
  // Follow the URL when it changes from outside (back/forward, clear filters).
  const [urlValue, setUrlValue] = useState(value);
  if (value !== urlValue) {
    setUrlValue(value);
    setText(value);
  }
  const problem = searchTextProblem(text);
  useEffect(() => {
    if (text === value || problem) return;
    const timer = setTimeout(() => onChange(text), 350);
    return () => clearTimeout(timer);
  }, [text, value, problem, onChange]);
  return (
    <TextField
      size="small"
      label="Buscar"
      placeholder="Documento, nombre, celular o email"
      value={text}
      onChange={(event) => setText(event.target.value)}
      helperText={problem}
      // Wide enough for its whole placeholder.
      sx={{ minWidth: { xs: 0, sm: 350 }, flexGrow: 1 }}
      slotProps={{
        input: {
          startAdornment: (
            <InputAdornment position="start">
              <IconSearch size={18} />
            </InputAdornment>
          ),
        },
        // Below the box, in the gap between the bar's rows (FilterBar): the filters around it stay where they are.
        formHelperText: { sx: { position: 'absolute', top: '100%', mt: 0.25, lineHeight: 1.2, whiteSpace: 'nowrap' } },
      }}
    />
  );
}

/** URL list values as the strings the selects hold. */
export const strings = (values: (string | number)[] | undefined) => (values ?? []).map(String);

/**
 * The filters of a list in one wrapping row, ending with the button that clears them all. Its rows are far
 * enough apart for the search box's hint below it (SearchBox).
 */
export function FilterBar({ reset, children }: { reset: () => void; children: ReactNode }) {
  return (
    // On a phone (in the filters' dialog) one filter a line, the whole width.
    <Box
      sx={{
        display: 'flex',
        flexWrap: 'wrap',
        flexDirection: { xs: 'column', sm: 'row' },
        columnGap: 1.5,
        rowGap: 2.5,
        alignItems: { xs: 'stretch', sm: 'center' },
      }}
    >
      {children}
      <Button onClick={reset} startIcon={<IconFilterOff size={18} />} color="secondary">
        Limpiar filtros
      </Button>
    </Box>
  );
}

/** The workflow step (SPEC 3), from the cached filter resources. */
export function StepFilter({ values, onChange }: { values: string[]; onChange: (values: string[]) => void }) {
  const steps = useFilterResource('steps');
  return (
    <MultiSelect label="Paso" values={values} options={steps.map((s) => ({ value: String(s.id), label: s.label }))} onChange={onChange} />
  );
}

/** One of the SPEC amount ranges, or all of them. `id` labels the select (unique on the page). */
export function AmountFilter({ id, value, onChange }: { id: string; value: string; onChange: (value: string) => void }) {
  const amounts = useFilterResource('amount_ranges');
  return (
    <FormControl size="small" sx={{ minWidth: 170 }}>
      <InputLabel id={id}>Monto</InputLabel>
      <Select labelId={id} label="Monto" value={value} onChange={(event) => onChange(event.target.value)}>
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
  );
}

/** The management status, "Sin gestión" included. */
export function ManagementFilter({ values, onChange }: { values: string[]; onChange: (values: string[]) => void }) {
  const managements = useFilterResource('management_statuses');
  return (
    <MultiSelect
      label="Gestión"
      values={values}
      options={[{ value: NONE, label: 'Sin gestión' }, ...managements.map((m) => ({ value: m, label: m }))]}
      onChange={onChange}
    />
  );
}

/** col's data rate (SPEC 3: 1 to 7), "Sin calificación" included; nothing in arg, which has none. */
export function DataRateFilter({ values, onChange }: { values: string[]; onChange: (values: string[]) => void }) {
  const rates = useFilterResource('data_rates');
  if (rates.length === 0) return null;
  return (
    <MultiSelect
      label="Calificación de datos"
      values={values}
      options={[{ value: NONE, label: 'Sin calificación' }, ...rates.map((rate) => ({ value: String(rate.id), label: rate.name }))]}
      onChange={onChange}
    />
  );
}
