import { getContrastRatio } from '@mui/material/styles';
import { describe, expect, it } from 'vitest';
import { createAppTheme, readablePrimary, TEXT_CONTRAST } from '../src/lib/theme';

const SPEC_PRIMARY = { main: '#2040c6', dark: '#1a34a0' };
const theme = (scheme: 'light' | 'dark', primary = SPEC_PRIMARY) => createAppTheme({ scheme, primary, direction: 'ltr', bordered: false });

/** What a component's root style override gives for these props (undefined when it has none). */
function rootStyle(
  t: ReturnType<typeof theme>,
  component: 'MuiButton' | 'MuiLink' | 'MuiChip' | 'MuiFormLabel' | 'MuiOutlinedInput',
  ownerState: Record<string, unknown>,
) {
  const root = t.components?.[component]?.styleOverrides?.root as
    ((props: { ownerState: unknown; theme: unknown }) => Record<string, unknown>) | undefined;
  return root?.({ ownerState, theme: t });
}

describe('the primary colour as text', () => {
  it('keeps SPEC’s primary in both schemes, and in the dark one reads primary text in a tint that meets AA', () => {
    const dark = theme('dark');
    expect(dark.palette.primary.main).toBe('#2040c6');
    expect(theme('light').palette.primary.main).toBe('#2040c6');
    // SPEC's colour itself is unreadable as text on the dark surfaces.
    expect(getContrastRatio('#2040c6', dark.palette.background.paper)).toBeLessThan(2);
    for (const background of [dark.palette.background.paper, dark.palette.background.default]) {
      expect(getContrastRatio(dark.palette.primary.light, background)).toBeGreaterThanOrEqual(TEXT_CONTRAST);
    }
  });

  it('gives text and outlined buttons, links and outlined chips the tint in the dark scheme; contained buttons keep the fill', () => {
    const dark = theme('dark');
    const tint = dark.palette.primary.light;
    expect(rootStyle(dark, 'MuiButton', { color: 'primary', variant: 'text' })).toMatchObject({ color: tint });
    expect(rootStyle(dark, 'MuiButton', { color: 'primary', variant: 'outlined' })).toMatchObject({ color: tint });
    expect(rootStyle(dark, 'MuiButton', { color: 'primary', variant: 'contained' })).toEqual({});
    expect(rootStyle(dark, 'MuiButton', { color: 'secondary', variant: 'text' })).toEqual({});
    expect(rootStyle(dark, 'MuiLink', { color: 'primary' })).toMatchObject({ color: tint });
    expect(rootStyle(dark, 'MuiChip', { color: 'primary', variant: 'outlined' })).toMatchObject({ color: tint });
    // A focused field takes the tint, except when it is in error (its red stays) or has a colour of its own.
    expect(rootStyle(dark, 'MuiFormLabel', { color: 'primary' })).toEqual({ '&.Mui-focused:not(.Mui-error)': { color: tint } });
    expect(rootStyle(dark, 'MuiOutlinedInput', { color: 'primary' })).toEqual({
      '&.Mui-focused:not(.Mui-error) .MuiOutlinedInput-notchedOutline': { borderColor: tint },
    });
    expect(rootStyle(dark, 'MuiFormLabel', { color: 'secondary' })).toEqual({});
    // The button defaults SPEC asks for survive the merge.
    expect(dark.components?.MuiButton?.defaultProps).toMatchObject({ color: 'primary', disableElevation: true });
  });

  it('changes nothing in the light scheme, where the primary already reads (7.6:1 on white)', () => {
    const light = theme('light');
    expect(getContrastRatio('#2040c6', light.palette.background.paper)).toBeGreaterThanOrEqual(TEXT_CONTRAST);
    expect(rootStyle(light, 'MuiButton', { color: 'primary', variant: 'text' })).toBeUndefined();
    expect(rootStyle(light, 'MuiLink', { color: 'primary' })).toBeUndefined();
  });

  it('finds a readable tint for a user’s own dark primary too, and keeps one that already reads', () => {
    const navy = readablePrimary('#0a1a60', ['#1f2437', '#161a2b']);
    expect(getContrastRatio(navy, '#1f2437')).toBeGreaterThanOrEqual(TEXT_CONTRAST);
    expect(readablePrimary('#90caf9', ['#1f2437'])).toBe('#90caf9');
  });
});
