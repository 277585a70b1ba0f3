import { APP_TITLE, DEFAULT_PRIMARY_COLOR } from '@backoffice/shared';

export type ThemeMode = 'light' | 'dark' | 'system';
export type Layout = 'vertical' | 'horizontal';
export type NavbarType = 'sticky' | 'hidden';
export type ContentWidth = 'boxed' | 'wide';
export type Language = 'en' | 'fr' | 'ar';

/** SPEC 3 user preferences (plus layout and navbar type, which SPEC 4 switches and which must survive a reload). */
export interface Preferences {
  isNavbarBlurEnabled: boolean;
  isVerticalNavCollapsed: boolean;
  appContentWidth: ContentWidth;
  theme: ThemeMode;
  layout: Layout;
  navbarType: NavbarType;
  lightThemePrimaryColor: string | null;
  lightThemePrimaryDarkenColor: string | null;
  darkThemePrimaryColor: string | null;
  darkThemePrimaryDarkenColor: string | null;
  language: Language;
  skin: 'default' | 'bordered';
  /** Right-to-left per language (SPEC 9: Arabic). */
  rtl: Record<Language, boolean>;
}

/** SPEC 9 layout defaults. */
export const DEFAULT_PREFERENCES: Preferences = {
  isNavbarBlurEnabled: true,
  isVerticalNavCollapsed: false,
  appContentWidth: 'boxed',
  theme: 'system',
  layout: 'vertical',
  navbarType: 'sticky',
  lightThemePrimaryColor: null,
  lightThemePrimaryDarkenColor: null,
  darkThemePrimaryColor: null,
  darkThemePrimaryDarkenColor: null,
  language: 'en',
  skin: 'default',
  rtl: { en: false, fr: false, ar: true },
};

/** SPEC 3: keys are prefixed with the app title. */
export const preferenceKey = (name: string) => `${APP_TITLE}-${name}`;
/** The resolved scheme (light or dark) is stored too, under SPEC's 'color-scheme' key. */
export const COLOR_SCHEME_KEY = preferenceKey('color-scheme');

const rtlKey = (language: Language) => preferenceKey(`rtl-${language}`);

type Validators = { [K in keyof Preferences]?: (value: unknown) => boolean };
const oneOf =
  (...values: unknown[]) =>
  (value: unknown) =>
    values.includes(value);
const isColor = (value: unknown) => value === null || (typeof value === 'string' && /^#[0-9a-f]{6}$/i.test(value));

const VALID: Validators = {
  isNavbarBlurEnabled: (v) => typeof v === 'boolean',
  isVerticalNavCollapsed: (v) => typeof v === 'boolean',
  appContentWidth: oneOf('boxed', 'wide'),
  theme: oneOf('light', 'dark', 'system'),
  layout: oneOf('vertical', 'horizontal'),
  navbarType: oneOf('sticky', 'hidden'),
  lightThemePrimaryColor: isColor,
  lightThemePrimaryDarkenColor: isColor,
  darkThemePrimaryColor: isColor,
  darkThemePrimaryDarkenColor: isColor,
  language: oneOf('en', 'fr', 'ar'),
  skin: oneOf('default', 'bordered'),
};

function parse(raw: string | null): unknown {
  if (raw === null) return undefined;
  try {
    return JSON.parse(raw);
  } catch {
    return undefined;
  }
}

/** Stored values that are missing or malformed fall back to the defaults, one key at a time. */
export function readPreferences(storage: Storage): Preferences {
  const result: Preferences = { ...DEFAULT_PREFERENCES, rtl: { ...DEFAULT_PREFERENCES.rtl } };
  for (const key of Object.keys(VALID) as (keyof Validators)[]) {
    const value = parse(storage.getItem(preferenceKey(key)));
    if (value !== undefined && VALID[key]!(value)) (result as unknown as Record<string, unknown>)[key] = value;
  }
  for (const language of Object.keys(result.rtl) as Language[]) {
    const value = parse(storage.getItem(rtlKey(language)));
    if (typeof value === 'boolean') result.rtl[language] = value;
  }
  return result;
}

export function writePreferences(storage: Storage, preferences: Preferences): void {
  for (const key of Object.keys(VALID) as (keyof Validators)[]) {
    storage.setItem(preferenceKey(key), JSON.stringify(preferences[key]));
  }
  for (const [language, value] of Object.entries(preferences.rtl)) {
    storage.setItem(rtlKey(language as Language), JSON.stringify(value));
  }
}

/**
 * SPEC 4: switching to the horizontal layout un-hides a hidden navbar (it becomes sticky) and un-collapses
 * the vertical nav.
 */
export function applyChange(current: Preferences, change: Partial<Preferences>): Preferences {
  const next = { ...current, ...change };
  if (change.layout === 'horizontal') {
    next.navbarType = 'sticky';
    next.isVerticalNavCollapsed = false;
  }
  return next;
}

export function resolveColorScheme(theme: ThemeMode, prefersDark: boolean): 'light' | 'dark' {
  return theme === 'system' ? (prefersDark ? 'dark' : 'light') : theme;
}

export function primaryColors(preferences: Preferences, scheme: 'light' | 'dark') {
  const main = (scheme === 'light' ? preferences.lightThemePrimaryColor : preferences.darkThemePrimaryColor) ?? DEFAULT_PRIMARY_COLOR;
  const dark = scheme === 'light' ? preferences.lightThemePrimaryDarkenColor : preferences.darkThemePrimaryDarkenColor;
  return { main, dark: dark ?? darken(main, 0.15) };
}

export function darken(hex: string, amount: number): string {
  const value = parseInt(hex.slice(1), 16);
  const channel = (shift: number) => Math.round(((value >> shift) & 0xff) * (1 - amount));
  return `#${[16, 8, 0].map((shift) => channel(shift).toString(16).padStart(2, '0')).join('')}`;
}

export function isRtl(preferences: Preferences): boolean {
  return preferences.rtl[preferences.language];
}
