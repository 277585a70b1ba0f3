import { BREAKPOINTS, DIALOG_Z_INDEX, OVERLAY_Z_INDEX, TEXT_AREA_ROWS } from '@backoffice/shared';
import { esES } from '@mui/material/locale';
import { alpha, createTheme, getContrastRatio, lighten, type Components, type Theme } from '@mui/material/styles';
import type { ElementType } from 'react';

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

const LIGHT_BACKGROUND = { default: '#f4f5fa', paper: '#ffffff' };
const DARK_BACKGROUND = { default: '#161a2b', paper: '#1f2437' };
/** WCAG AA for normal text. */
export const TEXT_CONTRAST = 4.5;

/** The app's font stack (theme typography; also what list columns measure their labels in). */
export const FONT_FAMILY = '"Public Sans", "Inter", system-ui, -apple-system, "Segoe UI", Roboto, sans-serif';

/**
 * The primary colour as text on the given backgrounds: itself when it reads (the light scheme), else lightened
 * in small steps until it does. SPEC's #2040c6 on the dark paper is 1.9:1.
 */
export function readablePrimary(main: string, backgrounds: string[]): string {
  const reads = (colour: string) => backgrounds.every((background) => getContrastRatio(colour, background) >= TEXT_CONTRAST);
  for (let step = 0; step <= 20; step += 1) {
    const colour = step === 0 ? main : lighten(main, step * 0.05);
    if (reads(colour)) return colour;
  }
  return '#ffffff';
}

/**
 * Dark scheme: the primary colour stays SPEC's (or the user's) where it fills (contained buttons, the selected
 * navigation item, chips, avatars), and where it is text or a thin line on the dark surfaces (text and outlined
 * buttons, links, outlined chips, checked boxes, a focused field) it is the readable tint `primary.light`.
 */
function darkPrimaryText(tint: string): Components<Theme> {
  const isPrimary = (color: unknown) => color === undefined || color === 'primary';
  return {
    MuiButton: {
      styleOverrides: {
        root: ({ ownerState }) =>
          isPrimary(ownerState.color) && ownerState.variant !== 'contained' ? { color: tint, borderColor: alpha(tint, 0.5) } : {},
      },
    },
    MuiLink: {
      styleOverrides: {
        root: ({ ownerState }) => (isPrimary(ownerState.color) ? { color: tint, textDecorationColor: alpha(tint, 0.4) } : {}),
      },
    },
    MuiChip: {
      styleOverrides: {
        root: ({ ownerState }) =>
          ownerState.color === 'primary' && ownerState.variant === 'outlined' ? { color: tint, borderColor: tint } : {},
      },
    },
    MuiIconButton: { styleOverrides: { root: ({ ownerState }) => (ownerState.color === 'primary' ? { color: tint } : {}) } },
    MuiCheckbox: {
      styleOverrides: {
        root: ({ ownerState }) => (isPrimary(ownerState.color) ? { '&.Mui-checked, &.MuiCheckbox-indeterminate': { color: tint } } : {}),
      },
    },
    MuiRadio: { styleOverrides: { root: ({ ownerState }) => (isPrimary(ownerState.color) ? { '&.Mui-checked': { color: tint } } : {}) } },
    // A field in error keeps its error colour when focused (these come after MUI's own rules and would win).
    MuiFormLabel: {
      styleOverrides: {
        root: ({ ownerState }) => (isPrimary(ownerState.color) ? { '&.Mui-focused:not(.Mui-error)': { color: tint } } : {}),
      },
    },
    MuiOutlinedInput: {
      styleOverrides: {
        root: ({ ownerState }) =>
          isPrimary(ownerState.color) ? { '&.Mui-focused:not(.Mui-error) .MuiOutlinedInput-notchedOutline': { borderColor: tint } } : {},
      },
    },
    MuiTab: { styleOverrides: { root: { '&.Mui-selected': { color: tint } } } },
    MuiTabs: { styleOverrides: { indicator: { backgroundColor: tint } } },
  };
}

/**
 * Light scheme: MUI's info (#0288d1) and warning (#ed6c02) read 3.9:1 and 3.1:1 as chip text on white (and
 * white on a filled warning chip 3.1:1); these darker shades read over 4.5:1 both ways (WCAG AA).
 */
