import { buildInfoSchema } from '@backoffice/shared';
import { useEffect } from 'react';
import { useNotify } from '../../../components/notifications';
import { BUILD_ID, VERSION_CHECK_INTERVAL_MS } from '../../../config/env';
import { appNotifications } from '../../../lib/app-notifications';

export async function fetchLatestBuildId(fetcher: typeof fetch = fetch): Promise<string | null> {
  const response = await fetcher(`/builds/latest.json?t=${Date.now()}`, { cache: 'no-store' });
  if (!response.ok) return null;
  const parsed = buildInfoSchema.safeParse(await response.json());
  return parsed.success ? parsed.data.id : null;
}

/** Polls the deployed build's id and offers a reload once a newer one is out. Failures are only logged. */
export function useVersionCheck() {
  const notify = useNotify();
  useEffect(() => {
    let announced = false;
    const check = async () => {
      if (announced) return;
      try {
        const latest = await fetchLatestBuildId();
        if (!latest || latest === BUILD_ID) return;
        announced = true;
        const reload = { label: 'Recargar', onClick: () => window.location.reload() };
        appNotifications.push({ id: 'new-version', title: 'Hay una nueva versión disponible', body: 'Recargá para usarla.', action: reload });
        notify({ message: 'Hay una nueva versión disponible', color: 'info', timeout: null, action: reload });
      } catch (error) {
        console.warn('No se pudo comprobar la versión', error);
      }
    };
    const timer = setInterval(check, VERSION_CHECK_INTERVAL_MS);
    window.addEventListener('focus', check);
    return () => {
      clearInterval(timer);
      window.removeEventListener('focus', check);
    };
  }, [notify]);
}
