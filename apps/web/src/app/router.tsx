import type { ReactNode } from 'react';
import { createBrowserRouter } from 'react-router';
import { LoadingIndicator } from '../components/loading-indicator';
import { useScreenTitle } from '../hooks/use-page-title';
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

function Titled({ title, children }: { title: string; children: ReactNode }) {
  useScreenTitle(title);
  return children;
}

/** A page outside the shell names its tab too, as the shell names its screens from `SCREENS`. */
const titled = (title: string, page: ReactNode) => <Titled title={title}>{page}</Titled>;

export const router = createBrowserRouter([
  {
    errorElement: titled('Error', <RouteErrorBoundary />),
    hydrateFallbackElement: <LoadingIndicator loading />,
    children: [
      { path: '/login', element: titled('Iniciar sesión', <LoginRoute />) },
      { path: '/unauthorized', element: titled('No autorizado', <UnauthorizedRoute />) },
      // Outside the shell: a session held to a password change cannot make the shell's requests.
      { path: '/change-password', element: titled('Cambiar contraseña', <ChangePasswordRoute />) },
      { path: '/second-factor', element: titled('Verificación en dos pasos', <SecondFactorRoute />) },
      { path: '/second-factor/enrol', element: titled('Verificación en dos pasos', <SecondFactorEnrolRoute />) },
      // Public: a certificate's QR code opens it without signing in.
      { path: '/verificar', element: titled('Verificar certificado de libre deuda', <VerifyDebtFreeRoute />) },
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
      { path: '*', element: titled('Página no encontrada', <NotFoundRoute />) },
    ],
  },
]);
