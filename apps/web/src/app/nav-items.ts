import { canAccess } from '@backoffice/shared';
import { useMemo } from 'react';
import type { NavItem } from '../components/layouts/types';
import { COUNTRY } from '../config/env';
import { useSession } from '../lib/session';
import { SCREENS } from './screens';

/** The built screens the signed-in role may open. */
export function useNavItems(): NavItem[] {
  const session = useSession();
  return useMemo(
    () =>
      session
        ? SCREENS.filter((s) => s.inNav && canAccess(s.screen, COUNTRY, session.role)).map(({ path, label, icon }) => ({
            path,
            label,
            icon,
          }))
        : [],
    [session],
  );
}
