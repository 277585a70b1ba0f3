import { describe, expect, it } from 'vitest';
import {
  DEFAULT_PREFERENCES,
  applyChange,
  darken,
  isRtl,
  preferenceKey,
  primaryColors,
  readPreferences,
  resolveColorScheme,
  writePreferences,
} from '../src/lib/preferences';
import { FakeStorage } from './fake-storage';

describe('preferences', () => {
  it('defaults to SPEC 9: blur on, nav expanded, boxed, vertical, sticky, system theme', () => {
    expect(readPreferences(new FakeStorage())).toEqual({
      ...DEFAULT_PREFERENCES,
      isNavbarBlurEnabled: true,
      isVerticalNavCollapsed: false,
      appContentWidth: 'boxed',
      layout: 'vertical',
      navbarType: 'sticky',
      theme: 'system',
      skin: 'default',
      language: 'en',
    });
  });

  it('stores keys prefixed with the app title and reads them back', () => {
    const storage = new FakeStorage();
    const changed = { ...DEFAULT_PREFERENCES, theme: 'dark' as const, isVerticalNavCollapsed: true, lightThemePrimaryColor: '#123456' };
    writePreferences(storage, changed);
    expect(storage.getItem('backoffice-theme')).toBe('"dark"');
    expect(storage.getItem(preferenceKey('isVerticalNavCollapsed'))).toBe('true');
    expect(readPreferences(storage)).toEqual(changed);
  });

  it('ignores malformed stored values one key at a time', () => {
    const storage = new FakeStorage();
    storage.setItem('backoffice-theme', '"purple"');
    storage.setItem('backoffice-appContentWidth', '"wide"');
    storage.setItem('backoffice-lightThemePrimaryColor', 'not json');
    const read = readPreferences(storage);
    expect(read.theme).toBe('system');
    expect(read.appContentWidth).toBe('wide');
    expect(read.lightThemePrimaryColor).toBeNull();
  });

  it('un-hides the navbar and un-collapses the nav when switching to horizontal (SPEC 4)', () => {
    const current = { ...DEFAULT_PREFERENCES, navbarType: 'hidden' as const, isVerticalNavCollapsed: true };
    expect(applyChange(current, { layout: 'horizontal' })).toMatchObject({
      layout: 'horizontal',
      navbarType: 'sticky',
      isVerticalNavCollapsed: false,
    });
    expect(applyChange(current, { theme: 'dark' })).toMatchObject({ navbarType: 'hidden', isVerticalNavCollapsed: true });
  });

  it('follows the browser when the theme is system', () => {
    expect(resolveColorScheme('system', true)).toBe('dark');
    expect(resolveColorScheme('system', false)).toBe('light');
    expect(resolveColorScheme('light', true)).toBe('light');
  });

  it('uses #2040c6 unless a colour is stored', () => {
    expect(primaryColors(DEFAULT_PREFERENCES, 'light').main).toBe('#2040c6');
    expect(primaryColors({ ...DEFAULT_PREFERENCES, darkThemePrimaryColor: '#ff0000' }, 'dark')).toEqual({
      main: '#ff0000',
      dark: darken('#ff0000', 0.15),
    });
    expect(darken('#ffffff', 0.5)).toBe('#808080');
  });

  it('stores the RTL flag per language and the language, and reads them back', () => {
    const storage = new FakeStorage();
    writePreferences(storage, { ...DEFAULT_PREFERENCES, language: 'fr', rtl: { en: false, fr: true, ar: true } });
    expect(storage.getItem('backoffice-language')).toBe('"fr"');
    expect(storage.getItem('backoffice-rtl-fr')).toBe('true');
    const read = readPreferences(storage);
    expect(read.language).toBe('fr');
    expect(isRtl(read)).toBe(true);
  });

  it('writes every SPEC 3 key under the app title', () => {
    const storage = new FakeStorage();
    writePreferences(storage, DEFAULT_PREFERENCES);
    for (const key of [
      'isNavbarBlurEnabled',
      'isVerticalNavCollapsed',
      'appContentWidth',
      'theme',
      'layout',
      'navbarType',
      'lightThemePrimaryColor',
      'lightThemePrimaryDarkenColor',
      'darkThemePrimaryColor',
      'darkThemePrimaryDarkenColor',
      'language',
      'skin',
      'rtl-en',
      'rtl-fr',
      'rtl-ar',
    ]) {
      expect(storage.getItem(`backoffice-${key}`), key).not.toBeNull();
    }
  });

  it('is right-to-left for Arabic only', () => {
    expect(isRtl(DEFAULT_PREFERENCES)).toBe(false);
    expect(isRtl({ ...DEFAULT_PREFERENCES, language: 'ar' })).toBe(true);
  });
});
