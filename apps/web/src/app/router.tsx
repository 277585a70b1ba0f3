import { createBrowserRouter } from 'react-router';
import { LoadingIndicator } from '../components/loading-indicator';
import { RequireAccess } from './guards';
import ProtectedLayout from './protected-layout';
import ChangePasswordRoute from './routes/change-password';
import LoginRoute from './routes/login';
import NotFoundRoute from './routes/not-found';
import RouteErrorBoundary from './routes/route-error';
import SecondFactorRoute from './routes/second-factor';
import SecondFactorEnrolRoute from './routes/second-factor-enrol';
import UnauthorizedRoute from './routes/unauthorized';
import VerifyDebtFreeRoute from './routes/verify-debt-free';
import { SCREENS } from './screens';

export const router = createBrowserRouter([
  {
    errorElement: <RouteErrorBoundary />,
    hydrateFallbackElement: <LoadingIndicator loading />,
    children: [
      { path: '/login', element: <LoginRoute /> },
      { path: '/unauthorized', element: <UnauthorizedRoute /> },
      // Outside the shell: a session held to a password change cannot make the shell's requests.
      { path: '/change-password', element: <ChangePasswordRoute /> },
      { path: '/second-factor', element: <SecondFactorRoute /> },
      { path: '/second-factor/enrol', element: <SecondFactorEnrolRoute /> },
      // Public: a certificate's QR code opens it without signing in.
      { path: '/verificar', element: <VerifyDebtFreeRoute /> },
      {
        element: <ProtectedLayout />,
        children: SCREENS.map(({ path, screen, load }) => ({
          path,
          lazy: async () => {
            const { default: Screen } = await load();
            return {
              element: (
                <RequireAccess screen={screen}>
                  <Screen />
                </RequireAccess>
              ),
            };
          },
        })),
      },
      { path: '*', element: <NotFoundRoute /> },
    ],
  },
]);