const LIGHT_STATUS_COLOURS = { info: { main: '#01579b' }, warning: { main: '#a84b00' } };
/** Dark scheme: MUI's error (#f44336) reads 4.2:1 as text on the dark paper; this tint reads 5.2:1. */
const DARK_STATUS_COLOURS = { error: { main: '#f6685e' } };

/**
 * A ring on whatever the keyboard focuses (links, buttons, menu items, tabs, chips): MUI only tints their
 * background, too faint to find (menu links). Text fields keep their own focused outline.
 */
function focusRing(colour: string) {
  return {
    '.Mui-focusVisible, a:focus-visible, button:focus-visible, [role="button"]:focus-visible, [role="tab"]:focus-visible, [role="menuitem"]:focus-visible':
      { outline: `2px solid ${colour} !important`, outlineOffset: '2px' },
  };
}

/** SPEC 9: breakpoints, z-indexes, primary colour, outlined comfortable fields, primary buttons. */
export function createAppTheme({ scheme, primary, direction, bordered }: ThemeInput) {
  const light = scheme === 'light';
  const background = light ? LIGHT_BACKGROUND : DARK_BACKGROUND;
  const tint = light ? undefined : readablePrimary(primary.main, [background.paper, background.default]);
  const darkText = tint ? darkPrimaryText(tint) : {};
  return createTheme(
    {
      direction,
      breakpoints: { values: BREAKPOINTS },
      palette: {
        mode: scheme,
        primary: { main: primary.main, dark: primary.dark, ...(tint ? { light: tint } : {}) },
        background,
        ...(light ? LIGHT_STATUS_COLOURS : DARK_STATUS_COLOURS),
        // A filled chip or button writes white only where white reads 4.5:1 (MUI's default asks 3:1), else dark text.
        contrastThreshold: TEXT_CONTRAST,
      },
      shape: { borderRadius: 8 },
      typography: {
        fontFamily: FONT_FAMILY,
        h4: { fontWeight: 600 },
        h5: { fontWeight: 600 },
        h6: { fontWeight: 600 },
        button: { textTransform: 'none', fontWeight: 500 },
      },
      // SPEC 9: dialogs 2400 over the overlay (navigation drawer) at 2000; snackbars and tooltips stay above both.
      zIndex: { modal: DIALOG_Z_INDEX, drawer: OVERLAY_Z_INDEX, snackbar: DIALOG_Z_INDEX + 100, tooltip: DIALOG_Z_INDEX + 200 },
      components: {
        ...darkText,
        MuiCssBaseline: { styleOverrides: focusRing(tint ?? primary.main) },
        // SPEC 9's text area default of 3 rows, for every multi-line field (minRows applies to those alone).
        MuiTextField: { defaultProps: { variant: 'outlined', size: 'medium', minRows: TEXT_AREA_ROWS } },
        MuiButton: { ...darkText.MuiButton, defaultProps: { color: 'primary', disableElevation: true } },
        MuiAvatar: { styleOverrides: { colorDefault: { color: '#fff' } } },
        // A read-only field's hint is still read (the auditor's customer form): the secondary text colour, not the
        // disabled one that fails contrast.
        MuiFormHelperText: { styleOverrides: { root: ({ theme }) => ({ '&.Mui-disabled': { color: theme.palette.text.secondary } }) } },
        MuiTooltip: { defaultProps: { arrow: true } },
        // A card's title is a section of its screen, under the screen's h1: an h2 for screen readers' outline,
        // drawn as before (in the h5 style). MUI types the theme's title as its default element, a span; the
        // component prop takes any element.
        // On a phone a header's action (a status chip, the history's filter) that does not fit beside the title goes
        // under it, instead of running past the card's edge.
        MuiCardHeader: {
          defaultProps: { slotProps: { title: { component: 'h2' as ElementType as 'span' } } },
          styleOverrides: { root: ({ theme }) => ({ [theme.breakpoints.down('sm')]: { flexWrap: 'wrap', rowGap: theme.spacing(1) } }) },
        },
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
