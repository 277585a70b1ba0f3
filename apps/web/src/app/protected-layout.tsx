import { findRole } from '@backoffice/shared';
import { Outlet, useNavigate } from 'react-router';
import { DefaultLayout } from '../components/layouts/default-layout';
import { BUILD_ID, COUNTRY } from '../config/env';
import { logout } from '../features/auth/api/logout';
import { useVersionCheck } from '../features/version-check/hooks/use-version-check';
import { useSession } from '../lib/session';
import { RequireSession } from './guards';
import { useNavItems } from './nav-items';

function Shell() {
  const session = useSession();
  const navigate = useNavigate();
  const navItems = useNavItems();
  useVersionCheck();
  const user = { name: session?.name ?? '', roleLabel: (session && findRole(COUNTRY, session.role)?.label) ?? '' };
  return (
    <DefaultLayout
      navItems={navItems}
      user={user}
      country={COUNTRY}
      buildId={BUILD_ID}
      onLogout={async () => {
        await logout();
        navigate('/login', { replace: true });
      }}
    >
      <Outlet />
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
