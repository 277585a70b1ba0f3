import { AdapterDayjs } from '@mui/x-date-pickers/AdapterDayjs';
import { LocalizationProvider } from '@mui/x-date-pickers/LocalizationProvider';
import { esES, type PickersInputLocaleText } from '@mui/x-date-pickers/locales';
import 'dayjs/locale/es';
import type { ReactNode } from 'react';
import { say } from '../lib/voice';

const CLOCK_VIEWS = { hours: 'las horas', minutes: 'los minutos', seconds: 'los segundos', meridiem: 'a. m. o p. m.' } as const;

/**
 * MUI's Spanish texts, with the accents its catalogue leaves out (screen readers say the field's sections) and
 * its requests in one voice, the app's tú ("Elige…", "pasa…"), where MUI mixes it with usted ("Seleccione…", "cambie…").
 */
const LOCALE_TEXT: PickersInputLocaleText = {
  ...esES.components.MuiLocalizationProvider.defaultProps.localeText,
  day: 'Día',
  weekDay: 'Día de la semana',
  openPreviousView: 'Abrir la vista anterior',
  calendarViewSwitchingButtonAriaLabel: (view) =>
    say(view === 'year' ? 'la vista de años está abierta, pasa al calendario' : 'el calendario está abierto, pasa a la vista de años'),
  openDatePickerDialogue: (formattedDate) => say(formattedDate ? `Elige la fecha; la elegida es ${formattedDate}` : 'Elige la fecha'),
  openTimePickerDialogue: (formattedTime) => say(formattedTime ? `Elige la hora; la elegida es ${formattedTime}` : 'Elige la hora'),
  dateTableLabel: say('elige la fecha'),
  timeTableLabel: say('elige la hora'),
  clockLabelText: (view, formattedTime) =>
    say(`Elige ${CLOCK_VIEWS[view]}. ${formattedTime ? `La hora elegida es ${formattedTime}` : 'No hay hora elegida'}`),
};

/** Spanish calendars and texts for the date fields (date-fields.tsx); apart from them, so the pickers load with the screens that use them. */
export function DateFieldsProvider({ children }: { children: ReactNode }) {
  return (
    <LocalizationProvider dateAdapter={AdapterDayjs} adapterLocale="es" localeText={LOCALE_TEXT}>
      {children}
    </LocalizationProvider>
  );
}
