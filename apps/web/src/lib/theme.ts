import { BREAKPOINTS, DIALOG_Z_INDEX, OVERLAY_Z_INDEX } from '@backoffice/shared';
import { esES } from '@mui/material/locale';
import { createTheme } from '@mui/material/styles';

declare module '@mui/material/styles' {
  interface BreakpointOverrides {
    xxl: true;
  }
}

export interface ThemeInput {
  scheme: 'light' | 'dark';
  primary: { main: string; dark: string };
  direction: 'ltr' | 'rtl';
  bordered: boolean;
}

/** SPEC 9: breakpoints, z-indexes, primary colour, outlined comfortable fields, primary buttons. */
export function createAppTheme({ scheme, primary, direction, bordered }: ThemeInput) {
  const light = scheme === 'light';
  return createTheme(
    {
      direction,
      breakpoints: { values: BREAKPOINTS },
      palette: {
        mode: scheme,
        primary: { main: primary.main, dark: primary.dark },
        background: light ? { default: '#f4f5fa', paper: '#ffffff' } : { default: '#161a2b', paper: '#1f2437' },
      },
      shape: { borderRadius: 8 },
      typography: {
        fontFamily: '"Public Sans", "Inter", system-ui, -apple-system, "Segoe UI", Roboto, sans-serif',
        h4: { fontWeight: 600 },
        h5: { fontWeight: 600 },
        h6: { fontWeight: 600 },
        button: { textTransform: 'none', fontWeight: 500 },
      },
      // SPEC 9: dialogs 2400 over the overlay (navigation drawer) at 2000; snackbars and tooltips stay above both.
      zIndex: { modal: DIALOG_Z_INDEX, drawer: OVERLAY_Z_INDEX, snackbar: DIALOG_Z_INDEX + 100, tooltip: DIALOG_Z_INDEX + 200 },
      components: {
        MuiTextField: { defaultProps: { variant: 'outlined', size: 'medium' } },
        MuiButton: { defaultProps: { color: 'primary', disableElevation: true } },
        MuiAvatar: { styleOverrides: { colorDefault: { color: '#fff' } } },
        MuiTooltip: { defaultProps: { arrow: true } },
        MuiCard: {
          defaultProps: bordered ? { variant: 'outlined' } : { elevation: 0 },
          styleOverrides: {
            root: bordered ? {} : { boxShadow: light ? '0 2px 10px rgba(38, 43, 67, 0.08)' : '0 2px 10px rgba(0,0,0,0.3)' },
          },
        },
      },
    },
    // The components' own texts (close buttons, pagination labels) in Spanish; the data grids take theirs
    // from lib/grid-locale.
    esES,
  );
}
