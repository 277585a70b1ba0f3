import { OVERLAY_FIRST_SWITCH_DELAY_MS, OVERLAY_NAV_BREAKPOINT_PX } from '@backoffice/shared';
import { useMediaQuery } from '@mui/material';
import { useEffect, useState } from 'react';
import type { Layout } from '../../lib/preferences';

/**
 * SPEC 4: below the overlay breakpoint the navigation is an overlay and the layout is forced vertical; the
 * first forced switch waits 500 ms, later ones are immediate.
 */
export function useLayoutMode(preferred: Layout): { overlay: boolean; layout: Layout } {
  const overlay = useMediaQuery(`(max-width:${OVERLAY_NAV_BREAKPOINT_PX - 0.05}px)`, { noSsr: true });
  const [firstSwitchDone, setFirstSwitchDone] = useState(false);

  useEffect(() => {
    if (!overlay || firstSwitchDone) return;
    const timer = setTimeout(() => setFirstSwitchDone(true), OVERLAY_FIRST_SWITCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [overlay, firstSwitchDone]);

  return { overlay, layout: overlay && firstSwitchDone ? 'vertical' : preferred };
}
