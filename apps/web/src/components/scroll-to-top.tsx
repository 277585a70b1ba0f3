import { SCROLL_TO_TOP_THRESHOLD_PX } from '@backoffice/shared';
import { Fab, Zoom } from '@mui/material';
import { IconArrowUp } from '@tabler/icons-react';
import { useEffect, useLayoutEffect, useState } from 'react';
import { useLocation, useNavigationType } from 'react-router';

/**
 * A screen opened by a link or a redirect starts at its top (the window kept the last screen's scroll: a list
 * opened from the sidebar showed its rows with its title and filters above the fold). Back and forward leave
 * the scroll to the browser; a change of the same screen's filters or page (its query) keeps it.
 */
export function useScrollResetOnNavigate() {
  const { pathname } = useLocation();
  const navigationType = useNavigationType();
  useLayoutEffect(() => {
    if (navigationType !== 'POP') window.scrollTo(0, 0);
    // Only a new screen resets: the navigation type alone changes with every history entry.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [pathname]);
}

/** SPEC 2: appears after scrolling more than 200 px. */
export function ScrollToTop() {
  const [visible, setVisible] = useState(false);
  useEffect(() => {
    const onScroll = () => setVisible(window.scrollY > SCROLL_TO_TOP_THRESHOLD_PX);
    onScroll();
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, []);
  return (
    <Zoom in={visible}>
      <Fab
        color="primary"
        size="small"
        aria-label="Volver arriba"
        onClick={() => window.scrollTo({ top: 0, behavior: 'smooth' })}
        sx={{ position: 'fixed', insetInlineEnd: 24, bottom: 24, zIndex: (theme) => theme.zIndex.speedDial }}
      >
        <IconArrowUp size={20} />
      </Fab>
    </Zoom>
  );
}
