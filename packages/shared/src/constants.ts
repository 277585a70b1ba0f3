/** SPEC 9 business constants and limits. */
export const CALL_REMINDER_POLL_MS = 180_000;
export const SOCKET_RETRY_DELAY_MS = 5_000;
export const SOCKET_MAX_ATTEMPTS = 5;
export const NOTIFICATION_DURATION_MS = 2_000;
export const SCROLL_TO_TOP_THRESHOLD_PX = 200;
export const REMINDER_MODAL_MAX_WIDTH = 600;
export const CONFIRM_DIALOG_MAX_WIDTH = 500;
export const TEXT_AREA_ROWS = 3;
export const DIALOG_Z_INDEX = 2400;
export const OVERLAY_Z_INDEX = 2000;
export const LOCALE_COOKIE_DAYS = 365;
export const RELOAD_GUARD_MS = 10_000;
export const RELATIVE_TIME_JUST_NOW_S = 60;
export const RELATIVE_TIME_REFRESH_MS = 30_000;
/** SPEC 9 exports this constant without saying what it is for (it is Argentina's phone country code). */
export const CONSTANT_54 = 54;

export const BREAKPOINTS = { xs: 0, sm: 600, md: 960, lg: 1280, xl: 1920, xxl: 2560 } as const;
/** Below this width the navigation becomes an overlay (SPEC 9). */
export const OVERLAY_NAV_BREAKPOINT_PX = 1279;
/** SPEC 4: delay of the first forced switch to the vertical layout. */
export const OVERLAY_FIRST_SWITCH_DELAY_MS = 500;

export const DEFAULT_PRIMARY_COLOR = '#2040c6';
export const APP_TITLE = 'backoffice';

/** SPEC 8 and 2: user-visible messages. */
export const MESSAGES = {
  pageNotFound: (path: string) => `Page not found: ${path}`,
  notFoundTitle: 'Page Not Found',
  notFoundDescription: "We couldn't find the page you are looking for.",
  errorTitle: 'Oops! Something went wrong.',
  errorDescription: "We are working on it and we'll get it fixed as soon as we can",
  backToHome: 'Back to Home',
  failedFetching: 'Failed fetching data',
  invalidToken: 'Invalid token',
  unexpectedError: 'Ocurrió un error inesperado',
  networkError: 'No se pudo conectar con el servidor. Revisa tu conexión e inténtalo de nuevo.',
  neotelLoginError: 'Error: Revisa si estás logueado correctamente en Neotel',
  noNeotelUser: 'Error: No tienes un usuario de neotel asignado',
  copyError: 'Error al copiar texto',
  copied: 'Texto Copiado!',
  callResolved: 'Llamada resuelta exitosamente, llamando...',
  callPostponed: 'Llamada pospuesta exitosamente',
  callStarted: 'Llamada iniciada correctamente',
  reminderTitle: 'Recordatorio de Llamada',
  postponeConfirm: '¿Estas seguro de que deseas posponer la llamada?',
  confirmTitle: 'Confirmación',
  confirmMessage: '¿Estás seguro de realizar esta acción?',
  cancel: 'Cancelar',
  confirm: 'Confirmar',
} as const;
