import { MESSAGES } from '@backoffice/shared';
import { useLocation } from 'react-router';
import { ErrorPage } from '../../components/error-page';

/** SPEC 2/8: an unknown path is a 404 'Page not found: {path}'. */
export default function NotFoundRoute() {
  const { pathname } = useLocation();
  return <ErrorPage statusCode={404} statusMessage={MESSAGES.pageNotFound(pathname)} />;
}
