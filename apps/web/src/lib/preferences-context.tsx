import createCache from '@emotion/cache';
import { CacheProvider } from '@emotion/react';
import { CssBaseline, ThemeProvider, useMediaQuery } from '@mui/material';
import { prefixer } from 'stylis';
import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import {
  COLOR_SCHEME_KEY,
  applyChange,
  isRtl,
  primaryColors,
  readPreferences,
  resolveColorScheme,
  writePreferences,
  type Preferences,
} from './preferences';
import { rtlPlugin } from './rtl';
import { createAppTheme } from './theme';

/** One style cache per direction: the rtl one mirrors MUI's physical properties (see rtl.ts). */
const caches = {
  ltr: createCache({ key: 'mui' }),
  rtl: createCache({ key: 'muirtl', stylisPlugins: [rtlPlugin, prefixer] }),
};

interface PreferencesContextValue {
  preferences: Preferences;
  scheme: 'light' | 'dark';
  update: (change: Partial<Preferences>) => void;
}

const PreferencesContext = createContext<PreferencesContextValue | null>(null);

/** Holds the user's preferences, persists them, and builds the MUI theme from them. */
export function PreferencesProvider({ children }: { children: ReactNode }) {
  const [preferences, setPreferences] = useState(() => readPreferences(localStorage));
  // Follows the browser's preference live when the theme is 'system'.
  const prefersDark = useMediaQuery('(prefers-color-scheme: dark)', { noSsr: true });
  const scheme = resolveColorScheme(preferences.theme, prefersDark);
  const direction = isRtl(preferences) ? 'rtl' : 'ltr';

  useEffect(() => {
    writePreferences(localStorage, preferences);
  }, [preferences]);

  useEffect(() => {
    localStorage.setItem(COLOR_SCHEME_KEY, JSON.stringify(scheme));
    document.documentElement.dataset.colorScheme = scheme;
  }, [scheme]);

  useEffect(() => {
    document.documentElement.dir = direction;
  }, [direction]);

  const update = useCallback((change: Partial<Preferences>) => setPreferences((current) => applyChange(current, change)), []);

  const theme = useMemo(
    () =>
      createAppTheme({
        scheme,
        primary: primaryColors(preferences, scheme),
        direction,
        bordered: preferences.skin === 'bordered',
      }),
    [scheme, preferences, direction],
  );

  const value = useMemo(() => ({ preferences, scheme, update }), [preferences, scheme, update]);
  return (
    <PreferencesContext.Provider value={value}>
      <CacheProvider value={caches[direction]}>
        <ThemeProvider theme={theme}>
          <CssBaseline />
          {children}
        </ThemeProvider>
      </CacheProvider>
    </PreferencesContext.Provider>
  );
}

export function usePreferences(): PreferencesContextValue {
  const value = useContext(PreferencesContext);
  if (!value) throw new Error('usePreferences needs a PreferencesProvider');
  return value;
}
