import { useEffect } from 'react';
import { useNotify } from '../../../components/notifications';
import { BUILD_ID, VERSION_CHECK_INTERVAL_MS } from '../../../config/env';
import { appNotifications } from '../../../lib/app-notifications';
import { getLatestBuild, isNewBuild } from '../api/get-latest-build';
import { say } from '../../../lib/voice';

/**
 * Polls the deployed build every five minutes and when the window regains focus; once another build is
 * out, offers a reload (a persistent notification, and an entry in the navbar's notifications menu).
 * Failures are only logged (SPEC 7).
 */
export function useVersionCheck() {
  const notify = useNotify();
  useEffect(() => {
    let announced = false;
    let inFlight = false;
    const check = async () => {
      if (announced || inFlight) return;
      inFlight = true;
      try {
        if (!isNewBuild(await getLatestBuild(), BUILD_ID)) return;
        announced = true;
        const reload = { label: 'Recargar', onClick: () => window.location.reload() };
        appNotifications.push({
          id: 'new-version',
          title: 'Hay una nueva versión disponible',
          body: say('Recarga la página para usarla.'),
          action: reload,
        });
        notify({ message: 'Hay una nueva versión disponible', color: 'info', timeout: null, action: reload });
      } catch (error) {
        console.warn('No se pudo comprobar la versión', error);
      } finally {
        inFlight = false;
      }
    };
    // check reports its own failures, so the timer and the focus event start it and move on.
    const checkNow = () => void check();
    const timer = setInterval(checkNow, VERSION_CHECK_INTERVAL_MS);
    window.addEventListener('focus', checkNow);
    return () => {
      clearInterval(timer);
      window.removeEventListener('focus', checkNow);
    };
  }, [notify]);
}
