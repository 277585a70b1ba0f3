import { DatePicker } from '@mui/x-date-pickers/DatePicker';
import { DateTimePicker } from '@mui/x-date-pickers/DateTimePicker';
import dayjs, { type Dayjs } from 'dayjs';
import { useState, type ReactNode, type Ref } from 'react';

/*
 * Dates typed and shown as DD/MM/AAAA (and times on a 24-hour clock) whatever the browser's language: a
 * native date input follows the browser's, so an English Chromium asked for mm/dd/yyyy and showed
 * 10/26/2026 beside lists that say 26/10/2026. Values stay the API's text: 'YYYY-MM-DD' for a day,
 * 'YYYY-MM-DDTHH:mm' for a wall time of the country (the caller converts it), '' for none. They need
 * DateFieldsProvider above them.
 */

const DAY = 'YYYY-MM-DD';
const WALL_TIME = 'YYYY-MM-DDTHH:mm';

/** Both texts are ISO 8601 without a zone: dayjs reads them as they are, on the browser's clock. */
const parse = (value: string): Dayjs | null => (value ? dayjs(value) : null);

/**
 * The text a picker's value stands for: '' when cleared, INCOMPLETE while a typed date is not a whole valid
 * one (so a form's schema refuses it rather than taking the field as empty). The year section turns a
 * typed 2 into the year 0002, then 0020, 0202: a year before 1000 is still being typed.
 */
const INCOMPLETE = 'incompleta';
const textOf = (value: Dayjs | null, format: string) =>
  value === null ? '' : value.isValid() && value.year() >= 1000 ? value.format(format) : INCOMPLETE;

interface FieldProps {
  label: string;
  /** 'YYYY-MM-DD' ('YYYY-MM-DDTHH:mm' for DateTimeField), '' for none. */
  value: string;
  /** Every change, INCOMPLETE included (see `onlyComplete`). */
  onChange: (value: string) => void;
  /** Filters: report only whole dates and clearing; a half-typed date changes nothing yet. */
  onlyComplete?: boolean;
  /** Never empty (a period's ends): no clear button. */
  required?: boolean;
  min?: string;
  max?: string;
  size?: 'small' | 'medium';
  fullWidth?: boolean;
  error?: boolean;
  helperText?: ReactNode;
  name?: string;
  onBlur?: () => void;
  inputRef?: Ref<HTMLInputElement>;
}

/**
 * The picker's own value (a half-typed date included) and its change handler. The picker keeps what is
 * typed while `value` stays the same; a new `value` from outside (a reset, a preset, a URL) replaces it
 * unless it is the text of what the picker already holds.
 */
function usePickerValue({ value, onChange, onlyComplete }: FieldProps, format: string) {
  const [state, setState] = useState(() => ({ value, picked: parse(value) }));
  let picked = state.picked;
  if (state.value !== value) {
    picked = textOf(state.picked, format) === value ? state.picked : parse(value);
    setState({ value, picked });
  }
  const change = (next: Dayjs | null) => {
    setState((current) => ({ ...current, picked: next }));
    const text = textOf(next, format);
    if (onlyComplete && text === INCOMPLETE) return;
    onChange(text);
  };
  return [picked, change] as const;
}

/** Beside other filters a field is as wide as a date (the pickers' own default is a full field's width). */
function textFieldProps({ size, fullWidth, error, helperText, name, onBlur }: FieldProps, width: number) {
  return { size, fullWidth, error, helperText, name, onBlur, sx: fullWidth ? undefined : { width } };
}

/** A calendar day, DD/MM/AAAA. */
export function DateField(props: FieldProps) {
  const { label, min, max, required, inputRef } = props;
  const [picked, change] = usePickerValue(props, DAY);
  return (
    <DatePicker
      label={label}
      value={picked}
      onChange={change}
      format="DD/MM/YYYY"
      minDate={min ? dayjs(min) : undefined}
      maxDate={max ? dayjs(max) : undefined}
      inputRef={inputRef}
      slotProps={{ textField: textFieldProps(props, 210), field: { clearable: !required } }}
    />
  );
}

/** A day and a time of day, DD/MM/AAAA HH:mm. */
export function DateTimeField(props: FieldProps) {
  const { label, inputRef } = props;
  const [picked, change] = usePickerValue(props, WALL_TIME);
  return (
    <DateTimePicker
      label={label}
      value={picked}
      onChange={change}
      format="DD/MM/YYYY HH:mm"
      ampm={false}
      inputRef={inputRef}
      slotProps={{ textField: textFieldProps(props, 230) }}
    />
  );
}
