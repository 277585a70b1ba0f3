import { OVERLAY_FIRST_SWITCH_DELAY_MS, OVERLAY_NAV_BREAKPOINT_PX } from '@backoffice/shared';
import { useMediaQuery } from '@mui/material';
import { useEffect, useRef, useState } from 'react';
import type { Layout } from '../../lib/preferences';

/**
 * SPEC 4: below the overlay breakpoint the navigation is an overlay and the layout is forced vertical; the
 * first forced switch waits 500 ms, later ones are immediate.
 */
export function useLayoutMode(preferred: Layout): { overlay: boolean; layout: Layout } {
  const overlay = useMediaQuery(`(max-width:${OVERLAY_NAV_BREAKPOINT_PX - 0.05}px)`, { noSsr: true });
  const [forced, setForced] = useState(false);
  const switchedOnce = useRef(false);

  useEffect(() => {
    if (!overlay) {
      setForced(false);
      return;
    }
    if (switchedOnce.current) {
      setForced(true);
      return;
    }
    const timer = setTimeout(() => {
      switchedOnce.current = true;
      setForced(true);
    }, OVERLAY_FIRST_SWITCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [overlay]);

  return { overlay, layout: forced ? 'vertical' : preferred };
}
