import { DatePicker } from '@mui/x-date-pickers/DatePicker';
import { DateTimePicker } from '@mui/x-date-pickers/DateTimePicker';
import dayjs, { type Dayjs } from 'dayjs';
import { useEffect, useRef, useState, type KeyboardEvent, type ReactNode, type Ref } from 'react';
import { say } from '../lib/voice';

/*
 * Dates typed and shown as DD/MM/AAAA (and times on a 24-hour clock) whatever the browser's language: a
 * native date input follows the browser's, so an English Chromium asked for mm/dd/yyyy and showed
 * 10/26/2026 beside lists that say 26/10/2026. Values stay the API's text: 'YYYY-MM-DD' for a day,
 * 'YYYY-MM-DDTHH:mm' for a wall time of the country (the caller converts it), '' for none. They need
 * DateFieldsProvider above them.
 */

const DAY = 'YYYY-MM-DD';
const WALL_TIME = 'YYYY-MM-DDTHH:mm';

/** How long a filter waits after the last key before it applies a whole typed date. */
const TYPING_PAUSE_MS = 1000;

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
  /** Every change, INCOMPLETE included; with `reportWhenChosen`, each chosen date. */
  onChange: (value: string) => void;
  /** Filters: report a whole date once chosen, or clearing (see usePickerValue). */
  reportWhenChosen?: boolean;
  /** Never empty (a period's ends): no clear button. */
  required?: boolean;
  /** The calendar's first view: 'year' for a date far from today (a birth date). */
  openTo?: 'year' | 'day';
  /**
   * The first and last days ('YYYY-MM-DD'); DateTimeField's first moment ('YYYY-MM-DDTHH:mm'). The calendar
   * offers nothing outside; a typed value outside is left to the form's check, or, for a filter
   * (`reportWhenChosen`), not reported: the field says which dates it takes.
   */
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
 * The picker's own value (a half-typed date included), its handlers and the text field's. The picker keeps
 * what is typed while `value` stays the same; a new `value` from outside (a reset, a preset, a URL, a server's
 * answer) replaces it unless it is the text of what the picker already holds.
 *
 * A filter (`reportWhenChosen`) hears of a date once it is chosen: picked in the calendar (as it closes),
 * cleared, typed and then left (Tab, a click elsewhere) or confirmed with Enter, or typed and left alone for
 * TYPING_PAUSE_MS (a person who typed a whole date expects it to apply). Each key typed in a section already
 * makes a whole date (typing 22 over 18/11 passes through 02/11; then the month 1 makes 22/01): reporting
 * those would load a list for each and leave them in the browser's history, and an answer arriving late would
 * put its older date back into the field while typing.
 */
function usePickerValue(props: FieldProps, format: string, shownFormat: string) {
  const { value, onChange, reportWhenChosen, onBlur, min, max } = props;
  const [state, setState] = useState(() => ({ value, picked: parse(value) }));
  // A whole date the filter did not take because it is outside min/max: what the field then says.
  const [refused, setRefused] = useState<string | null>(null);
  let picked = state.picked;
  if (state.value !== value) {
    picked = textOf(state.picked, format) === value ? state.picked : parse(value);
    setState({ value, picked });
  }
  // The picker may report a choice twice (as the calendar closes, as the field loses focus): one report each.
  const reported = useRef<string | null>(null);
  useEffect(() => {
    reported.current = null;
  }, [value]);
  // What the picker holds now: a calendar click and its closing come in one event, before a new render.
  const latest = useRef(picked);
  useEffect(() => {
    latest.current = picked;
  }, [picked]);
  const pause = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(pause.current), []);
  const commit = () => {
    clearTimeout(pause.current);
    const text = textOf(latest.current, format);
    if (!reportWhenChosen || text === INCOMPLETE || text === value || text === reported.current) return;
    // 'YYYY-MM-DD…' texts order as the moments do.
    if (text && ((min && text < min) || (max && text > max))) {
      const shown = (bound: string) => dayjs(bound).format(shownFormat);
      setRefused(
        min && max
          ? say(`Elige una fecha entre el ${shown(min)} y el ${shown(max)}`)
          : min
            ? say(`Elige una fecha desde el ${shown(min)}`)
            : say(`Elige una fecha hasta el ${shown(max!)}`),
      );
      return;
    }
    reported.current = text;
    onChange(text);
  };
  return {
    value: picked,
    refused,
    onChange: (next: Dayjs | null) => {
      latest.current = next;
      setRefused(null);
      setState((current) => ({ ...current, picked: next }));
      if (!reportWhenChosen) onChange(textOf(next, format));
      else if (next === null) commit();
      else {
        clearTimeout(pause.current);
        pause.current = setTimeout(commit, TYPING_PAUSE_MS);
      }
    },
    // Not onAccept: with the calendar closed the picker accepts every key typed.
    onClose: commit,
    textField: {
      onBlur: () => {
        onBlur?.();
        commit();
      },
      onKeyDown: (event: KeyboardEvent) => {
        if (event.key === 'Enter') commit();
      },
    },
  };
}

/**
 * The calendar appears at once, without MUI's grow-in: a click inside it while it was still growing (its first
 * ~250 ms) could close it as if it were outside (in the new lead dialog, 18 of 20 quick clicks on a year).
 */
const NO_TRANSITION = { timeout: 0 } as const;

/** Beside other filters a field is as wide as a date (the pickers' own default is a full field's width). */
function textFieldProps({ size, fullWidth, error, helperText, name }: FieldProps, width: number, refused: string | null) {
  return { size, fullWidth, error: error || !!refused, helperText: refused ?? helperText, name, sx: fullWidth ? undefined : { width } };
}

/** A calendar day, DD/MM/AAAA. */
export function DateField(props: FieldProps) {
  const { label, min, max, required, openTo, inputRef } = props;
  const { textField, refused, ...picker } = usePickerValue(props, DAY, 'DD/MM/YYYY');
  return (
    <DatePicker
      {...picker}
      label={label}
      format="DD/MM/YYYY"
      minDate={min ? dayjs(min) : undefined}
      maxDate={max ? dayjs(max) : undefined}
      openTo={openTo}
      // Far from today a year is picked first, then its month, then the day.
      views={openTo === 'year' ? ['year', 'month', 'day'] : undefined}
      inputRef={inputRef}
      slotProps={{
        textField: { ...textFieldProps(props, 210, refused), ...textField },
        field: { clearable: !required },
        desktopTransition: NO_TRANSITION,
      }}
    />
  );
}

/** A day and a time of day, DD/MM/AAAA HH:mm. */
export function DateTimeField(props: FieldProps) {
  const { label, min, max, inputRef } = props;
  const { textField, refused, ...picker } = usePickerValue(props, WALL_TIME, 'DD/MM/YYYY HH:mm');
  return (
    <DateTimePicker
      {...picker}
      label={label}
      format="DD/MM/YYYY HH:mm"
      ampm={false}
      // Not disablePast: that is the browser's now, and the value is a time of the country.
      minDateTime={min ? dayjs(min) : undefined}
      maxDateTime={max ? dayjs(max) : undefined}
      inputRef={inputRef}
      slotProps={{ textField: { ...textFieldProps(props, 230, refused), ...textField }, desktopTransition: NO_TRANSITION }}
    />
  );
}
