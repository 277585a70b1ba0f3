import { canAccess, findRole, type Screen } from '@backoffice/shared';
import { useEffect, type ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { LoadingIndicator } from '../components/loading-indicator';
import { COUNTRY } from '../config/env';
import { useUserInfo } from '../features/auth/api/user-info';
import { ApiError } from '../lib/api-client';
import { handleUnauthorized } from '../lib/query-client';
import { sessionStore, useSession } from '../lib/session';

/** Anonymous users go to /login, remembering where they were going. */
export function RequireSession({ children }: { children: ReactNode }) {
  const session = useSession();
  const location = useLocation();
  const userInfo = useUserInfo(!!session);

  useEffect(() => {
    const error = userInfo.error;
    if (!error) return;
    if (error instanceof ApiError && error.status === 401) {
      // SPEC 6: the server no longer knows this session. Local data is cleared (handleUnauthorized, also
      // run by the query cache) and, with no session left, the redirect below sends the user to /login.
      handleUnauthorized(error);
    } else {
      // SPEC 8: a failed role check is only logged.
      console.error(error);
    }
  }, [userInfo.error]);

  useEffect(() => {
    // The server's role wins over what local storage says.
    const info = userInfo.data;
    if (info && session && info.role !== session.role && findRole(COUNTRY, info.role)) {
      sessionStore.set({ ...session, role: info.role, name: info.name, neotel_id: info.neotel_id });
    }
  }, [userInfo.data, session]);

  if (!session)
    return <Navigate to="/login" replace state={{ from: location.pathname + location.search, expired: sessionStore.endedByServer() }} />;
  // Until the server has said who this is (a reload), no shell: a held session would otherwise see it flash
  // before being sent away. A failed check (logged above) lets it through.
  if (userInfo.isPending) return <LoadingIndicator loading />;
  // A session held by the server (in this order): the second factor's code, its enrolment a role requires, a
  // password an admin reset. Each form lives outside the shell, whose requests the server would refuse.
  if (userInfo.data?.second_factor_required) return <Navigate to="/second-factor" replace />;
  if (userInfo.data?.second_factor_enrolment_required) return <Navigate to="/second-factor/enrol" replace />;
  if (userInfo.data?.must_change_password) return <Navigate to="/change-password" replace />;
  return children;
}

/** A signed-in role that the route's rule refuses goes to /unauthorized. */
export function RequireAccess({ screen, children }: { screen: Screen; children: ReactNode }) {
  const session = useSession();
  const location = useLocation();
  if (session && !canAccess(screen, COUNTRY, session.role)) {
    return <Navigate to="/unauthorized" replace state={{ from: location.pathname }} />;
  }
  return children;
}
