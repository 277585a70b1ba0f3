import { Grid, TextField } from '@mui/material';
import { Controller, type Control, type FieldErrors, type FieldValues, type Path, type UseFormRegister } from 'react-hook-form';
import { DateField } from './date-fields';

/*
 * A form's registered fields as a grid (the customer forms of a new lead and of a sale): each field a text
 * input, or a native select when it has options (register() reads and sets a native select's value like a
 * text field's), or a date picker (type 'date', through the form's `control`: a picker is no input that
 * register() could read).
 */

export interface FormFieldSpec<T extends FieldValues> {
  name: Path<T>;
  label: string;
  type?: string;
  /** Grid columns from `sm` up (12 per row); 6 by default. */
  size?: number;
  helper?: string;
  /** A date field's calendar opens on the years (a birth date). */
  openTo?: 'year';
  /** A date field's first and last days ('YYYY-MM-DD'). */
  min?: string;
  max?: string;
  /** A native select with these options, after an empty one labelled `emptyOption` when given. */
  options?: readonly string[];
  /** What an option shows, when not the value itself. */
  optionLabels?: Readonly<Record<string, string>>;
  emptyOption?: string;
  /** Shown but not editable (its value is still sent); `helper` says why. */
  disabled?: boolean;
}

interface FormFieldsProps<T extends FieldValues> {
  fields: FormFieldSpec<T>[];
  register: UseFormRegister<T>;
  /** Needed when a field has type 'date'. */
  control?: Control<T>;
  errors: FieldErrors<T>;
  size?: 'small' | 'medium';
}

export function FormFields<T extends FieldValues>({ fields, register, control, errors, size }: FormFieldsProps<T>) {
  return fields.map((field) => {
    // Every field here is a plain value: its error, when any, is a FieldError at its own name.
    const error = (errors as Record<string, { message?: string } | undefined>)[field.name];
    const shared = {
      fullWidth: true,
      size,
      label: field.label,
      error: !!error,
      helperText: error?.message ?? field.helper,
      disabled: field.disabled,
    };
    let input;
    if (field.type === 'date') {
      input = (
        <Controller
          name={field.name}
          control={control}
          render={({ field: { value, onChange, onBlur, name, ref } }) => (
            <DateField
              {...shared}
              openTo={field.openTo}
              min={field.min}
              max={field.max}
              value={(value as string | undefined) ?? ''}
              onChange={onChange}
              onBlur={onBlur}
              name={name}
              inputRef={ref}
            />
          )}
        />
      );
    } else if (field.options) {
      input = (
        <TextField select {...shared} {...register(field.name)} slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}>
          {field.emptyOption !== undefined && <option value="">{field.emptyOption}</option>}
          {field.options.map((option) => (
            <option key={option} value={option}>
              {field.optionLabels?.[option] ?? option}
            </option>
          ))}
        </TextField>
      );
    } else {
      input = <TextField {...shared} {...register(field.name)} type={field.type ?? 'text'} />;
    }
    return (
      <Grid key={field.name} size={{ xs: 12, sm: field.size ?? 6 }}>
        {input}
      </Grid>
    );
  });
}
