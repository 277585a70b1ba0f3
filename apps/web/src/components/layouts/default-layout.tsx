import { AppBar, Box, Fab, IconButton, Toolbar, Tooltip } from '@mui/material';
import { alpha } from '@mui/material/styles';
import {
  IconAdjustmentsHorizontal,
  IconLayoutSidebarLeftCollapse,
  IconLayoutSidebarLeftExpand,
  IconMenu2,
  IconSearch,
} from '@tabler/icons-react';
import { useEffect, useState, type ReactNode } from 'react';
import { usePreferences } from '../../lib/preferences-context';
import { ScrollToTop } from '../scroll-to-top';
import { Customizer } from './customizer';
import { Footer } from './footer';
import { HorizontalNav } from './horizontal-nav';
import { NotificationsMenu, ShortcutsMenu, ThemeSwitcher, UserMenu } from './navbar-menus';
import { SearchDialog } from './search-dialog';
import type { LayoutUser, NavItem } from './types';
import { useLayoutMode } from './use-layout-mode';
import { VerticalNav } from './vertical-nav';
import { OfflineBanner } from '../list-state';

/** Boxed content width (Vuexy-like templates use 1440 px); 'wide' lets the content fill the screen. */
export const BOXED_MAX_WIDTH = 1440;

const CONTENT_ID = 'contenido';

/**
 * The first Tab stop of every screen, shown only when focused: it moves the focus past the navigation and
 * the navbar to the screen itself (on /leads, the filters are the next stop rather than the 28th).
 * The focus moves without a '#contenido' in the URL, which copied links would carry.
 */
function SkipToContent() {
  return (
    <Box
      component="a"
      href={`#${CONTENT_ID}`}
      onClick={(event) => {
        event.preventDefault();
        document.getElementById(CONTENT_ID)?.focus();
      }}
      sx={{
        position: 'fixed',
        insetInlineStart: 8,
        top: 8,
        zIndex: (theme) => theme.zIndex.tooltip + 1,
        px: 2,
        py: 1,
        borderRadius: 1,
        bgcolor: 'primary.main',
        color: 'primary.contrastText',
        transform: 'translateY(-200%)',
        '&:focus': { transform: 'none' },
      }}
    >
      Saltar al contenido
    </Box>
  );
}

interface DefaultLayoutProps {
  navItems: NavItem[];
  user: LayoutUser;
  onLogout: () => void;
  country: string;
  buildId: string;
  children: ReactNode;
}

