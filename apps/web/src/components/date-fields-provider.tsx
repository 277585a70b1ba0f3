import { AdapterDayjs } from '@mui/x-date-pickers/AdapterDayjs';
import { LocalizationProvider } from '@mui/x-date-pickers/LocalizationProvider';
import { esES } from '@mui/x-date-pickers/locales';
import 'dayjs/locale/es';
import type { ReactNode } from 'react';

/** MUI's Spanish texts, with the accents its catalogue leaves out (screen readers say the field's sections). */
const LOCALE_TEXT = { ...esES.components.MuiLocalizationProvider.defaultProps.localeText, day: 'Día', weekDay: 'Día de la semana' };

/** Spanish calendars and texts for the date fields (date-fields.tsx); apart from them, so the pickers load with the screens that use them. */
export function DateFieldsProvider({ children }: { children: ReactNode }) {
  return (
    <LocalizationProvider dateAdapter={AdapterDayjs} adapterLocale="es" localeText={LOCALE_TEXT}>
      {children}
    </LocalizationProvider>
  );
}
