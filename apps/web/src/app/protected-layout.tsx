import { findRole } from '@backoffice/shared';
import { Outlet, useLocation } from 'react-router';
import { DefaultLayout } from '../components/layouts/default-layout';
import { useScrollResetOnNavigate } from '../components/scroll-to-top';
import { BUILD_ID, COUNTRY } from '../config/env';
import { IdleWarning } from '../features/auth/components/idle-warning';
import { CallReminders } from '../features/call-reminders/components/call-reminders';
import { useVersionCheck } from '../features/version-check/hooks/use-version-check';
import { usePrefetchGridSettings } from '../lib/grid-settings';
import { useScreenTitle } from '../hooks/use-page-title';
import { useSession } from '../lib/session';
import { RequireSession } from './guards';
import { useNavItems } from './nav-items';
import { useRealtimeBridge } from './realtime-bridge';
import { SCREENS } from './screens';
import { useSignOut } from './sign-out';

function Shell() {
  const session = useSession();
  const navItems = useNavItems();
  const { pathname } = useLocation();
  useScreenTitle(SCREENS.find((screen) => screen.path === pathname)?.label);
  useVersionCheck();
  useRealtimeBridge();
  usePrefetchGridSettings();
  useScrollResetOnNavigate();
  const user = { name: session?.name ?? '', roleLabel: (session && findRole(COUNTRY, session.role)?.label) ?? '' };
  const signOut = useSignOut();
  return (
    <DefaultLayout navItems={navItems} user={user} country={COUNTRY} buildId={BUILD_ID} onLogout={signOut}>
      <Outlet />
      {/* SPEC 2: the call reminder lives at the root of the app (it polls only for sellers). */}
      <CallReminders onUnauthorized={signOut} />
      <IdleWarning />
    </DefaultLayout>
  );
}

/** Every route but /login, /unauthorized and the 404 page: signed in, inside the default layout. */
export default function ProtectedLayout() {
  return (
    <RequireSession>
      <Shell />
    </RequireSession>
  );
}