/** SPEC 2/4: navbar (search, shortcuts, notifications, theme, profile), vertical or horizontal nav, footer. */
export function DefaultLayout({ navItems, user, onLogout, country, buildId, children }: DefaultLayoutProps) {
  const { preferences, update } = usePreferences();
  const { overlay, layout } = useLayoutMode(preferences.layout);
  const [navOpen, setNavOpen] = useState(false);
  const [searchOpen, setSearchOpen] = useState(false);
  const [customizerOpen, setCustomizerOpen] = useState(false);
  const vertical = layout === 'vertical';
  const collapsed = vertical && !overlay && preferences.isVerticalNavCollapsed;

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if ((event.ctrlKey || event.metaKey) && event.key.toLowerCase() === 'k') {
        event.preventDefault();
        setSearchOpen(true);
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  const navbarHidden = preferences.navbarType === 'hidden';
  const blur = preferences.isNavbarBlurEnabled;
  const boxed = preferences.appContentWidth === 'boxed';
  const contentBox = { width: '100%', maxWidth: boxed ? BOXED_MAX_WIDTH : 'none', mx: 'auto' } as const;

  return (
    <Box sx={{ display: 'flex', minHeight: '100vh' }} data-layout={layout} data-overlay={overlay ? 'true' : 'false'}>
      <SkipToContent />
      {vertical && (
        <VerticalNav items={navItems} overlay={overlay} collapsed={collapsed} open={navOpen} onClose={() => setNavOpen(false)} />
      )}
      <Box sx={{ flexGrow: 1, minWidth: 0, display: 'flex', flexDirection: 'column' }}>
        <AppBar
          position={navbarHidden ? 'static' : 'sticky'}
          color="inherit"
          elevation={0}
          data-testid="navbar"
          sx={{
            display: navbarHidden ? 'none' : undefined,
            bgcolor: (theme) => (blur ? alpha(theme.palette.background.default, 0.8) : theme.palette.background.default),
            backdropFilter: blur ? 'blur(8px)' : undefined,
          }}
        >
          <Box sx={contentBox}>
            <Toolbar sx={{ gap: 0.5, px: { xs: 2, sm: 3 } }}>
              {vertical && overlay && (
                <IconButton aria-label="Abrir navegación" edge="start" onClick={() => setNavOpen(true)}>
                  <IconMenu2 size={22} />
                </IconButton>
              )}
              {vertical && !overlay && (
                <Tooltip title={collapsed ? 'Expandir navegación' : 'Contraer navegación'}>
                  <IconButton
                    aria-label={collapsed ? 'Expandir navegación' : 'Contraer navegación'}
                    edge="start"
                    onClick={() => update({ isVerticalNavCollapsed: !preferences.isVerticalNavCollapsed })}
                  >
                    {collapsed ? <IconLayoutSidebarLeftExpand size={22} /> : <IconLayoutSidebarLeftCollapse size={22} />}
                  </IconButton>
                </Tooltip>
              )}
              <Box
                component="button"
                type="button"
                // The name holds the text shown (WCAG 2.5.3: a voice user says what they see).
                aria-label="Buscar (Ctrl+K)"
                aria-keyshortcuts="Control+K"
                onClick={() => setSearchOpen(true)}
                sx={{
                  display: 'flex',
                  alignItems: 'center',
                  gap: 1,
                  border: 0,
                  bgcolor: 'transparent',
                  color: 'text.secondary',
                  cursor: 'pointer',
                  font: 'inherit',
                  px: 1,
                }}
              >
                <IconSearch size={20} />
                <Box component="span" sx={{ display: { xs: 'none', sm: 'inline' } }}>
                  Buscar (Ctrl+K)
                </Box>
              </Box>
              <Box sx={{ flexGrow: 1 }} />
              <ShortcutsMenu items={navItems} />
              <NotificationsMenu />
              <ThemeSwitcher mode={preferences.theme} onChange={(theme) => update({ theme })} />
              <Tooltip title="Personalizar">
                <IconButton aria-label="Personalizar" onClick={() => setCustomizerOpen(true)}>
                  <IconAdjustmentsHorizontal size={22} />
                </IconButton>
              </Tooltip>
              <UserMenu user={user} onLogout={onLogout} />
            </Toolbar>
          </Box>
          {!vertical && <HorizontalNav items={navItems} />}
        </AppBar>
        <Box
          component="main"
          id={CONTENT_ID}
          tabIndex={-1}
          data-content-width={preferences.appContentWidth}
          sx={{
            ...contentBox,
            flexGrow: 1,
            px: { xs: 2, sm: 3 },
            py: 3,
            pt: navbarHidden && overlay ? 9 : 3,
            '&:focus': { outline: 'none' },
          }}
        >
          <OfflineBanner />
          {children}
        </Box>
        <Box sx={contentBox}>
          <Footer country={country} buildId={buildId} />
        </Box>
      </Box>
      <SearchDialog open={searchOpen} onClose={() => setSearchOpen(false)} items={navItems} />
      <Customizer open={customizerOpen} onClose={() => setCustomizerOpen(false)} preferences={preferences} update={update} />
      {navbarHidden && vertical && overlay && (
        // With the navbar hidden its hamburger is gone: the overlay navigation opens from a floating button.
        <Fab
          size="small"
          aria-label="Abrir navegación"
          onClick={() => setNavOpen(true)}
          sx={{ position: 'fixed', insetInlineStart: 16, top: 16, zIndex: (theme) => theme.zIndex.speedDial }}
        >
          <IconMenu2 size={20} />
        </Fab>
      )}
      {navbarHidden && (
        // With the navbar hidden its buttons are gone: the customizer stays reachable from the screen's edge.
        <Tooltip title="Personalizar" placement="left">
          <Fab
            size="small"
            color="primary"
            aria-label="Personalizar"
            onClick={() => setCustomizerOpen(true)}
            sx={{ position: 'fixed', insetInlineEnd: 16, top: '40%', zIndex: (theme) => theme.zIndex.speedDial }}
          >
            <IconAdjustmentsHorizontal size={20} />
          </Fab>
        </Tooltip>
      )}
      <ScrollToTop />
    </Box>
  );
}
